import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetPlan,
  defaultScenario,
  evaluate,
  ladderBudget,
  ladderPlan,
  ladderPlanWithBudget,
  presets,
  type Scenario,
} from '../../../src/engine';
import type { PartCost } from '../../../src/engine/model/part';
import { handCase } from './hand-case';
import { growingPlan } from './plan-case';

/** A part's cash a month: every category less what is not cash (depreciation, capital) and the lead-time line. */
function cashOf(part: PartCost): number {
  const b = part.breakdown;
  return b.compute + b.energy + b.time + b.ops + b.failure + b.iteration - part.nonCashCny - part.leadTimeCny;
}

/** The hand case with an own cluster at the default server price and renting dear: the plan owns. */
function owningCase(): Scenario {
  const h = handCase(['own', 'onDemand']);
  return {
    ...h,
    horizonMonths: 36,
    selfBuild: defaultScenario.selfBuild,
    rent: { ...h.rent, priceCnyPerServerHour: 400 },
  };
}

describe('the ladder’s plan by quarter, one plan with the buy-N plan', () => {
  it('the hand case: 80 GPUs reserved for a year at 547,500 a month, on demand 365,000 a month — 2,737,500 a quarter', () => {
    const s = handCase(['reserved1y', 'onDemand']);
    const plan = ladderPlan(s);
    const budget = ladderBudget(s, plan);
    expect(budget.ownedGpus).toBe(0);
    expect(budget.quarters.map((q) => [q.fromMonth, q.toMonth])).toEqual([
      [0, 3],
      [4, 6],
      [7, 9],
      [10, 12],
    ]);
    for (const q of budget.quarters) {
      expect(q.commitmentsCny).toBeCloseTo(3 * 80 * 730 * 12.5 * 0.75, 4);
      expect(q.variableCny).toBeCloseTo(3 * ((40 * 0.5 * 730) / 0.5) * 12.5, 4);
      expect(q.ownCapexCny + q.ownResaleCny + q.ownRunRateCny).toBe(0);
      expect(q.totalCny).toBeCloseTo(3 * 912_500, 4);
    }
    expect(budget.total.totalCny).toBeCloseTo(12 * 912_500, 3);
    expect(budget.afterHorizonCny).toBe(0);
  });

  it('the growing plan: the monthly term’s cash quarter by quarter is 64, 192, then 64 GPUs × 730 × 12.5 × 0.7 × each month’s index', () => {
    // Without setup, staff or failures, a term's cash is its compute alone.
    const g = growingPlan();
    const s: Scenario = {
      ...g,
      operations: {
        ...g.operations,
        setupHoursRent: 0,
        rentOpsFraction: 0,
        swFailureProbabilityPerJob: 0,
        engineerHoursPerFailureManual: 0,
      },
      calibration: { ...g.calibration, rentSetupCnyPerJob: null, rentCostPerFailureCny: null },
    };
    const plan = ladderPlan(s);
    const band = plan.pricing.bands.find((b) => b.id === 'monthly');
    expect([band?.part.breakdown.time, band?.part.breakdown.ops, band?.part.breakdown.failure]).toEqual([
      0, 0, 0,
    ]);
    const budget = ladderBudget(s, plan);
    const gpusAt = (m: number) => (m <= 6 ? 64 : m <= 21 ? 192 : 64);
    budget.quarters.forEach((q) => {
      let cash = 0;
      for (let m = Math.max(1, q.fromMonth); m <= q.toMonth; m++)
        cash += gpusAt(m) * 730 * 12.5 * 0.7 * 0.85 ** ((m - 1) / 12);
      expect(q.commitmentsCny).toBeCloseTo(cash, 4);
    });
  });

  it('a 3-year term over 24 months: its last 12 months are paid after the horizon, not lost', () => {
    const s0 = handCase(['reserved3y', 'onDemand']);
    const s: Scenario = {
      ...s0,
      horizonMonths: 24,
      ladder: { ...s0.ladder, reserved3yDiscountFraction: 0.6 },
    };
    const plan = ladderPlan(s);
    const row = plan.schedule.find((r) => r.id === 'reserved3y');
    expect(row).toBeDefined();
    const budget = ladderBudget(s, plan);
    expect(budget.afterHorizonCny).toBeCloseTo((row?.monthlyCashCny ?? 0) * 12, 4);
    expect(budget.total.commitmentsCny).toBeCloseTo(
      (row?.monthlyCashCny ?? 0) * 24 + (row?.prepaidCny ?? 0),
      4,
    );
  });

  it('owns what the buy-N plan of the ladder’s own GPUs budgets, quarter by quarter', () => {
    const s = owningCase();
    const plan = ladderPlan(s);
    const own = plan.pricing.bands.find((b) => b.id === 'own')?.gpus ?? 0;
    expect(own).toBeGreaterThan(0);
    const budget = ladderBudget(s, plan);
    const buyN = budgetPlan(s, own);
    expect(budget.ownedGpus).toBe(own);
    // Bought once within 36 months of a 5-year life: the servers and the network, storage and fit-out on them.
    const sb = s.selfBuild;
    expect(sb.depreciationYears * 12).toBeGreaterThan(36);
    expect(budget.total.ownCapexCny).toBeCloseTo(
      (own / sb.gpusPerServer) *
        sb.serverPriceCny *
        (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction),
      2,
    );
    // The schedule says the hardware is paid in the month the budget pays it: at delivery.
    const ownRow = plan.schedule.find((r) => r.id === 'own');
    expect(ownRow?.paidMonth).toBe(buyN.capexMonth);
    expect(ownRow?.paidMonth).toBe(Math.round(evaluate(s).buildLeadTimeMonths));
    budget.quarters.forEach((q, i) => {
      expect(q.ownCapexCny).toBe(buyN.quarters[i]?.capexCny);
      expect(q.ownRunRateCny).toBe(buyN.quarters[i]?.runRateCny);
    });
  });

  it('on random scenarios the quarters add up: the schedule’s cash and prepayments (less what falls after the horizon), the variable tiers’ running cash × the horizon, and the own cluster’s budget', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(12, 24, 36, 60),
        fc.constantFrom(0.15, 0, -0.2),
        fc.constantFrom('growing', 'seed', 'owning'),
        (horizonMonths, decline, which) => {
          const base =
            which === 'growing' ? growingPlan() : which === 'owning' ? owningCase() : defaultScenario;
          const s: Scenario = {
            ...base,
            horizonMonths,
            finance: {
              ...base.finance,
              gpuTimePriceDeclineFractionPerYear: decline,
              gpuTimePriceShape: null,
            },
          };
          const p = ladderPlan(s);
          const b = ladderBudget(s, p);
          let scheduled = 0;
          for (const r of p.schedule) {
            if (r.id === 'own') continue;
            scheduled += r.monthlyCashCny * (r.endMonth - r.startMonth + 1) + r.prepaidCny;
          }
          // The commitments: their schedule's cash, and what else each band costs in cash (setup, staff,
          // failures of the hours it serves) over the horizon.
          let bandsOther = 0;
          for (const band of p.pricing.bands)
            if (band.id !== 'own') bandsOther += cashOf(band.part) - band.part.breakdown.compute;
          expect(b.total.commitmentsCny + b.afterHorizonCny).toBeCloseTo(
            scheduled + bandsOther * horizonMonths,
            2,
          );
          // Without an own cluster the budget is the plan's running cash over the horizon, every part of it.
          if (b.ownedGpus === 0) {
            const parts = [
              ...p.pricing.bands.map((x) => x.part),
              ...p.pricing.variable.tiers.map((x) => x.part),
            ];
            const running = parts.reduce((sum, part) => sum + cashOf(part), 0);
            expect(b.total.totalCny + b.afterHorizonCny).toBeCloseTo(running * horizonMonths, 2);
          }
          const variable = p.pricing.variable.tiers.reduce((sum, t) => sum + cashOf(t.part), 0);
          expect(b.total.variableCny).toBeCloseTo(variable * horizonMonths, 2);
          // The own cluster's columns are the buy-N plan's of its GPUs.
          const own = b.ownedGpus > 0 ? budgetPlan(s, b.ownedGpus).total : null;
          expect(b.total.ownCapexCny + b.total.ownResaleCny + b.total.ownRunRateCny).toBeCloseTo(
            own === null ? 0 : own.capexCny + own.resaleCny + own.runRateCny,
            2,
          );
          const sum = b.quarters.reduce((a, q) => a + q.totalCny, 0);
          expect(b.total.totalCny).toBeCloseTo(sum, 2);
        },
      ),
      { numRuns: 16, seed: 20_261_204 },
    );
  });
});

describe('the ladder’s budget with a cluster already owned', () => {
  it('a plan without an own band sells it: what it fetches today is money in, in the first quarter', () => {
    const s = presets.ownedH800s as Scenario;
    const p = ladderPlanWithBudget(s);
    expect(p.pricing.bands.some((b) => b.id === 'own')).toBe(false);
    const sale = evaluate(s).existing!.marketNowCny;
    expect(p.budget.quarters[0]!.ownResaleCny).toBeCloseTo(-sale, 2);
    expect(p.budget.quarters.slice(1).every((q) => q.ownResaleCny === 0)).toBe(true);
  });
});
