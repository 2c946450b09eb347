import { describe, expect, it } from 'vitest';
import {
  budgetPlan,
  evaluate,
  presets,
  type SizingBand,
  sizingCurve,
  startSizingBand,
} from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { planBandFits, sizingChartData, sizingXTicks } from '../../src/view-model/sizing-chart';
import { capexSentence } from '../../src/view-model/sizing-text';
import { sizingSheet } from '../../src/view-model/workbook/sizing-sheet';
import { inAccountingView } from '../factories';

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const largeLab = inAccountingView(presets.largeLab!);
const cny = { currency: 'CNY' as const, cnyPerUsd: 7.2 };

function bandOf(s = largeLab, draws = 200): SizingBand {
  const run = startSizingBand(s, sizingCurve(s), { draws, seed: 1 });
  while (!run.done()) run.advance(100);
  return run.result();
}

describe('sizing chart data', () => {
  it('marks the engine’s right size and the current cluster at their totals', () => {
    const curve = sizingCurve(largeLab);
    const data = sizingChartData(curve, null, cny);
    const e = evaluate(largeLab);
    expect(data.optimum.gpus).toBe(e.rightSize.gpus);
    expect(data.optimum.totalCostCny).toBeCloseTo(e.rightSize.monthlyCny * largeLab.horizonMonths, 2);
    expect(data.current.gpus).toBe(e.rightSize.currentGpus);
    expect(data.currentIsOptimum).toBe(false);
    expect(data.bandDraws).toBeNull();
    for (const r of data.rows) expect(r.bandDisplay).toBeNull();
  });

  it('takes the worker’s band only when it is for the same sizes', () => {
    const curve = sizingCurve(largeLab);
    const band = bandOf();
    const data = sizingChartData(curve, band, cny);
    expect(data.bandDraws).toBe(200);
    data.rows.forEach((r, i) => {
      expect(r.bandDisplay).toEqual([band.p10TotalCny[i], band.p90TotalCny[i]]);
    });
    const other = { ...band, gpus: band.gpus.map((g) => g + 8) };
    expect(sizingChartData(curve, other, cny).bandDraws).toBeNull();
    expect(planBandFits(curve, band)).toBe(true);
    expect(planBandFits(curve, { ...band, planGpus: band.planGpus + 8 })).toBe(false);
  });

  it('converts to dollars for the axis and keeps CNY in the rows', () => {
    const curve = sizingCurve(largeLab);
    const usd = sizingChartData(curve, null, { currency: 'USD', cnyPerUsd: 7.2 });
    const first = usd.rows[0]!;
    expect(first.totalDisplay).toBeCloseTo(first.totalCostCny / 7.2, 6);
  });

  it('starts the axis at a tick below every value and covers the band', () => {
    const data = sizingChartData(sizingCurve(largeLab), bandOf(), cny);
    const low = Math.min(...data.rows.map((r) => Math.min(r.totalDisplay, r.bandDisplay![0])));
    const high = Math.max(...data.rows.map((r) => r.bandDisplay![1]));
    expect(data.yBottom).toBeLessThanOrEqual(low);
    expect(data.yTop).toBeGreaterThanOrEqual(high);
    expect(data.yTicks[0]).toBe(data.yBottom);
    expect(data.yTicks.at(-1)).toBe(data.yTop);
  });

  it('puts x ticks on whole servers, from 0 to the end of the curve', () => {
    const data = sizingChartData(sizingCurve(largeLab), null, cny);
    const ticks = sizingXTicks(data);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(data.xMax);
    for (const t of ticks) expect(t % data.stepGpus).toBe(0);
  });
});

describe('budget plan in words and in the workbook', () => {
  const t = createI18n('en').t;

  it('says what to buy, for how much and in which month', () => {
    const curve = sizingCurve(largeLab);
    const plan = budgetPlan(largeLab, curve.optimumGpus);
    const text = capexSentence(plan, curve.stepGpus, { locale: 'en', ...cny }, t);
    expect(text).toContain(`Buy ${plan.ownedGpus.toLocaleString('en')} GPUs`);
    expect(text).toContain(`paid in month ${plan.capexMonth}`);
    const none = budgetPlan(presets.seedTeam!, 0);
    expect(capexSentence(none, 8, { locale: 'en', ...cny }, t)).toMatch(/nothing to buy/);
  });

  it('writes each quarter’s total and the horizon’s sums as formulas whose results are the engine’s', () => {
    const curve = sizingCurve(largeLab);
    const band = bandOf();
    const plan = budgetPlan(largeLab, curve.optimumGpus, band.burstP90ByQuarterCny);
    const sheet = sizingSheet('Sizing', curve, band, plan, 'Buy', t);
    const formulas = sheet.rows.flatMap((r) => r.filter((c) => c?.formula !== undefined));
    // One total per quarter and five sums.
    expect(formulas).toHaveLength(plan.quarters.length + 5);
    const quarterTotals = formulas.slice(0, plan.quarters.length).map((c) => c!.value as number);
    plan.quarters.forEach((q, i) => {
      expect(quarterTotals[i]).toBeCloseTo(q.totalCny, 4);
    });
    expect(formulas.at(-1)!.formula).toMatch(/^SUM\(H\d+:H\d+\)$/);
    expect(formulas.at(-1)!.value as number).toBeCloseTo(plan.total.totalCny, 2);
  });
});
