import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine';
import { marketFactorAtMonth } from '../../src/engine/market';
import { makeScenario } from '../factories';

/**
 * Each strategy and category worked by hand (docs/data-sources.md; docs/model.md §2–3, v2).
 * Demand: 20 jobs × 24 h × 8 GPUs held on rented servers at 50 % = 1,920 useful GPU-hours a month,
 * 20 ÷ 1,920 jobs per useful GPU-hour. Engineer: 500,000 CNY/yr = 41,666.67 a month; 250 CNY/h.
 * Team capability 3 (factors 1; own cluster siloed at 45 %). Rent and platform are worked at flat
 * GPU-time prices (decline 0); the price path has tests of its own below.
 */
const FLAT = makeScenario({ finance: { gpuTimePriceDeclineFractionPerYear: 0 } });
const e = evaluate(FLAT);
const MONTHLY_ENGINEER = 500_000 / 12;
const JOBS_PER_USEFUL = 20 / 1_920;

describe('rent (whole servers by the hour)', () => {
  const b = e.strategies.rent.breakdownMonthlyCny;
  it('charges compute for held server-hours: 1,920 ÷ 0.5 = 3,840 GPU-h = 480 server-h × 100 = 48,000', () => {
    expect(b.compute).toBeCloseTo(48_000, 6);
  });
  it('charges setup time per job: 20 × 2 h × (250 engineer + 100 server held) = 14,000', () => {
    expect(b.time).toBeCloseTo(14_000, 6);
  });
  it('charges a quarter of owned staffing: 0.25 × (3,840 ÷ 730 GPUs ÷ 200) × 41,666.67 = 273.97', () => {
    expect(b.ops).toBeCloseTo(0.25 * (3_840 / 730 / 200) * MONTHLY_ENGINEER, 6);
  });
  it('charges failures with manual recovery: (2e-5 × 3,840 + 0.05 × 20) × (100 × (0.5 + 4 + 2) + 8 × 250)', () => {
    expect(b.failure).toBeCloseTo((2e-5 * 3_840 + 1) * (100 * 6.5 + 2_000), 6);
  });
  it('has no energy or iteration cost (both are in the rental price)', () => {
    expect(b.energy).toBe(0);
    expect(b.iteration).toBe(0);
  });
  it('whole-server rounding: a 6-GPU job pays for 8 GPUs', () => {
    const six = evaluate(makeScenario({ ...FLAT, demand: { gpusPerJob: 6 } })).strategies.rent;
    // 20 × 24 h × 6 GPUs × 0.5 = 1,440 useful; held 2,880 GPU-h × 8/6 = 3,840 = 480 server-h.
    expect(six.breakdownMonthlyCny.compute).toBeCloseTo(48_000, 6);
    expect(six.utilization).toBeCloseTo(0.5 * (6 / 8), 12);
  });
});

describe('platform (pooled, per GPU used)', () => {
  const b = e.strategies.platform.breakdownMonthlyCny;
  it('charges compute for 1,920 ÷ 0.75 = 2,560 GPU-h × 12.5 = 32,000', () => {
    expect(b.compute).toBeCloseTo(32_000, 6);
  });
  it('charges 15-minute setups: 20 × 0.25 h × (250 + 8 × 12.5) = 1,750', () => {
    expect(b.time).toBeCloseTo(1_750, 6);
  });
  it('charges 5 % of owned staffing: 0.05 × (2,560 ÷ 730 ÷ 200) × 41,666.67', () => {
    expect(b.ops).toBeCloseTo(0.05 * (2_560 / 730 / 200) * MONTHLY_ENGINEER, 6);
  });
  it('charges failures with automatic resume: (2e-5 × 2,560 + 1) × (100 × (0.5 + 0.1 + 0.2) + 0.75 × 250)', () => {
    expect(b.failure).toBeCloseTo((2e-5 * 2_560 + 1) * (80 + 187.5), 6);
  });
  it('applies the platform premium to every GPU-hour', () => {
    const p = evaluate(makeScenario({ ...FLAT, platform: { premiumFraction: 0.1 } })).strategies.platform;
    expect(p.breakdownMonthlyCny.compute).toBeCloseTo(32_000 * 1.1, 6);
  });
});

describe('market price path of GPU-time (15 %/yr)', () => {
  const path = evaluate(makeScenario());
  // Average of 0.85^((m − 1) / 12) over months 1..36.
  let sum = 0;
  for (let m = 1; m <= 36; m++) sum += 0.85 ** ((m - 1) / 12);
  const average = sum / 36;
  it('bills rent and platform compute at the average of the monthly market prices', () => {
    expect(path.strategies.rent.breakdownMonthlyCny.compute).toBeCloseTo(48_000 * average, 6);
    expect(path.strategies.platform.breakdownMonthlyCny.compute).toBeCloseTo(32_000 * average, 6);
  });
  it('pays month 1 at today’s price and month 13 at 85 % of it', () => {
    const cash = path.strategies.platform.cashflowCny;
    expect(marketFactorAtMonth(0.15, 13)).toBeCloseTo(0.85, 12);
    // What is priced in GPU-time follows the path (compute, GPUs held during setup and failures);
    // engineer time and the staffing share do not.
    const failures = 2e-5 * 2_560 + 1;
    const linked = 32_000 + 20 * 0.25 * 8 * 12.5 + failures * 8 * 12.5 * 0.8;
    const fixed = e.strategies.platform.monthlyCny - linked;
    expect(fixed).toBeCloseTo(
      20 * 0.25 * 250 + failures * 187.5 + e.strategies.platform.breakdownMonthlyCny.ops,
      6,
    );
    expect(cash[1]).toBeCloseTo(fixed + linked, 6);
    expect(cash[13]).toBeCloseTo(fixed + linked * 0.85, 6);
  });
});

describe('self-build (one owned 8-GPU server, siloed at 45 %), accounting view', () => {
  const s = evaluate(makeScenario({ finance: { costView: 'accounting' } })).strategies.selfBuild;
  const b = s.breakdownMonthlyCny;
  const capex = 2_000_000 * (1 + 0.12 + 0.05 + 0.05); // 2,440,000
  const depreciation = (capex * 0.9) / 60; // 36,600
  const compute = depreciation + (capex * 0.04) / 12 + 10.2 * 700; // + 8,133.33 maintenance + 7,140 colocation
  const ownPerGpuHour = compute / 5_840;
  it('pays capex of 2,440,000 at delivery, after the one-month lead time of a single server', () => {
    expect(s.capexCny).toBeCloseTo(capex, 6);
    expect(s.cashflowCny[0]).toBe(0);
    expect(s.cashflowCny[1]! - s.cashflowCny[2]!).toBeGreaterThan(capex - 100_000);
    expect(s.cashflowCny).toHaveLength(37);
  });
  it('charges compute = depreciation 36,600 + maintenance 8,133.33 + colocation 7,140 = 51,873.33', () => {
    expect(b.compute).toBeCloseTo(compute, 6);
  });
  it('charges energy for idle plus busy share: (3 + 5.2 × 1,920/5,840) kW × 1.3 × 730 h × 0.6', () => {
    expect(b.energy).toBeCloseTo((3 + 5.2 * (1_920 / 5_840)) * 1.3 * 730 * 0.6, 6);
  });
  it('charges the minimum staffing of 0.1 engineer: 4,166.67', () => {
    expect(b.ops).toBeCloseTo(0.1 * MONTHLY_ENGINEER, 6);
  });
  it('charges time = 15-minute setups on the GPUs held + one lead-time month on the platform ÷ 36', () => {
    const setup = 20 * 0.25 * (250 + 8 * ownPerGpuHour);
    // One useful GPU-hour on the platform in month 1 (today's price): compute 12.5 ÷ 0.75, setup,
    // 5 % staffing and automatic-recovery failures — cheaper than whole rented servers.
    const platformPerUseful =
      12.5 / 0.75 +
      JOBS_PER_USEFUL * 0.25 * (250 + 8 * 12.5) +
      0.05 * (1 / 0.75 / 730 / 200) * MONTHLY_ENGINEER +
      (2e-5 / 0.75 + 0.05 * JOBS_PER_USEFUL) * (8 * 12.5 * 0.8 + 0.75 * 250);
    expect(b.time).toBeCloseTo(setup + (1_920 * platformPerUseful) / 36, 6);
  });
  it('charges failures on GPU-hours held at 45 % efficiency, at the own cost per GPU-hour plus engineer time', () => {
    const perFailure = 8 * ownPerGpuHour * (0.5 + 6) + 8 * 250;
    expect(b.failure).toBeCloseTo((2e-5 * (1_920 / 0.45) + 1) * perFailure, 6);
  });
  it('charges iteration risk = book − resale value after 3 years ÷ 36 (0.46 − 0.67³ of capex)', () => {
    const book = capex * (1 - 0.9 * (36 / 60));
    const resale = capex * 0.67 ** 3;
    expect(b.iteration).toBeCloseTo((book - resale) / 36, 6);
    expect(s.residualValueCny).toBeGreaterThan(0);
  });
  it('reports utilization as useful hours over owned hours: 1,920 ÷ 5,840', () => {
    expect(s.utilization).toBeCloseTo(1_920 / 5_840, 12);
  });
  it('excludes depreciation, iteration risk and the lead-time line from the monthly cash of service', () => {
    const lead = b.time - 20 * 0.25 * (250 + 8 * ownPerGpuHour);
    expect(s.cashflowCny[2]).toBeCloseTo(s.monthlyCny - depreciation - b.iteration - lead, 6);
  });
});

describe('hybrid', () => {
  it('chooses no owned baseline for the small seed-sized team (all burst = the platform)', () => {
    expect(e.strategies.hybrid.baselineGpus).toBe(0);
    expect(e.strategies.hybrid.monthlyCny).toBeCloseTo(e.strategies.platform.monthlyCny, 9);
  });
  it('with a reserved baseline bills the reserved GPUs every hour at the commitment discount', () => {
    const s = makeScenario({ ...FLAT, hybrid: { baselineMode: 'reserved', baselineGpus: 8 } });
    const h = evaluate(s).strategies.hybrid;
    // 8 GPUs × 730 h × 12.5 × 0.75 = 54,750 reserved; they serve 6 useful GPUs, more than the 2.63 needed.
    expect(h.breakdownMonthlyCny.compute).toBeCloseTo(8 * 730 * 12.5 * 0.75, 6);
    expect(h.burstShare).toBe(0);
  });
});

describe('compliance', () => {
  it('makes rent, platform and hybrid ineligible on premises, with reasons', () => {
    const onPrem = evaluate(makeScenario({ compliance: 'onPrem' }));
    expect(onPrem.strategies.rent).toMatchObject({ eligible: false, ineligibleReason: 'onPremPublicRent' });
    expect(onPrem.strategies.platform).toMatchObject({
      eligible: false,
      ineligibleReason: 'onPremPublicPlatform',
    });
    expect(onPrem.strategies.hybrid).toMatchObject({
      eligible: false,
      ineligibleReason: 'onPremPublicBurst',
    });
    expect(onPrem.strategies.selfBuild.eligible).toBe(true);
    expect(onPrem.recommendation.strategy).toBe('selfBuild');
  });
  it('prices a dedicated platform at its premium and limited pooling', () => {
    const d = evaluate(makeScenario({ ...FLAT, compliance: 'dedicated' })).strategies.platform;
    // 1,920 ÷ min(0.75, 0.6) × 12.5 × 1.2 = 48,000
    expect(d.breakdownMonthlyCny.compute).toBeCloseTo((1_920 / 0.6) * 12.5 * 1.2, 6);
  });
  it('adds the domestic premium to rent and platform prices', () => {
    const d = evaluate(
      makeScenario({ ...FLAT, compliance: 'domestic', complianceCosts: { domesticPremiumFraction: 0.1 } }),
    );
    expect(d.strategies.rent.breakdownMonthlyCny.compute).toBeCloseTo(48_000 * 1.1, 6);
    expect(d.strategies.platform.breakdownMonthlyCny.compute).toBeCloseTo(32_000 * 1.1, 6);
  });
});

describe('team capability', () => {
  it('changes self-build numbers, not just a label', () => {
    const low = evaluate(makeScenario({ teamCapability: 1 })).strategies.selfBuild;
    const high = evaluate(makeScenario({ teamCapability: 5 })).strategies.selfBuild;
    expect(low.breakdownMonthlyCny.ops).toBeCloseTo(0.1 * 1.6 * MONTHLY_ENGINEER, 6);
    expect(high.breakdownMonthlyCny.ops).toBeCloseTo(0.1 * 0.65 * MONTHLY_ENGINEER, 6);
    expect(low.monthlyCny).toBeGreaterThan(high.monthlyCny);
  });
});

describe('cash flow and residual value (accounting view)', () => {
  it('sum of cash flow − resale value = horizon cost, for every strategy, when the cluster runs from day one', () => {
    const now = evaluate(
      makeScenario({ selfBuild: { buildLeadTimeMonths: 0 }, finance: { costView: 'accounting' } }),
    );
    for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const) {
      const r = now.strategies[id];
      const cash = r.cashflowCny.reduce((a, b) => a + b, 0);
      expect(cash - r.residualValueCny).toBeCloseTo(r.horizonCny, 4);
    }
    expect(now.strategies.rent.residualValueCny).toBe(0);
    expect(now.strategies.selfBuild.cashflowCny[0]).toBeCloseTo(2_440_000, 6);
  });

  it('buys the servers again when the horizon outlives their depreciation life, selling the old ones', () => {
    const s = makeScenario({
      horizonMonths: 72,
      selfBuild: { depreciationYears: 3, buildLeadTimeMonths: 0 },
      finance: { costView: 'accounting' },
    });
    const r = evaluate(s).strategies.selfBuild;
    const capex = r.capexCny;
    // Book value after a full 3-year life is the 10 % residual; it sells for min(that, 0.67³ of new).
    const sale = Math.min(capex * 0.1, capex * 0.67 ** 3);
    expect(r.cashflowCny[36]! - r.cashflowCny[35]!).toBeCloseTo(capex - sale, 6);
    const cash = r.cashflowCny.reduce((a, b) => a + b, 0);
    expect(cash - r.residualValueCny).toBeCloseTo(r.horizonCny, 4);
  });
});
