import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Commitments,
  ladderContext,
  ladderPlan,
  priceLadder,
  type Scenario,
  TIER_FACTS,
} from '../../../src/engine';
import { termWindow } from '../../../src/engine/ladder/bands';
import { pricingInputs } from '../../../src/engine/model';
import { planOnLadder, pretrain } from './plan-case';

/** A flat price path and the accounting view: a term's price is the list price, paid as billed. */
function flat(s: Scenario): Scenario {
  return {
    ...s,
    finance: {
      ...s.finance,
      gpuTimePriceDeclineFractionPerYear: 0,
      gpuTimePriceShape: null,
      costView: 'accounting',
    },
  };
}

describe('term commitments on a dated plan start at quarter boundaries and end with the work', () => {
  it('a 12-week run from week 1 over 36 months: 128 GPUs by the month at 30 % off for months 1–3 only, 128 × 730 × 12.5 × 0.7 × 3 ÷ 36 a month', () => {
    // 64 GPUs × 168 h × 12 weeks = 2.76 months of work, all in the first quarter. Whole servers at
    // 100 CNY an hour (12.5 a GPU-hour) held 50 % usefully: 128 GPUs hold the run's 64.
    const run = { ...pretrain, gpuHours: 64 * 168 * 12, deadlineWeek: null };
    const s = flat(planOnLadder(['monthly', 'onDemand'], { monthlyDiscountFraction: 0.3 }, [run]));
    expect([s.rent.priceCnyPerServerHour, s.rent.gpusPerServer, s.rent.utilization, s.horizonMonths]).toEqual(
      [100, 8, 0.5, 36],
    );
    const plan = ladderPlan(s);
    const band = plan.pricing.bands.find((b) => b.id === 'monthly');
    expect(band?.gpus).toBe(128);
    // Held three months of thirty-six, not all thirty-six: 817,600 a month while held.
    expect(band?.part.breakdown.compute).toBeCloseTo((128 * 730 * 12.5 * 0.7 * 3) / 36, 6);
    expect(plan.schedule).toEqual([
      {
        id: 'monthly',
        startMonth: 1,
        endMonth: 3,
        gpus: 128,
        monthlyCashCny: expect.closeTo(128 * 730 * 12.5 * 0.7, 6),
        prepaidCny: 0,
        renewsMonthly: true,
      },
    ]);
  });

  it('a weekly curve is the same every month: a term is held over the whole horizon', () => {
    const run = { ...pretrain, gpuHours: 64 * 168 * 12, deadlineWeek: null };
    const dated = flat(planOnLadder(['monthly', 'onDemand'], {}, [run]));
    const weekly: Scenario = { ...dated, demand: { ...dated.demand, mode: 'weekly' } };
    const c = ladderContext(pricingInputs(weekly));
    expect(c.quarterPeaks).toBeNull();
    expect(termWindow(c, 0)).toEqual({ fromMonth: 1, toMonth: 36 });
  });

  it('on random dated plans: every term starts on a quarter, its window holds all the work above its floor, and its cash over its terms is its cost over the horizon', () => {
    const runArb = fc.record({
      weeks: fc.integer({ min: 1, max: 60 }),
      startWeek: fc.integer({ min: 1, max: 120 }),
      gpus: fc.constantFrom(8, 16, 64, 128),
    });
    let narrower = 0;
    fc.assert(
      fc.property(
        fc.array(runArb, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('reserved3y', 'reserved1y', 'monthly'),
        fc.constantFrom(12, 24, 36, 48),
        fc.integer({ min: 1, max: 40 }),
        (runs, id, horizonMonths, forcedServers) => {
          const s0 = planOnLadder(
            [id, 'onDemand'],
            {},
            runs.map((r, i) => ({
              ...pretrain,
              name: `Run ${i + 1}`,
              gpuHours: r.gpus * 168 * r.weeks,
              gpus: r.gpus,
              startWeek: r.startWeek,
              deadlineWeek: null,
            })),
          );
          const s: Scenario = { ...s0, horizonMonths };
          const c = ladderContext(pricingInputs(s));
          if (c.quarterPeaks === null) throw new Error('a training plan is dated');
          // A commitment forced on the plan, so every case holds a band.
          const band = priceLadder(c, { [id]: forcedServers * 8 } as Commitments).bands[0];
          if (band === undefined) return;
          const w = termWindow(c, band.floorUsable);
          if (w.fromMonth > 1 || w.toMonth < horizonMonths) narrower++;
          expect(w.fromMonth % 3).toBe(1);
          expect(w.toMonth === horizonMonths || w.toMonth % 3 === 0).toBe(true);
          // Every quarter with demand above the floor lies inside the window.
          c.quarterPeaks.forEach((peak, q) => {
            if (peak > band.floorUsable) {
              expect(3 * q + 1).toBeGreaterThanOrEqual(w.fromMonth);
              expect(Math.min(horizonMonths, 3 * q + 3)).toBeLessThanOrEqual(w.toMonth);
            }
          });
          // Paid in full: terms start at the window's first month every T months while within it.
          const T = TIER_FACTS[id].termMonths;
          const starts: number[] = [];
          for (let m = w.fromMonth; m <= w.toMonth; m += T) starts.push(m);
          const gpuMonth = (s.rent.priceCnyPerServerHour / s.rent.gpusPerServer) * 730;
          const d = id === 'monthly' ? s.ladder.monthlyDiscountFraction : s.ladder[`${id}DiscountFraction`];
          const paid = starts.reduce(
            (sum, m) => sum + band.gpus * gpuMonth * (1 - d) * T * pathFactor(s, m),
            0,
          );
          const prepay = c.prepayFactor[id];
          expect(band.part.breakdown.compute * horizonMonths).toBeCloseTo(paid * prepay, 4);
        },
      ),
      { numRuns: 60, seed: 20_261_204 },
    );
    // Not a property of whole horizons only: many windows are shorter than the horizon.
    expect(narrower).toBeGreaterThan(10);
  });
});

/** The GPU-time path's index at month m (a steady decline: (1 − d)^((m − 1) ÷ 12)). */
function pathFactor(s: Scenario, month: number): number {
  return (1 - s.finance.gpuTimePriceDeclineFractionPerYear) ** ((month - 1) / 12);
}
