import { describe, expect, it } from 'vitest';
import {
  evaluate,
  newTrainingRun,
  PARAMETERS,
  presetShape,
  presets,
  presetTermShape,
  type Scenario,
} from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { createI18n } from '../../src/i18n';
import type { MoneyFormat } from '../../src/lib/format';
import { liveWorkbook } from '../../src/view-model/workbook/live-workbook';

const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

function build(s: Scenario, locale: 'en' | 'zh-CN' = 'en') {
  return liveWorkbook({
    scenario: s,
    evaluation: evaluate(s),
    money: { ...money, locale },
    scale: 'unit',
    t: createI18n(locale).t,
    scenarioName: s.name,
    generatedText: '2026-12-01',
  });
}

/** Lines whose workbook figure differs from the engine's by half a yuan or more (a millionth for rates). */
function offLines(s: Scenario): string[] {
  return build(s)
    .reconciliation.map((l) => ({
      l,
      diff:
        typeof l.engine === 'number' ? Number(l.workbook.v) - l.engine : l.engine === l.workbook.v ? 0 : 1,
    }))
    .filter(({ l, diff }) => !(Math.abs(diff) < (l.numFmt.includes('%') ? 1e-6 : 0.5)))
    .map(
      ({ l, diff }) => `${l.figure} ${l.strategy}: engine ${l.engine}, workbook ${l.workbook.v} (${diff})`,
    );
}

const steady = presets.steadyLab as Scenario;
const seed = presets.seedTeam as Scenario;

/** Scenarios that take the model's other branches. */
const VARIANTS: Record<string, Scenario> = {
  'data on premises (no rent, no platform, burst waits)': { ...steady, compliance: 'onPrem' },
  'a reserved hybrid baseline': { ...steady, hybrid: { ...steady.hybrid, baselineMode: 'reserved' } },
  'a pinned hybrid baseline': { ...steady, hybrid: { ...steady.hybrid, baselineGpus: 64 } },
  'manual recovery, a private pool, no lead time': {
    ...steady,
    selfBuild: { ...steady.selfBuild, recovery: 'manual', privatePool: true, buildLeadTimeMonths: 0 },
  },
  'a 6-year horizon (hardware replaced), falling prices': {
    ...steady,
    horizonMonths: 72,
    selfBuild: { ...steady.selfBuild, depreciationYears: 2 },
    finance: { ...steady.finance, gpuTimePriceDeclineFractionPerYear: 0.2 },
  },
  'other GPU models for each way': {
    ...steady,
    hardware: {
      ...steady.hardware,
      selfBuild: { ...steady.hardware.selfBuild, throughputRatio: 0.6 },
      rent: { ...steady.hardware.rent, throughputRatio: 1.4 },
      platform: { ...steady.hardware.platform, throughputRatio: 1.1 },
    },
  },
  'VAT view on, not deductible': {
    ...steady,
    vat: { ...steady.vat, enabled: true, inputVatDeductible: false, pricesIncludeVat: false },
  },
  'the seed example with a lead time and a domestic premium': {
    ...seed,
    compliance: 'domestic',
    selfBuild: { ...seed.selfBuild, buildLeadTimeMonths: 3 },
  },
};

/**
 * A training plan (model v4: a dated timeline priced once over the horizon): a 64-GPU run in weeks
 * 10–30 and recurring work, falling prices, a lead time, on the steady lab's cluster and on a small one
 * (burst in the run's months).
 */
function planned(base: Scenario, capacityGpus: number, baselineMode: 'owned' | 'reserved'): Scenario {
  const run = {
    ...newTrainingRun(base),
    sizeBy: 'gpuHours' as const,
    gpuHours: 64 * 168 * 21,
    startWeek: 10,
    gpus: 64,
    deadlineWeek: 30,
  };
  return switchDemandMode(
    {
      ...base,
      trainingPlan: { ...base.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 5_000 },
      selfBuild: { ...base.selfBuild, capacityGpus, capacitySizedBy: 'user', buildLeadTimeMonths: 4 },
      hybrid: { ...base.hybrid, baselineMode },
      finance: { ...base.finance, gpuTimePriceDeclineFractionPerYear: 0.15 },
    },
    'plan',
  );
}
VARIANTS['a training plan on a large cluster'] = planned(steady, 128, 'owned');
VARIANTS['a training plan on a small cluster, a reserved hybrid baseline'] = planned(steady, 16, 'reserved');
// Schema v14: terms on a path of their own (the Term price path sheet), weekly and on a plan.
VARIANTS['a reserved hybrid baseline on the observed term path'] = {
  ...steady,
  hybrid: { ...steady.hybrid, baselineMode: 'reserved', baselineGpus: 256 },
  finance: { ...steady.finance, termPriceShape: presetTermShape('observed') },
};
VARIANTS['a training plan, a reserved baseline, the shortage path with its term points'] = (() => {
  const s = planned(steady, 16, 'reserved');
  return {
    ...s,
    finance: {
      ...s.finance,
      gpuTimePriceShape: presetShape('shortage'),
      termPriceShape: presetTermShape('shortage'),
    },
  };
})();

describe('the live workbook', () => {
  for (const [name, s] of Object.entries(presets))
    it(`reconciles with the engine to the yuan at export: preset ${name}`, () => {
      expect(offLines(s)).toEqual([]);
    });
  for (const [name, s] of Object.entries(VARIANTS))
    it(`reconciles with the engine to the yuan at export: ${name}`, () => {
      expect(offLines(s)).toEqual([]);
    });
});

describe('the workbook’s labels', () => {
  it('are all translated: no cell shows a string key, for every preset and variant in both languages', () => {
    const all = { ...presets, ...VARIANTS };
    for (const locale of ['en', 'zh-CN'] as const)
      for (const [name, s] of Object.entries(all)) {
        const keys = build(s as Scenario, locale)
          .sheets.flatMap((sheet) => sheet.rows.flat())
          .map((cell) => cell?.value)
          .filter(
            (v): v is string => typeof v === 'string' && /^(export:)?(workbook|excel)\.[A-Za-z]/.test(v),
          );
        expect(keys, `${name} (${locale})`).toEqual([]);
      }
  });
});

describe('the Inputs sheet’s dates (review #71)', () => {
  it('reads an as-of date as the page and the PDF do: 2026 年 3 月 in Chinese, 2026-03 in English', () => {
    const meta = PARAMETERS.find((p) => p.path === 'selfBuild.serverPriceCny');
    if (!meta) throw new Error('no server price');
    const [year, month] = meta.asOf.split('-').map(Number);
    const rowOf = (locale: 'en' | 'zh-CN') => {
      const label = createI18n(locale).t('common:params.selfBuild.serverPriceCny');
      const rows = build(seed, locale).sheets.flatMap((sheet) => sheet.rows);
      return rows.find((r) => r[0]?.value === label && r.length >= 5);
    };
    expect(rowOf('zh-CN')?.[4]?.value).toBe(`${year} 年 ${month} 月`);
    expect(rowOf('en')?.[4]?.value).toBe(meta.asOf);
  });
});
