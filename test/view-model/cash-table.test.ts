import { describe, expect, it } from 'vitest';
import { cashReport, defaultScenario, presets, STRATEGY_IDS } from '../../src/engine';
import { amountUnit, cashTable, formatAmount } from '../../src/view-model/cash-table';

const money = { locale: 'zh-CN' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };

describe('cashTable', () => {
  it('uses 万元 in Chinese and thousands in English for the large unit', () => {
    expect(amountUnit('zh-CN', 'CNY', 'large')).toMatchObject({
      divisor: 10_000,
      labelKey: 'finance:cash.unit.CNY.large',
    });
    expect(amountUnit('en', 'USD', 'large')).toMatchObject({
      divisor: 1_000,
      labelKey: 'finance:cash.unit.USD.large',
    });
    expect(amountUnit('en', 'CNY', 'unit').divisor).toBe(1);
  });

  it('shows the engine’s NPV and yearly cash in the chosen unit and currency', () => {
    const report = cashReport(defaultScenario);
    const wan = cashTable(report, { ...money, scale: 'large' });
    const usd = cashTable(report, { ...money, locale: 'en', currency: 'USD', scale: 'unit' });
    for (const id of STRATEGY_IDS) {
      const row = wan.summary.find((r) => r.strategy === id)!;
      expect(row.npv).toBeCloseTo(report.strategies[id].npvCny / 10_000, 9);
      expect(usd.summary.find((r) => r.strategy === id)!.total).toBeCloseTo(
        report.strategies[id].totalCashCny / 7.2,
        6,
      );
    }
    // The worked example: renting is 684,000 元 a year = 68.4 万元.
    expect(wan.summary.find((r) => r.strategy === 'rent')!.years).toEqual([68.4, 68.4, 68.4]);
    expect(wan.columns).toEqual([
      { year: 1, months: 12 },
      { year: 2, months: 12 },
      { year: 3, months: 12 },
    ]);
  });

  it('lists each strategy’s lines, summing to its cash out, with the running total last', () => {
    const table = cashTable(cashReport(presets.steadyLab!), { ...money, scale: 'unit' });
    for (const id of STRATEGY_IDS) {
      const rows = table.detail.filter((r) => r.strategy === id);
      const cashOut = rows.find((r) => r.line.kind === 'cashOut')!;
      const parts = rows.filter((r) => !['cashOut', 'cumulative'].includes(r.line.kind));
      cashOut.years.forEach((v, i) => {
        const sum = parts.reduce((a, r) => a + (r.years[i] ?? 0), 0);
        expect(Math.abs(sum - v)).toBeLessThan(1e-6 * Math.max(1, Math.abs(v)));
      });
      expect(rows.at(-1)!.line.kind).toBe('cumulative');
      expect(rows.at(-1)!.total).toBeNull();
    }
    expect(table.detail.some((r) => r.strategy === 'selfBuild' && r.line.kind === 'capex')).toBe(true);
    expect(table.detail.some((r) => r.strategy === 'rent' && r.line.kind === 'capex')).toBe(false);
  });

  it('says why there is no IRR and when self-build never pays back', () => {
    const table = cashTable(cashReport(defaultScenario), { ...money, scale: 'unit' });
    const vsRent = table.returns.find((r) => r.comparator === 'rent')!;
    // One 2.44 M server against a 57,000-a-month rental: building never pays back in three years.
    expect(vsRent.payback).toEqual({ kind: 'never', horizonYears: 3 });
    // At a 5 %/yr GPU-time price decline the steady lab's own cluster pays back against renting.
    const steady = presets.steadyLab!;
    const finance = { ...steady.finance, gpuTimePriceDeclineFractionPerYear: 0.05 };
    const lab = cashTable(cashReport({ ...steady, horizonMonths: 60, finance }), {
      ...money,
      scale: 'unit',
    });
    const labRent = lab.returns.find((r) => r.comparator === 'rent')!;
    expect(labRent.irr.kind).toBe('rate');
    expect(labRent.payback.kind).toBe('month');
    if (labRent.payback.kind === 'month')
      expect(labRent.payback.year).toBe(Math.ceil(labRent.payback.month / 12));
  });

  it('formats amounts with the unit’s fixed decimals and never “-0”', () => {
    expect(formatAmount(9632, 'zh-CN', 'large')).toBe('9,632.0');
    expect(formatAmount(1234.56, 'en', 'unit')).toBe('1,235');
    expect(formatAmount(-0.0001, 'en', 'unit')).toBe('0');
    // One minus sign in every table (review #68): U+2212, as the percents beside it, never a hyphen.
    expect(formatAmount(-84.6, 'zh-CN', 'large')).toBe('\u221284.6');
    expect(formatAmount(-1234.5, 'en', 'unit')).toBe('\u22121,235');
  });
});
