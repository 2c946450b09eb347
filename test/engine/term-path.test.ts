import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  evaluate,
  pathIndices,
  presetShape,
  presets,
  presetTermShape,
  type Scenario,
  termShapeAfterPreset,
} from '../../src/engine';
import { ladderBudget, ladderPlan } from '../../src/engine/ladder';
import { withPathShift } from '../../src/engine/price-path-flip';
import { arbScenario } from './arbitraries';

// docs/model.md §10 (model v4), separate paths per market: term GPU-time on a path of its own.
vi.setConfig({ testTimeout: 120_000 });

const HOURS_PER_MONTH = 730;

/** The shortage preset's term points by hand: +30 % over months 1–7 (log-linear), then −15 %/yr. */
function shortageTermIndex(m: number): number {
  if (m <= 7) return 1.3 ** ((m - 1) / 6);
  return 1.3 * 0.85 ** ((m - 7) / 12);
}

/** The steady 15 %/yr path by hand. */
function steadyIndex(m: number): number {
  return 0.85 ** ((m - 1) / 12);
}

function average(index: (m: number) => number, H: number): number {
  let sum = 0;
  for (let m = 1; m <= H; m++) sum += index(m);
  return sum / H;
}

/** The steady lab with a reserved hybrid baseline pinned at 256 platform GPUs (no search). */
function reservedLab(termPriceShape: Scenario['finance']['termPriceShape']): Scenario {
  const s = presets.steadyLab as Scenario;
  return {
    ...s,
    hybrid: { ...s.hybrid, baselineMode: 'reserved', baselineGpus: 256 },
    finance: { ...s.finance, termPriceShape },
  };
}

describe('term GPU-time on a path of its own', () => {
  it('terms on a copy of the on-demand path price every way to the bit as terms that follow it (the cash to rounding)', () => {
    const shortage = presetShape('shortage');
    const s0 = presets.largeLab as Scenario;
    const s: Scenario = {
      ...s0,
      hybrid: { ...s0.hybrid, baselineMode: 'reserved' },
      finance: { ...s0.finance, gpuTimePriceShape: shortage, termPriceShape: null },
    };
    const copy: Scenario = { ...s, finance: { ...s.finance, termPriceShape: structuredClone(shortage) } };
    const a = evaluate(s).strategies;
    const b = evaluate(copy).strategies;
    for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const) {
      expect(b[id].monthlyCny).toBe(a[id].monthlyCny);
      expect(b[id].breakdownMonthlyCny).toEqual(a[id].breakdownMonthlyCny);
      // The cash adds the held part on its own path: the same months, to rounding.
      b[id].cashflowCny.forEach((v, m) => {
        expect(Math.abs(v - (a[id].cashflowCny[m] as number))).toBeLessThanOrEqual(1e-9 * Math.abs(v) + 1e-6);
      });
    }
    expect(ladderPlan(copy).monthlyCny).toBe(ladderPlan(s).monthlyCny);
  });

  it('moves only the reservation: its bill is G × 730 h × the platform price × (1 − discount) × the term path’s average', () => {
    const follow = reservedLab(null);
    const own = reservedLab(presetTermShape('shortage'));
    expect(follow.compliance).toBe('none');
    const H = follow.horizonMonths;
    const price = follow.platform.priceCnyPerGpuHour * (1 + follow.platform.premiumFraction);
    const perMonthAtToday = 256 * HOURS_PER_MONTH * price * (1 - follow.hybrid.reservedDiscountFraction);
    const a = evaluate(follow).strategies;
    const b = evaluate(own).strategies;
    // Rent, the platform and self-build read no term price.
    expect(b.rent).toEqual(a.rent);
    expect(b.platform).toEqual(a.platform);
    expect(b.selfBuild).toEqual(a.selfBuild);
    expect(b.hybrid.baselineGpus).toBe(256);
    const expected = perMonthAtToday * (average(shortageTermIndex, H) - average(steadyIndex, H));
    expect(expected).toBeGreaterThan(0);
    expect(b.hybrid.breakdownMonthlyCny.compute - a.hybrid.breakdownMonthlyCny.compute).toBeCloseTo(
      expected,
      4,
    );
    // Nothing else of the hybrid moves: the burst above the baseline is on demand.
    for (const c of ['energy', 'time', 'ops', 'failure', 'iteration'] as const)
      expect(b.hybrid.breakdownMonthlyCny[c]).toBe(a.hybrid.breakdownMonthlyCny[c]);
  });

  it('in cash, the reservation pays each month’s term index: month m moves by the bill at today’s price × (term − on-demand index)', () => {
    const follow = reservedLab(null);
    const own = reservedLab(presetTermShape('shortage'));
    const price = follow.platform.priceCnyPerGpuHour * (1 + follow.platform.premiumFraction);
    const perMonthAtToday = 256 * HOURS_PER_MONTH * price * (1 - follow.hybrid.reservedDiscountFraction);
    const a = evaluate(follow).strategies.hybrid.cashflowCny;
    const b = evaluate(own).strategies.hybrid.cashflowCny;
    for (const m of [1, 4, 7, 12, 24, 36]) {
      const expected = perMonthAtToday * (shortageTermIndex(m) - steadyIndex(m));
      expect((b[m] as number) - (a[m] as number)).toBeCloseTo(expected, 4);
    }
  });

  it('the cash over the horizon moves as the monthly view × H does (cost and cash agree)', () => {
    fc.assert(
      fc.property(arbScenario, (s0) => {
        // A reservation of 64 GPUs pinned, so every run holds one (the search often reserves none).
        const s: Scenario = { ...s0, hybrid: { ...s0.hybrid, baselineMode: 'reserved', baselineGpus: 64 } };
        const own: Scenario = {
          ...s,
          finance: { ...s.finance, termPriceShape: presetTermShape('observed') },
        };
        const follow: Scenario = { ...s, finance: { ...s.finance, termPriceShape: null } };
        const a = evaluate(follow).strategies.hybrid;
        const b = evaluate(own).strategies.hybrid;
        fc.pre(a.eligible);
        expect(b.breakdownMonthlyCny.compute).not.toBe(a.breakdownMonthlyCny.compute);
        const H = s.horizonMonths;
        const cash = (w: typeof a) => w.cashflowCny.slice(1, H + 1).reduce((x, y) => x + y, 0);
        const dMonthly = b.breakdownMonthlyCny.compute - a.breakdownMonthlyCny.compute;
        const scale = Math.max(1, Math.abs(a.monthlyCny) * H);
        expect(Math.abs(cash(b) - cash(a) - dMonthly * H) / scale).toBeLessThan(1e-9);
      }),
      { numRuns: 40 },
    );
  });

  it('a 1-year commitment pays the term index of the month it starts, held for its year', () => {
    const base = presets.steadyLab as Scenario;
    const only: Scenario['ladder']['tiers'] = {
      own: false,
      reserved3y: false,
      reserved1y: true,
      monthly: false,
      platformReserved: false,
      onDemand: true,
      spot: false,
      platformElastic: false,
    };
    const at = (termPriceShape: Scenario['finance']['termPriceShape']) =>
      ladderPlan({
        ...base,
        // Half off, so the band commits on either path (at 25 % the shortage's dearer terms would not).
        ladder: { ...base.ladder, tiers: only, reserved1yDiscountFraction: 0.5 },
        finance: { ...base.finance, termPriceShape },
      }).schedule.filter((r) => r.id === 'reserved1y');
    const follow = at(null);
    const own = at(presetTermShape('shortage'));
    expect(follow.map((r) => r.startMonth)).toEqual([1, 13, 25]);
    expect(own.map((r) => r.startMonth)).toEqual([1, 13, 25]);
    const first = (rows: typeof own) => (rows[0] as (typeof own)[number]).monthlyCashCny;
    for (const row of own)
      expect(row.monthlyCashCny / first(own)).toBeCloseTo(shortageTermIndex(row.startMonth), 12);
    for (const row of follow)
      expect(row.monthlyCashCny / first(follow)).toBeCloseTo(steadyIndex(row.startMonth), 12);
    // Month 1's price per GPU is today's on both paths (the band's size may differ).
    const perGpu = (rows: typeof own) => first(rows) / (rows[0] as (typeof own)[number]).gpus;
    expect(perGpu(own)).toBeCloseTo(perGpu(follow), 9);
  });

  it('a shift of every future price moves the term path too: at −12 % the reservation’s change is 0.88 × what it was', () => {
    const follow = reservedLab(null);
    const own = reservedLab(presetTermShape('shortage'));
    const shifted = withPathShift(own, -0.12);
    expect(shifted.finance.termPriceShape?.points.map((p) => p.index)).toEqual(
      own.finance.termPriceShape?.points.map((p) => p.index * 0.88),
    );
    const compute = (s: Scenario) => evaluate(s).strategies.hybrid.breakdownMonthlyCny.compute;
    // Own term path − terms on demand's path, before and after the shift: the burst cancels.
    const before = compute(own) - compute(follow);
    const after = compute(shifted) - compute(withPathShift(follow, -0.12));
    expect(before).toBeGreaterThan(0);
    expect(after / before).toBeCloseTo(0.88, 9);
  });
  it('in the ladder’s plan by quarter, the platform’s reservation is paid at each month’s term index', () => {
    const base = presets.steadyLab as Scenario;
    const tiers: Scenario['ladder']['tiers'] = {
      own: false,
      reserved3y: false,
      reserved1y: false,
      monthly: false,
      platformReserved: true,
      onDemand: false,
      spot: false,
      platformElastic: true,
    };
    const s: Scenario = {
      ...base,
      ladder: { ...base.ladder, tiers },
      // Half off, so the platform's reservation is taken on the shortage's dearer term prices.
      hybrid: { ...base.hybrid, reservedDiscountFraction: 0.5 },
      finance: { ...base.finance, termPriceShape: presetTermShape('shortage') },
    };
    const plan = ladderPlan(s);
    const band = plan.pricing.bands.find((b) => b.id === 'platformReserved');
    expect(band?.gpus ?? 0).toBeGreaterThan(0);
    const G = band?.gpus ?? 0;
    const price = s.platform.priceCnyPerGpuHour * (1 + s.platform.premiumFraction);
    const atToday = G * HOURS_PER_MONTH * price * (1 - s.hybrid.reservedDiscountFraction);
    const quarters = ladderBudget(s, plan).quarters;
    const sumIndex = (from: number, to: number) => {
      let sum = 0;
      for (let m = from; m <= to; m++) sum += shortageTermIndex(m);
      return sum;
    };
    // The band's other cash (setup, staff, failures) falls with its hours, the same each quarter of a
    // weekly curve: the difference of two quarters is the reservation's bill alone.
    const q = (i: number) => (quarters[i] as (typeof quarters)[number]).commitmentsCny;
    expect(q(2) - q(0)).toBeCloseTo(atToday * (sumIndex(7, 9) - sumIndex(1, 3)), 2);
    expect(q(5) - q(2)).toBeCloseTo(atToday * (sumIndex(16, 18) - sumIndex(7, 9)), 2);
  });
  it('the observed replay’s 1-year terms cost what the cited contracts did beside on-demand prices (below them)', () => {
    const s = presets.steadyLab as Scenario;
    const finance: Scenario['finance'] = {
      ...s.finance,
      gpuTimePriceShape: presetShape('observed'),
      termPriceShape: presetTermShape('observed'),
    };
    const onDemand = pathIndices(finance, 48);
    const term = pathIndices(finance, 48, 'term');
    const at = (xs: number[], m: number) => xs[m - 1] as number;
    // On the replay's calendar (month 1 = June 2023) and base: launch on demand 10 USD, a 1-year term
    // then 10 × (1 − 25 %) = 7.5; Jan 2024 = month 8, Oct 2025 = 29, Mar 2026 = 34.
    expect(at(term, 1)).toBe(1);
    expect(at(term, 8)).toBeCloseTo(2.85 / 7.5, 12);
    expect(at(term, 29)).toBeCloseTo(1.7 / 7.5, 12);
    expect(at(term, 34)).toBeCloseTo(2.35 / 7.5, 12);
    // A commitment pays today's price × index × (1 − 25 %): in USD, the cited price.
    expect(at(term, 34) * 0.75 * 10).toBeCloseTo(2.35, 12);
    // May 2026 (month 36): on demand 2.95, the term still 2.35 — 20 % less, as the sources say.
    expect(at(onDemand, 36) * 10).toBeCloseTo(2.95, 12);
    for (const m of [8, 29, 34, 36, 40]) expect(at(term, m) * 0.75).toBeLessThan(at(onDemand, m));
  });
  it('choosing an on-demand preset sets its term points while terms went with the path, and keeps a term path chosen apart', () => {
    const base = (presets.steadyLab as Scenario).finance;
    const imported = {
      preset: 'imported' as const,
      name: 'terms.csv',
      source: '',
      points: [{ month: 1, index: 1 }],
    };
    // Terms on the on-demand path: the preset's own term points (none for steady and flat).
    expect(termShapeAfterPreset({ ...base, termPriceShape: null }, 'shortage')).toEqual(
      presetTermShape('shortage'),
    );
    expect(termShapeAfterPreset({ ...base, termPriceShape: null }, 'flat')).toBeNull();
    // Terms that came with the shortage preset go with the next preset.
    const onShortage = {
      ...base,
      gpuTimePriceShape: presetShape('shortage'),
      termPriceShape: presetTermShape('shortage'),
    };
    expect(termShapeAfterPreset(onShortage, 'observed')).toEqual(presetTermShape('observed'));
    expect(termShapeAfterPreset(onShortage, 'steady')).toBeNull();
    // A term preset or a file chosen apart stays.
    const chosen = { ...base, termPriceShape: presetTermShape('observed') };
    expect(termShapeAfterPreset(chosen, 'flat')).toEqual(presetTermShape('observed'));
    expect(termShapeAfterPreset({ ...onShortage, termPriceShape: imported }, 'observed')).toEqual(imported);
  });
});
