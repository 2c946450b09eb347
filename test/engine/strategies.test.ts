import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine';
import { makeScenario } from '../factories';

/**
 * Each strategy and category on the defaults (shared/data/defaults.md), worked by hand.
 * Demand: 20 jobs × 24 h × 8 GPUs held on rented servers at 50 % utilization = 1,920 useful GPU-hours.
 * Engineer: 500,000 CNY/yr = 41,666.67 a month; 250 CNY/h. Team capability 3 (factors 1, cap 85 %).
 */
const e = evaluate(makeScenario());
const MONTHLY_ENGINEER = 500_000 / 12;

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
    // 1.0768 failures × 2,650 CNY = 2,853.52
    expect(b.failure).toBeCloseTo((2e-5 * 3_840 + 1) * (100 * 6.5 + 2_000), 6);
  });
  it('has no energy or iteration cost (both are in the rental price)', () => {
    expect(b.energy).toBe(0);
    expect(b.iteration).toBe(0);
  });
  it('whole-server rounding: a 6-GPU job pays for 8 GPUs', () => {
    const six = evaluate(makeScenario({ demand: { gpusPerJob: 6 } })).strategies.rent;
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
    const p = evaluate(makeScenario({ platform: { premiumFraction: 0.1 } })).strategies.platform;
    expect(p.breakdownMonthlyCny.compute).toBeCloseTo(32_000 * 1.1, 6);
  });
});

describe('self-build (one owned 8-GPU server)', () => {
  const b = e.strategies.selfBuild.breakdownMonthlyCny;
  const capex = 2_000_000 * (1 + 0.12 + 0.05 + 0.05); // 2,440,000
  const depreciation = (capex * 0.9) / 60; // 36,600
  const compute = depreciation + (capex * 0.04) / 12 + 10.2 * 700; // + 8,133.33 maintenance + 7,140 colocation
  it('pays capex of 2,440,000 in month 0', () => {
    expect(e.strategies.selfBuild.capexCny).toBeCloseTo(capex, 6);
    expect(e.strategies.selfBuild.cashflowCny[0]).toBeCloseTo(capex, 6);
    expect(e.strategies.selfBuild.cashflowCny).toHaveLength(37);
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
  it('charges time = setup 20 × 2 h × 250 + lead time 4 months × (compute + staff) ÷ 36', () => {
    expect(b.time).toBeCloseTo(10_000 + (4 * (compute + 0.1 * MONTHLY_ENGINEER)) / 36, 6);
  });
  it('charges failures at the own cost per GPU-hour plus engineer time', () => {
    const perFailure = 8 * (compute / 5_840) * (0.5 + 6) + 8 * 250;
    expect(b.failure).toBeCloseTo((2e-5 * 3_840 + 1) * perFailure, 6);
  });
  it('charges iteration risk = depreciation × (1 − average price factor over 3 years at −15 %/yr)', () => {
    const k = -Math.log(0.85);
    const averageFactor = (1 - 0.85 ** 3) / (3 * k); // 0.7914
    expect(b.iteration).toBeCloseTo(depreciation * (1 - averageFactor), 6);
  });
  it('reports utilization as useful hours over owned hours: 1,920 ÷ 5,840', () => {
    expect(e.strategies.selfBuild.utilization).toBeCloseTo(1_920 / 5_840, 12);
  });
  it('excludes depreciation and iteration from the monthly cash flow', () => {
    const s = e.strategies.selfBuild;
    expect(s.cashflowCny[1]).toBeCloseTo(s.monthlyCny - depreciation - b.iteration, 6);
  });
});

describe('hybrid', () => {
  it('chooses no owned baseline for the small seed-sized team (all burst = the platform)', () => {
    expect(e.strategies.hybrid.baselineGpus).toBe(0);
    expect(e.strategies.hybrid.monthlyCny).toBeCloseTo(e.strategies.platform.monthlyCny, 9);
  });
  it('with a reserved baseline bills the reserved GPUs every hour at the commitment discount', () => {
    const s = makeScenario({ hybrid: { baselineMode: 'reserved', baselineGpus: 8 } });
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
    const d = evaluate(makeScenario({ compliance: 'dedicated' })).strategies.platform;
    // 1,920 ÷ min(0.75, 0.6) × 12.5 × 1.2 = 48,000
    expect(d.breakdownMonthlyCny.compute).toBeCloseTo((1_920 / 0.6) * 12.5 * 1.2, 6);
  });
  it('adds the domestic premium to rent and platform prices', () => {
    const d = evaluate(
      makeScenario({ compliance: 'domestic', complianceCosts: { domesticPremiumFraction: 0.1 } }),
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

describe('cash flow and residual value', () => {
  it('sum of cash flow − residual value = horizon cost, for every strategy', () => {
    for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const) {
      const r = e.strategies[id];
      const cash = r.cashflowCny.reduce((a, b) => a + b, 0);
      expect(cash - r.residualValueCny).toBeCloseTo(r.horizonCny, 4);
    }
    expect(e.strategies.rent.residualValueCny).toBe(0);
  });

  it('buys the servers again when the horizon outlives their depreciation life', () => {
    const s = makeScenario({ horizonMonths: 72, selfBuild: { depreciationYears: 3 } });
    const r = evaluate(s).strategies.selfBuild;
    expect(r.cashflowCny[36]! - r.cashflowCny[35]!).toBeCloseTo(r.capexCny, 6);
    expect(r.residualValueCny).toBeGreaterThanOrEqual(0);
  });
});
