import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COST_CATEGORIES,
  compareHardware,
  evaluate,
  existingCluster,
  presets,
  type Scenario,
  STRATEGY_IDS,
  selfBuildEconomicChargeMonthlyCny,
  sizingCurve,
} from '../../src/engine';
import { makeScenario } from '../factories';
import { arbScenarioWithExisting } from './arbitraries';

/*
 * A cluster the team already owns and the lens it is seen through (docs/model.md §10 "The marginal
 * lens"): its values today and its lines worked out by hand here, and the properties the design lists.
 */

const RUNS = { numRuns: 60, seed: 20261204 };

const relClose = (a: number, b: number, tol = 1e-9) =>
  Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

function withExisting(
  s: Scenario,
  existing: NonNullable<Scenario['existing']>,
  lens: Scenario['finance']['lens'],
  costView: Scenario['finance']['costView'] = s.finance.costView,
): Scenario {
  return { ...s, existing, finance: { ...s.finance, lens, costView } };
}

/** What `servers` servers cost by the self-build's capex rule at a price per server, by hand. */
function capexByHand(s: Scenario, servers: number, pricePerServer: number): number {
  const sb = s.selfBuild;
  return (
    servers * pricePerServer * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
    servers * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw
  );
}

/** Σ over months 1..n of (1 + r)^(−m/12), term by term. */
function annuityByHand(r: number, n: number): number {
  let a = 0;
  for (let m = 1; m <= n; m++) a += (1 + r) ** (-m / 12);
  return a;
}

/** A 36-month horizon, a 5-year life with a 10 % residual, resale down 30 % a year, no price paths. */
function base(): Scenario {
  const s = makeScenario();
  s.horizonMonths = 36;
  s.selfBuild.depreciationYears = 5;
  s.selfBuild.residualFraction = 0.1;
  s.finance.resaleValueDeclineFractionPerYear = 0.3;
  s.finance.discountRateFractionPerYear = 0.08;
  return s;
}

describe('a cluster already owned: its values and lines worked out by hand', () => {
  it('four servers a year old at 2.4 M each, kept through the horizon: B₀, V₀ and each lens’s lines', () => {
    const s0 = base();
    const existing = { servers: 4, ageMonths: 12, pricePaidCnyPerServer: 2_400_000 };
    const P = capexByHand(s0, 4, 2_400_000);
    const B0 = P * (1 - 0.9 * (12 / 60));
    const V0 = Math.min(P * 0.7 ** 1, B0);
    // Kept to age 48 at the horizon's end: book and market then.
    const endBook = P * (1 - 0.9 * (48 / 60));
    const endMarket = Math.min(P * 0.7 ** 4, endBook);

    const marginal = existingCluster(withExisting(s0, existing, 'marginal', 'accounting'))!;
    expect(marginal.paidCny).toBeCloseTo(P, 6);
    expect(marginal.bookNowCny).toBeCloseTo(B0, 6);
    expect(marginal.marketNowCny).toBeCloseTo(V0, 6);
    expect(marginal.writeOffCny).toBeCloseTo(B0 - V0, 6);
    expect(marginal.keep.depreciationCny).toBeCloseTo((V0 - endMarket) / 36, 6);
    expect(marginal.keep.iterationCny).toBe(0);
    expect(marginal.keep.capitalChargeCny).toBe(0);
    expect(marginal.sell).toEqual({ depreciationCny: 0, iterationCny: 0, capitalChargeCny: 0 });
    expect(marginal.keepFlows).toEqual([]);
    expect(marginal.keepEndValueCny).toBeCloseTo(endMarket, 6);
    expect(marginal.maintenanceCny).toBeCloseTo((P * s0.selfBuild.maintenanceFractionPerYear) / 12, 6);

    const full = existingCluster(withExisting(s0, existing, 'full', 'accounting'))!;
    expect(full.keep.depreciationCny).toBeCloseTo((B0 - endBook) / 36, 6);
    expect(full.keep.iterationCny).toBeCloseTo((endBook - endMarket) / 36, 6);
    expect(full.sell.iterationCny).toBeCloseTo((B0 - V0) / 36, 6);

    // The economic view: the level amount at 8 % of the capital's cash less its plain average.
    const a = annuityByHand(0.08, 36);
    const economic = existingCluster(withExisting(s0, existing, 'marginal', 'economic'))!;
    const keepCash = V0 - endMarket / 1.08 ** 3;
    expect(economic.keep.capitalChargeCny).toBeCloseTo(keepCash / a - (V0 - endMarket) / 36, 6);
    const fullEconomic = existingCluster(withExisting(s0, existing, 'full', 'economic'))!;
    expect(fullEconomic.sell.capitalChargeCny).toBeCloseTo((B0 - V0) / a - (B0 - V0) / 36, 6);
    expect(fullEconomic.keep.capitalChargeCny).toBeCloseTo(
      (B0 - endMarket / 1.08 ** 3) / a - (B0 - endMarket) / 36,
      6,
    );
  });

  it('servers four years old are replaced at month 12 at today’s price, the old sold at their age of 60 months', () => {
    const s0 = base();
    const existing = { servers: 4, ageMonths: 48, pricePaidCnyPerServer: 2_400_000 };
    const P = capexByHand(s0, 4, 2_400_000);
    const C = capexByHand(s0, 4, s0.selfBuild.serverPriceCny);
    const B0 = P * (1 - 0.9 * (48 / 60));
    const V0 = Math.min(P * 0.7 ** 4, B0);
    const soldBook = P * 0.1;
    const sale = Math.min(P * 0.7 ** 5, soldBook);
    const endBook = C * (1 - 0.9 * (24 / 60));
    const endMarket = Math.min(C * 0.7 ** 2, endBook);

    const full = existingCluster(withExisting(s0, existing, 'full', 'accounting'))!;
    expect(full.keepFlows).toHaveLength(1);
    expect(full.keepFlows[0]!.month).toBe(12);
    expect(full.keepFlows[0]!.purchaseCny).toBeCloseTo(C, 6);
    expect(full.keepFlows[0]!.saleCny).toBeCloseTo(sale, 6);
    expect(full.keepEndValueCny).toBeCloseTo(endMarket, 6);
    expect(full.keep.depreciationCny).toBeCloseTo((B0 - soldBook + (C - endBook)) / 36, 6);
    expect(full.keep.iterationCny).toBeCloseTo((soldBook - sale + (endBook - endMarket)) / 36, 6);
    const marginal = existingCluster(withExisting(s0, existing, 'marginal', 'accounting'))!;
    expect(marginal.keep.depreciationCny).toBeCloseTo((V0 - sale + (C - endBook)) / 36, 6);
    expect(marginal.keep.iterationCny).toBeCloseTo((endBook - endMarket) / 36, 6);
  });

  it('the ways that sell (rent, the platform, a reserved hybrid baseline) get what the cluster fetches in month 1; keeping pays its replacement and sale in their month', () => {
    const s0 = { ...base(), hybrid: { ...base().hybrid, baselineMode: 'reserved' as const } };
    const existing = { servers: 4, ageMonths: 48, pricePaidCnyPerServer: 2_400_000 };
    const without = evaluate(s0);
    const e = evaluate(withExisting(s0, existing, 'marginal'));
    const V0 = e.existing!.marketNowCny;
    for (const id of ['rent', 'platform', 'hybrid'] as const) {
      const before = without.strategies[id].cashflowCny;
      const after = e.strategies[id].cashflowCny;
      expect(after[1]).toBeCloseTo((before[1] ?? 0) - V0, 4);
      for (let m = 2; m < after.length; m++) expect(after[m]).toBeCloseTo(before[m] ?? 0, 4);
    }
    const flow = e.existing!.keepFlows[0]!;
    const keep = e.strategies.selfBuild.cashflowCny;
    const monthBefore = keep[11]!;
    // Month 12 pays the replacement less the sale on top of the month's running cash.
    expect(keep[12]! - monthBefore).toBeCloseTo(flow.purchaseCny - flow.saleCny, 4);
  });

  it('the preset: 64 H800 servers bought 24 months ago at 2.7 M each, kept and topped up to the peak, or sold', () => {
    const s = presets.ownedH800s!;
    expect(s.existing).toEqual({ servers: 64, ageMonths: 24, pricePaidCnyPerServer: 2_700_000 });
    const e = evaluate(s);
    const P = capexByHand(s, 64, 2_700_000);
    const life = s.selfBuild.depreciationYears * 12;
    expect(e.existing!.bookNowCny).toBeCloseTo(P * (1 - (1 - s.selfBuild.residualFraction) * (24 / life)), 4);
    // The own cluster is the 512 GPUs owned plus new servers to the rule's size, and only those are bought.
    const gpus = Math.max(512, s.selfBuild.capacityGpus);
    expect(e.strategies.selfBuild.baselineGpus).toBe(gpus);
    expect(e.strategies.selfBuild.capexCny).toBeCloseTo(
      capexByHand(s, gpus / 8 - 64, s.selfBuild.serverPriceCny),
      4,
    );
  });
});

describe('the hardware comparison with a cluster already owned', () => {
  it('prices the owned model’s row as the scenario (the servers kept) and every other model as built anew without them', () => {
    const s = presets.ownedH800s!;
    const withIt = compareHardware(s).rows;
    const without = compareHardware({ ...s, existing: null }).rows;
    const own = withIt.find((r) => r.modelId === 'h800')!;
    expect(own.monthlyCny).toBe(evaluate(s).strategies.selfBuild.monthlyCny);
    for (const row of withIt.filter((r) => r.modelId !== 'h800'))
      expect(row.monthlyCny).toBe(without.find((r) => r.modelId === row.modelId)!.monthlyCny);
  });
});

describe('the lens (docs/model.md §10 properties)', () => {
  it('is never mixed and changes no difference between two ways, in either cost view: every way moves by the write-off alone', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, (s) => {
        const m = evaluate({ ...s, finance: { ...s.finance, lens: 'marginal' } });
        const f = evaluate({ ...s, finance: { ...s.finance, lens: 'full' } });
        // The write-off by hand: book less market today on what the cluster cost, over the horizon,
        // and in the economic view its charge — a lump at month 0 as a level amount less its average.
        const e = s.existing!;
        const life = s.selfBuild.depreciationYears * 12;
        const paid = capexByHand(s, e.servers, e.pricePaidCnyPerServer);
        const book = paid * (1 - (1 - s.selfBuild.residualFraction) * Math.min(1, e.ageMonths / life));
        const market = Math.min(
          book,
          paid * (1 - s.finance.resaleValueDeclineFractionPerYear) ** (e.ageMonths / 12),
        );
        const w = book - market;
        const H = s.horizonMonths;
        const r = s.finance.discountRateFractionPerYear;
        const shift = w / H + (s.finance.costView === 'economic' ? w / annuityByHand(r, H) - w / H : 0);
        expect(Math.abs(f.existing!.writeOffCny - w) <= 1e-6 * Math.max(1, w)).toBe(true);
        for (const id of STRATEGY_IDS) {
          if (!m.strategies[id].eligible) continue;
          const moved = f.strategies[id].monthlyCny - m.strategies[id].monthlyCny;
          const scale = Math.max(1, m.strategies[id].monthlyCny, shift);
          expect(Math.abs(moved - shift) <= 1e-7 * scale, `${id}: ${moved} vs ${shift}`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('moves no cash: the cash flow, its NPV and the end value are the same under both lenses (to rounding)', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, (s) => {
        const m = evaluate({ ...s, finance: { ...s.finance, lens: 'marginal' } });
        const f = evaluate({ ...s, finance: { ...s.finance, lens: 'full' } });
        // The running cash is each way's cost less what is not cash, so the lens's lines cancel to the
        // last bits of the subtraction, never more.
        for (const id of STRATEGY_IDS) {
          const a = f.strategies[id];
          const b = m.strategies[id];
          const scale = Math.max(1, ...b.cashflowCny.map(Math.abs), b.monthlyCny);
          a.cashflowCny.forEach((cny, i) => {
            expect(Math.abs(cny - (b.cashflowCny[i] ?? 0)) <= 1e-9 * scale, `${id} month ${i}`).toBe(true);
          });
          expect(Math.abs(a.npvCny - b.npvCny) <= 1e-9 * scale * a.cashflowCny.length).toBe(true);
          expect(a.residualValueCny).toBe(b.residualValueCny);
        }
      }),
      RUNS,
    );
  });

  it('a new cluster owned from month 0 (age 0, bought at today’s price) kept under the full lens is the self-build of that size delivered at once', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, (drawn) => {
        const sb = drawn.selfBuild;
        const servers = drawn.existing!.servers;
        const s: Scenario = {
          ...drawn,
          selfBuild: { ...sb, capacityGpus: servers * sb.gpusPerServer, buildLeadTimeMonths: 0 },
        };
        const owned = withExisting(
          s,
          { servers, ageMonths: 0, pricePaidCnyPerServer: sb.serverPriceCny },
          'full',
        );
        const bought = evaluate({ ...s, existing: null }).strategies.selfBuild;
        const kept = evaluate(owned).strategies.selfBuild;
        expect(kept.capexCny).toBe(0);
        expect(relClose(kept.monthlyCny, bought.monthlyCny, 1e-9)).toBe(true);
        for (const c of COST_CATEGORIES)
          expect(
            relClose(kept.breakdownMonthlyCny[c], bought.breakdownMonthlyCny[c], 1e-9),
            `${c}: ${kept.breakdownMonthlyCny[c]} vs ${bought.breakdownMonthlyCny[c]}`,
          ).toBe(true);
      }),
      RUNS,
    );
  });

  it('a cluster that fetches nothing (V₀ = 0) makes keep’s capital 0 under the marginal lens', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, fc.integer({ min: 1, max: 24 }), (drawn, age) => {
        const life = drawn.selfBuild.depreciationYears * 12;
        const s: Scenario = {
          ...drawn,
          horizonMonths: Math.max(1, Math.min(drawn.horizonMonths, Math.floor(life - age))),
          finance: { ...drawn.finance, lens: 'marginal', resaleValueDeclineFractionPerYear: 1 },
          existing: { ...drawn.existing!, ageMonths: age },
        };
        const ex = existingCluster(s)!;
        expect(ex.marketNowCny).toBe(0);
        expect(ex.keep).toEqual({ depreciationCny: 0, iterationCny: 0, capitalChargeCny: 0 });
      }),
      RUNS,
    );
  });

  it('raising what the cluster cost, and so what it fetches, never makes keeping cheaper against selling (hardware at today’s price)', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, fc.double({ min: 1.01, max: 3, noNaN: true }), (drawn, raise) => {
        const flat = {
          ...drawn,
          finance: { ...drawn.finance, hardwarePriceShape: null, resalePriceShape: null },
        };
        const paid = drawn.existing!.pricePaidCnyPerServer;
        const higher = {
          ...flat,
          existing: { ...drawn.existing!, pricePaidCnyPerServer: Math.min(10_000_000, paid * raise) },
        };
        const lo = evaluate(flat);
        const hi = evaluate(higher);
        expect(hi.existing!.marketNowCny).toBeGreaterThanOrEqual(lo.existing!.marketNowCny);
        for (const sell of ['rent', 'platform'] as const) {
          if (!lo.strategies[sell].eligible) continue;
          const gapLo = lo.strategies.selfBuild.monthlyCny - lo.strategies[sell].monthlyCny;
          const gapHi = hi.strategies.selfBuild.monthlyCny - hi.strategies[sell].monthlyCny;
          expect(gapHi).toBeGreaterThanOrEqual(gapLo - 1e-7 * Math.max(1, Math.abs(gapLo)));
        }
      }),
      RUNS,
    );
  });

  it('the accounting view says what the economic view would charge self-build: its own capex and the cluster kept', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, (s) => {
        const accounting = { ...s, finance: { ...s.finance, costView: 'accounting' as const } };
        const economic = evaluate({ ...s, finance: { ...s.finance, costView: 'economic' as const } });
        const said = selfBuildEconomicChargeMonthlyCny(
          accounting,
          evaluate(accounting).strategies.selfBuild.capexCny,
        );
        expect(relClose(said, economic.strategies.selfBuild.capitalChargeMonthlyCny, 1e-9)).toBe(true);
      }),
      RUNS,
    );
  });

  it('every figure is finite and the six categories sum to each way’s total', () => {
    fc.assert(
      fc.property(arbScenarioWithExisting, (s) => {
        const e = evaluate(s);
        for (const id of STRATEGY_IDS) {
          const r = e.strategies[id];
          const numbers = [r.monthlyCny, r.npvCny, r.residualValueCny, ...r.cashflowCny];
          expect(numbers.filter((x) => !Number.isFinite(x))).toEqual([]);
          const sum = COST_CATEGORIES.reduce((acc, c) => acc + r.breakdownMonthlyCny[c], 0);
          expect(relClose(sum, r.monthlyCny, 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});

describe('the sizing curve with a cluster already owned', () => {
  it('starts at the servers owned (no smaller size can be chosen) and keeps the right size and the current size on it', () => {
    const s = presets.ownedH800s!;
    const curve = sizingCurve(s);
    expect(curve.points[0]!.ownedGpus).toBe(512);
    expect(curve.points.every((p) => p.ownedGpus >= 512)).toBe(true);
    expect(curve.points.some((p) => p.ownedGpus === curve.optimumGpus)).toBe(true);
    expect(curve.points.some((p) => p.ownedGpus === curve.currentGpus)).toBe(true);
  });
});
