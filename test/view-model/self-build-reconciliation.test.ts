import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { formatMoney, type MoneyFormat } from '../../src/lib/format';
import { capexParts, capexPartsText } from '../../src/view-model/capex-parts';
import { reconciliationText, selfBuildReconciliation } from '../../src/view-model/self-build-reconciliation';

const seed = presets.seedTeam as Scenario;
const en: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };

describe('self-build reconciliation: the horizon cost, the cash less resale and the NPV tied together', () => {
  for (const [id, s] of Object.entries(presets) as [string, Scenario][])
    it(`${id}: cash out is the sum of the monthly cash, the differences close the gaps, the NPV is the discounted cash less the discounted resale`, () => {
      const ev = evaluate(s);
      const r = ev.strategies.selfBuild;
      const rec = selfBuildReconciliation(s, ev);
      // Independent arithmetic: a plain loop over the months, and the discounting of docs/model.md "Cash and
      // value by year" (month m at (1 + r)^(m/12), the resale at the horizon).
      let cash = 0;
      let discounted = 0;
      const rate = s.finance.discountRateFractionPerYear;
      r.cashflowCny.forEach((v, m) => {
        cash += v;
        discounted += v / (1 + rate) ** (m / 12);
      });
      const npv = discounted - r.residualValueCny / (1 + rate) ** (s.horizonMonths / 12);
      expect(rec.cashOutCny).toBeCloseTo(cash, 4);
      expect(rec.netCashCny).toBeCloseTo(cash - r.residualValueCny, 4);
      expect(rec.horizonCostCny).toBeCloseTo(r.monthlyCny * s.horizonMonths, 4);
      // The economic view's capital charge is a cost, not cash: the third part of the gap.
      expect(rec.capitalChargeCny).toBeCloseTo(r.capitalChargeMonthlyCny * s.horizonMonths, 4);
      expect(rec.horizonCostCny - rec.capitalChargeCny - rec.ownedCapitalCny - rec.timingCny).toBeCloseTo(
        rec.netCashCny,
        6,
      );
      expect(rec.npvCny).toBeCloseTo(npv, 2);
      expect(rec.netCashCny + rec.discountingCny).toBeCloseTo(rec.npvCny, 6);
    });

  it('without a build lead time the cost over the horizon is the cash less the resale, and the text says so', () => {
    const s = { ...seed, selfBuild: { ...seed.selfBuild, buildLeadTimeMonths: 0 } };
    const ev = evaluate(s);
    const rec = selfBuildReconciliation(s, ev);
    expect(rec.leadMonths).toBe(0);
    expect(Math.abs(rec.timingCny)).toBeLessThan(0.5);
    const text = reconciliationText(rec, en, createI18n('en').t, false);
    expect(text.startsWith('Reconciliation')).toBe(true);
    expect(text).toContain('That is the cost');
  });

  it('a cluster already owned: without a lead time the cost is the cash less the resale plus its capital under the lens, said in words', () => {
    for (const lens of ['marginal', 'full'] as const) {
      const base = presets.ownedH800s as Scenario;
      const s: Scenario = {
        ...base,
        selfBuild: { ...base.selfBuild, buildLeadTimeMonths: 0 },
        finance: { ...base.finance, lens, costView: 'accounting' },
      };
      const ev = evaluate(s);
      const rec = selfBuildReconciliation(s, ev);
      const ex = ev.existing!;
      // By hand: the capital the cost counts and no cash pays is V₀ (marginal) or B₀ (full).
      expect(rec.ownedCapitalCny).toBe(lens === 'full' ? ex.bookNowCny : ex.marketNowCny);
      expect(Math.abs(rec.horizonCostCny - rec.ownedCapitalCny - rec.netCashCny)).toBeLessThan(0.5);
      expect(Math.abs(rec.timingCny)).toBeLessThan(0.5);
      const text = reconciliationText(rec, en, createI18n('en').t, false);
      expect(text).toContain(
        `The cost also counts the cluster already owned at ${formatMoney(rec.ownedCapitalCny, en)}`,
      );
      expect(text).toContain(`a loss on disposal of ${formatMoney(ex.writeOffCny, en)}`);
    }
  });

  it('states the seed’s figures, the lead-time difference and the discounting in words (en and zh-CN)', () => {
    const ev = evaluate(seed);
    const r = ev.strategies.selfBuild;
    const cash = r.cashflowCny.reduce((a, b) => a + b, 0);
    const net = cash - r.residualValueCny;
    const text = reconciliationText(selfBuildReconciliation(seed, ev), en, createI18n('en').t, false);
    expect(ev.buildLeadTimeMonths).toBeGreaterThan(0);
    for (const v of [r.monthlyCny * seed.horizonMonths, cash, r.residualValueCny, net, r.npvCny])
      expect(text).toContain(formatMoney(v, en));
    const charge = r.capitalChargeMonthlyCny * seed.horizonMonths;
    expect(charge).toBeGreaterThan(0);
    expect(text).toContain(formatMoney(charge, en));
    expect(text).toContain('capital charge');
    expect(text).toContain(formatMoney(Math.abs(r.monthlyCny * seed.horizonMonths - charge - net), en));
    expect(text).toContain(formatMoney(Math.abs(r.npvCny - net), en));
    expect(text).toContain('build lead time');
    const zhText = reconciliationText(selfBuildReconciliation(seed, ev), zh, createI18n('zh-CN').t, true);
    expect(zhText.startsWith('核对')).toBe(true);
    expect(zhText).toContain(formatMoney(r.npvCny, zh));
    expect(zhText).toContain('成本现值');
    expect(zhText).toContain('期末变现价值');
    expect(zhText).toContain('增值税');
  });
});

describe('capex parts: servers, network, storage, fit-out and the power retrofit add up to the engine’s capex', () => {
  for (const [id, s] of Object.entries(presets) as [string, Scenario][])
    it(id, () => {
      const r = evaluate(s).strategies.selfBuild;
      const p = capexParts(s, r.baselineGpus, r.capexCny);
      expect(p.networkCny + p.serversCny + p.storageCny + p.fitOutCny + p.powerRetrofitCny).toBeCloseTo(
        r.capexCny,
        4,
      );
    });

  it('prints the seed’s one server at its price and each fraction of it', () => {
    const r = evaluate(seed).strategies.selfBuild;
    const text = capexPartsText(seed, capexParts(seed, r.baselineGpus, r.capexCny), en, createI18n('en').t);
    const price = seed.selfBuild.serverPriceCny;
    const servers = r.baselineGpus / seed.selfBuild.gpusPerServer;
    expect(text).toBe(
      `${servers} × ${formatMoney(price, en)} servers + network 12% ${formatMoney(servers * price * 0.12, en)} + storage 5% ${formatMoney(servers * price * 0.05, en)} + fit-out 5% ${formatMoney(servers * price * 0.05, en)}`,
    );
  });
});
