import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMITTED_TIERS,
  type Commitments,
  evaluate,
  LADDER_TIER_IDS,
  type LadderTierId,
  ladderContext,
  ladderPlan,
  presets,
  priceLadder,
  type Scenario,
  solveLadder,
} from '../../../src/engine';
import { maxStepsOf, stepGpusOf } from '../../../src/engine/ladder/solve';
import { pricingInputs } from '../../../src/engine/model';
import { priceHybridAt } from '../../../src/engine/model/strategies';
import { arbScenario } from '../arbitraries';

const RUNS = { numRuns: 40, seed: 20261204 };

/** The scenario with only `tiers` on. */
function only(s: Scenario, tiers: readonly LadderTierId[]): Scenario {
  const on = Object.fromEntries(
    LADDER_TIER_IDS.map((id) => [id, tiers.includes(id)]),
  ) as Scenario['ladder']['tiers'];
  return { ...s, ladder: { ...s.ladder, tiers: on } };
}

/** `s` with `gpus` one can get on demand. */
function withMarketOf(s: Scenario, gpus: number): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus: gpus } };
}

/** A market no demand reaches: the by-the-hour tiers may hold all they need. */
const ANY_MARKET = 1e12;

/** `s` with a market that holds whatever the by-the-hour tiers need (as the four ways are priced). */
function anyMarket(s: Scenario): Scenario {
  return withMarketOf(s, ANY_MARKET);
}

/**
 * As `only`, with a market that holds it all: the four ways rent and pool as priced, without a cap.
 */
function uncapped(s: Scenario, tiers: readonly LadderTierId[]): Scenario {
  return anyMarket(only(s, tiers));
}

const relClose = (a: number, b: number, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
const notAbove = (a: number, b: number) => a <= b * (1 + 1e-9) + 1e-9;

describe('the commitment ladder (docs/model.md §10)', () => {
  it('own + platform elastic is v3’s owned hybrid, category by category, to the bit, at every baseline', () => {
    fc.assert(
      fc.property(arbScenario, fc.nat(6), (s0, servers) => {
        const s = uncapped({ ...s0, hybrid: { ...s0.hybrid, baselineMode: 'owned' } }, [
          'own',
          'platformElastic',
        ]);
        fc.pre(pricingInputs(s).platformEligible);
        const ref = pricingInputs(s);
        const gpus = servers * s.selfBuild.gpusPerServer;
        const ladder = priceLadder(ladderContext(ref), { own: gpus });
        const hybrid = priceHybridAt(ref, gpus);
        expect(ladder.part.breakdown).toEqual(hybrid.part.breakdown);
        for (const [k, v] of Object.entries(hybrid.part.breakdown))
          expect(Object.is(ladder.part.breakdown[k as keyof typeof hybrid.part.breakdown], v), k).toBe(true);
        expect(Object.is(ladder.part.usefulGpuHours, hybrid.part.usefulGpuHours)).toBe(true);
      }),
      RUNS,
    );
  });

  it('platform reserved + elastic is v3’s reserved hybrid, category by category, to the bit', () => {
    fc.assert(
      fc.property(arbScenario, fc.nat(6), (s0, servers) => {
        const s = uncapped({ ...s0, hybrid: { ...s0.hybrid, baselineMode: 'reserved' } }, [
          'platformReserved',
          'platformElastic',
        ]);
        const ref = pricingInputs(s);
        fc.pre(ref.platformEligible);
        const gpus = servers * s.selfBuild.gpusPerServer;
        const ladder = priceLadder(ladderContext(ref), { platformReserved: gpus });
        const hybrid = priceHybridAt(ref, gpus);
        for (const [k, v] of Object.entries(hybrid.part.breakdown))
          expect(Object.is(ladder.part.breakdown[k as keyof typeof hybrid.part.breakdown], v), k).toBe(true);
      }),
      RUNS,
    );
  });

  it('is never dearer than any eligible single way nor than v3’s hybrid', () => {
    fc.assert(
      fc.property(arbScenario, (s0) => {
        const s = uncapped(s0, ['own', 'onDemand', 'platformReserved', 'platformElastic']);
        const plan = ladderPlan(s);
        const st = evaluate({ ...s, hybrid: { ...s.hybrid, baselineGpus: null } }).strategies;
        // Self-build is the ladder's own tier at its size when it bursts to the platform; rent is on-demand alone.
        for (const id of ['rent', 'platform', 'hybrid'] as const)
          if (st[id].eligible) expect(notAbove(plan.monthlyCny, st[id].monthlyCny), id).toBe(true);
        if (st.platform.eligible && s.selfBuild.capacityGpus <= maxOwnGpus(s))
          expect(notAbove(plan.monthlyCny, st.selfBuild.monthlyCny), 'selfBuild').toBe(true);
      }),
      RUNS,
    );
  });

  // Work no tier may take waits, valued at what the platform would have charged (as v3 values it on
  // premises): a valuation, not a tier the solver may choose, so the property is stated where nothing
  // waits — an uncapped variable tier is on.
  it('adding a tier never raises the cost (an uncapped variable tier on, so nothing waits)', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.subarray([...LADDER_TIER_IDS], { minLength: 1 }),
        fc.constantFrom(...LADDER_TIER_IDS),
        (s0, tiers, extra) => {
          fc.pre(!tiers.includes(extra));
          const s1 = anyMarket(s0);
          const ref = pricingInputs(s1);
          fc.pre(
            (tiers.includes('platformElastic') && ref.platformEligible) ||
              (tiers.includes('onDemand') && ref.rentEligible),
          );
          const without = ladderPlan(only(s1, tiers)).monthlyCny;
          const withIt = ladderPlan(only(s1, [...tiers, extra])).monthlyCny;
          expect(notAbove(withIt, without)).toBe(true);
        },
      ),
      { ...RUNS, numRuns: 30 },
    );
  });

  it('with every discount 0 and no own tier, it is the cheaper of rent and the platform', () => {
    fc.assert(
      fc.property(arbScenario, (s0) => {
        const s: Scenario = {
          ...uncapped(s0, ['reserved3y', 'reserved1y', 'monthly', 'onDemand', 'platformElastic']),
          finance: {
            ...s0.finance,
            gpuTimePriceDeclineFractionPerYear: 0,
            gpuTimePriceShape: null,
            termPriceShape: null,
          },
        };
        const z: Scenario = {
          ...s,
          ladder: {
            ...s.ladder,
            reserved3yDiscountFraction: 0,
            reserved1yDiscountFraction: 0,
            monthlyDiscountFraction: 0,
          },
        };
        const st = evaluate(z).strategies;
        const eligible = [st.rent, st.platform].filter((w) => w.eligible).map((w) => w.monthlyCny);
        fc.pre(eligible.length > 0);
        expect(relClose(ladderPlan(z).monthlyCny, Math.min(...eligible), 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('no commitment outlives its term unpaid: the schedule’s cash over its terms is the band’s cost over the horizon', () => {
    let scheduled = 0;
    for (const horizonMonths of [6, 12, 18, 30, 36, 48]) {
      for (const id of ['reserved1y', 'reserved3y'] as const) {
        for (const prepay of ['none', 'all'] as const) {
          const base = uncapped(
            {
              ...presets.steadyLab!,
              horizonMonths,
              finance: { ...presets.steadyLab!.finance, costView: 'accounting' },
            },
            [id, 'onDemand'],
          );
          const s: Scenario = {
            ...base,
            ladder: { ...base.ladder, prepay: { reserved3y: prepay, reserved1y: prepay } },
          };
          const c = ladderContext(pricingInputs(s));
          const T = id === 'reserved1y' ? 12 : 36;
          // A commitment forced on the plan (the solver might leave a long term out of a short horizon).
          const band = priceLadder(c, { [id]: 64 } as Commitments).bands[0];
          expect(band?.id).toBe(id);
          const terms = Math.ceil(horizonMonths / T);
          // Cash paid over every term in full (monthly and up front) = the band's compute × the horizon.
          const plan = ladderPlan({
            ...s,
            ladder: { ...s.ladder, reserved1yDiscountFraction: 0.9, reserved3yDiscountFraction: 0.9 },
          });
          const rows = plan.schedule.filter((r) => r.id === id);
          if (rows.length > 0) {
            scheduled++;
            expect(rows).toHaveLength(terms);
            const paid = rows.reduce((sum, r) => sum + r.monthlyCashCny * T + r.prepaidCny, 0);
            const forced = plan.pricing.bands.find((b) => b.id === id);
            expect(paid).toBeCloseTo((forced?.part.breakdown.compute ?? Number.NaN) * horizonMonths, 4);
            expect(rows.at(-1)?.endMonth).toBe(terms * T);
            if (prepay === 'all') for (const r of rows) expect(r.monthlyCashCny).toBe(0);
          }
          // With a flat path the held factor is exactly the months paid over the horizon's months.
          const flat = uncapped(
            {
              ...s,
              finance: { ...s.finance, gpuTimePriceDeclineFractionPerYear: 0, gpuTimePriceShape: null },
            },
            [id, 'onDemand'],
          );
          expect(ladderContext(pricingInputs(flat)).termFactor[id]).toBeCloseTo(
            (terms * T) / horizonMonths,
            12,
          );
        }
      }
    }
    // The cash of a commitment was checked at least once (a plan that left every term out checks none).
    expect(scheduled).toBeGreaterThan(0);
  });

  it('under on-premises compliance only the own cluster may serve, and a single tier’s saving is finite', () => {
    const s: Scenario = { ...presets.steadyLab!, compliance: 'onPrem' };
    const plan = ladderPlan(s);
    expect(plan.tiersOn).toEqual(['own']);
    expect(plan.tiersRuledOut).toEqual(LADDER_TIER_IDS.filter((id) => id !== 'own' && s.ladder.tiers[id]));
    for (const r of plan.rungs) expect(Number.isFinite(r.savingCnyPerMonth)).toBe(true);
    // Without the own cluster everything waits, valued at the platform's price: owning saves that much.
    const own = plan.rungs.find((r) => r.id === 'own');
    const waitingAll = ladderPlan(only(s, [])).monthlyCny;
    expect(own?.savingCnyPerMonth).toBeCloseTo(waitingAll - plan.monthlyCny, 6);
  });

  it('with a committed tier on, the by-the-hour tiers hold at most the market and nothing waits beyond it', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.constantFrom(...COMMITTED_TIERS),
        fc.nat({ max: 600 }),
        (s0, committed, market) => {
          // An own cluster serves from month 1 here: the work of its build lead time is rented meanwhile,
          // a draw on the market this cap does not yet count (docs/model.md "One market").
          const built = { ...s0, selfBuild: { ...s0.selfBuild, buildLeadTimeMonths: 0 } };
          const s = withMarketOf(only(built, [committed, 'onDemand', 'spot', 'platformElastic']), market);
          const plan = ladderPlan(s);
          fc.pre(plan.tiersOn.includes(committed));
          // An own cluster whose cost at the margin is above the platform's takes no work (the v3
          // gate, model/self-build.ts): owning more cannot relieve the market then.
          const c = ladderContext(pricingInputs(s));
          const most = priceLadder(c, { [committed]: maxStepsOf(c, committed) * stepGpusOf(c, committed) });
          fc.pre((most.bands[0]?.part.usableGpus ?? 0) > 0);
          expect(plan.pricing.variable.beyondMarketUsefulGpuHours).toBe(0);
          // And the market never makes the plan cheaper than with a market that holds it all.
          expect(notAbove(ladderPlan(anyMarket(s)).monthlyCny, plan.monthlyCny)).toBe(true);
        },
      ),
      { ...RUNS, numRuns: 30 },
    );
  });

  it('with a finite market and a committed tier on, adding a tier never raises the cost nor leaves work beyond it', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.constantFrom(...COMMITTED_TIERS),
        fc.subarray(['onDemand', 'spot', 'platformElastic'] as LadderTierId[], { minLength: 1 }),
        fc.constantFrom(...LADDER_TIER_IDS),
        fc.nat({ max: 600 }),
        (s0, committed, variable, extra, market) => {
          const tiers: LadderTierId[] = [committed, ...variable];
          fc.pre(!tiers.includes(extra));
          const built = { ...s0, selfBuild: { ...s0.selfBuild, buildLeadTimeMonths: 0 } };
          const s1 = withMarketOf(built, market);
          const without = ladderPlan(only(s1, tiers));
          fc.pre(without.pricing.variable.beyondMarketUsefulGpuHours === 0);
          const withIt = ladderPlan(only(s1, [...tiers, extra]));
          expect(withIt.pricing.variable.beyondMarketUsefulGpuHours).toBe(0);
          expect(notAbove(withIt.monthlyCny, without.monthlyCny)).toBe(true);
        },
      ),
      { ...RUNS, numRuns: 30 },
    );
  });

  it('a smaller market never makes the plan cheaper (one committed tier, searched step by step)', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.constantFrom(...COMMITTED_TIERS),
        fc.nat({ max: 400 }),
        fc.nat({ max: 400 }),
        (s0, committed, a, b) => {
          const s = only(s0, [committed, 'onDemand', 'platformElastic']);
          const c = ladderContext(pricingInputs(s));
          fc.pre(c.on.has(committed) && maxStepsOf(c, committed) <= 64);
          const [small, large] = a <= b ? [a, b] : [b, a];
          const tight = ladderPlan(withMarketOf(s, small)).monthlyCny;
          const wide = ladderPlan(withMarketOf(s, large)).monthlyCny;
          expect(notAbove(wide, tight)).toBe(true);
        },
      ),
      { ...RUNS, numRuns: 30 },
    );
  });

  it('the solver agrees with a brute-force search of every combination on small cases', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.subarray([...COMMITTED_TIERS], { minLength: 1, maxLength: 3 }),
        (s0, committed) => {
          const s = only(
            {
              ...s0,
              selfBuild: { ...s0.selfBuild, gpusPerServer: 8 },
              rent: { ...s0.rent, gpusPerServer: 8 },
            },
            [...committed, 'onDemand', 'platformElastic'],
          );
          const c = ladderContext(pricingInputs(s));
          const tiers = COMMITTED_TIERS.filter((id) => c.on.has(id));
          const grids = tiers.map((id) => ({ id, step: stepGpusOf(c, id), max: maxStepsOf(c, id) }));
          fc.pre(grids.reduce((n, g) => n * (g.max + 1), 1) <= 400);
          // Least work beyond the market first, then the lowest cost (one market, docs/model.md §10).
          let best: { beyond: number; cost: number } | null = null;
          const walk = (i: number, m: Commitments) => {
            if (i === grids.length) {
              const p = priceLadder(c, m);
              const here = { beyond: p.variable.beyondMarketUsefulGpuHours, cost: p.monthlyCny };
              const tol = 1e-9 * Math.max(1, here.beyond, best?.beyond ?? 0);
              if (
                best === null ||
                here.beyond < best.beyond - tol ||
                (Math.abs(here.beyond - best.beyond) <= tol && here.cost < best.cost)
              )
                best = here;
              return;
            }
            const g = grids[i] as (typeof grids)[number];
            for (let k = 0; k <= g.max; k++) walk(i + 1, { ...m, [g.id]: k * g.step });
          };
          walk(0, {});
          const found = best as unknown as { beyond: number; cost: number };
          const solved = solveLadder(c);
          expect(relClose(solved.variable.beyondMarketUsefulGpuHours, found.beyond, 1e-9)).toBe(true);
          expect(relClose(solved.monthlyCny, found.cost, 1e-9)).toBe(true);
        },
      ),
      { ...RUNS, numRuns: 60 },
    );
  });
});

/** The largest own cluster the ladder searches: the one whose usable GPUs cover the peak. */
function maxOwnGpus(s: Scenario): number {
  const c = ladderContext(pricingInputs(s));
  return maxStepsOf(c, 'own') * stepGpusOf(c, 'own');
}
