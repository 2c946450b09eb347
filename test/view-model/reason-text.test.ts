import { describe, expect, it } from 'vitest';
import { evaluate, presets, type ReasonItem } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { formatMoney, type MoneyFormat } from '../../src/lib/format';
import { formatReasonParams, reasonText } from '../../src/view-model/reason-text';
import { makeWeeklyScenario } from '../factories';

const en: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

describe('reason wording shared by the dashboard, the self-assessment and the PDF', () => {
  it('formats the server-price flip as money in the display currency', () => {
    const flip = evaluate(presets.seedTeam!).recommendation.flips.find((f) => f.code === 'flipServerPrice')!;
    const t = createI18n('en').t;
    expect(formatReasonParams(flip, en, t).serverPriceCny).toBe(
      formatMoney(flip.params.serverPriceCny as number, en),
    );
    const usd: MoneyFormat = { ...en, currency: 'USD' };
    expect(reasonText(flip, 'flips', usd, t)).toContain(
      formatMoney(flip.params.serverPriceCny as number, usd),
    );
  });

  it('states an average GPU count whole from 10 GPUs on, with 张 and 约 in Chinese (review #70)', () => {
    const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };
    const item = {
      factor: 'load',
      code: 'shape_steady',
      params: { baselineGpus: 435.3, peakToBaseline: 1.12 },
    } as unknown as ReasonItem;
    expect(reasonText(item, 'reasons', zh, createI18n('zh-CN').t)).toBe(
      '需求平稳（峰值是基线约 435 张卡的 1.1 倍）：稳定的基线适合自建或预留。',
    );
    expect(reasonText(item, 'reasons', en, createI18n('en').t)).toContain('the baseline of about 435 GPUs');
    const small = { ...item, params: { baselineGpus: 2.64, peakToBaseline: 1 } } as unknown as ReasonItem;
    expect(reasonText(small, 'reasons', zh, createI18n('zh-CN').t)).toContain('基线约 2.6 张卡');
  });

  it('formats the own cluster efficiency as a percent and names the team level', () => {
    const team = evaluate(presets.seedTeam!).recommendation.reasons.find((r) => r.factor === 'team')!;
    const params = formatReasonParams(team, en, createI18n('en').t);
    expect(params.efficiency).toBe('45.0%');
    expect(params.levelName).toBe(createI18n('en').t('common:team.3'));
  });

  it('names the comparator of a reason in both languages, never as a bare id', () => {
    const item = {
      factor: 'load' as const,
      code: 'flipLoadBelow',
      params: { crossoverLoadRate: 0.4, comparator: 'platform' },
    };
    const enT = createI18n('en').t;
    const zhT = createI18n('zh-CN').t;
    expect(formatReasonParams(item, en, enT).comparatorName).toBe('the pooled platform');
    expect(reasonText(item, 'flips', en, enT)).toBe(
      'The pooled platform beats self-build below a load rate of 40.0%.',
    );
    expect(reasonText({ ...item, params: { ...item.params, comparator: 'rent' } }, 'flips', en, enT)).toBe(
      'Renting whole servers beats self-build below a load rate of 40.0%.',
    );
    expect(reasonText(item, 'flips', { ...en, locale: 'zh-CN' }, zhT)).toBe(
      '负载率低于 40.0% 时，智算平台成本低于自建。',
    );
    const payback = {
      factor: 'scale' as const,
      code: 'paybackWithin',
      params: { paybackMonth: 29, horizonMonths: 36, comparator: 'rent' },
    };
    expect(reasonText(payback, 'reasons', en, enT)).toBe(
      'Against renting whole servers, self-build pays back its purchase in cash in month 29, within the 36-month horizon.',
    );
  });

  it('formats a right-size reason: GPUs as numbers and the saving as money', () => {
    const item = {
      factor: 'scale' as const,
      code: 'rightSize',
      params: { gpus: 896, currentGpus: 1000, savingMonthlyCny: 123_456.7 },
    };
    const usd: MoneyFormat = { ...en, currency: 'USD' };
    const params = formatReasonParams(item, usd, createI18n('en').t);
    expect(params.gpus).toBe('896');
    expect(params.currentGpus).toBe('1,000');
    expect(params.savingMonthlyCny).toBe(formatMoney(123_456.7, usd));
    expect(reasonText(item, 'reasons', usd, createI18n('en').t)).toBe(
      `Own 896 GPUs instead of 1,000: a cluster of that size serves the whole demand for ${formatMoney(123_456.7, usd)} a month less.`,
    );
  });

  it('never words a comparison against the platform as renting', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createI18n(locale).t;
      for (const scenario of Object.values(presets)) {
        for (const s of [
          scenario,
          { ...scenario, selfBuild: { ...scenario.selfBuild, serverPriceCny: 500_000 } },
        ]) {
          const rec = evaluate(s).recommendation;
          for (const item of [...rec.reasons, ...rec.flips]) {
            if (item.params.comparator !== 'platform') continue;
            const text = reasonText(
              item,
              rec.reasons.includes(item) ? 'reasons' : 'flips',
              { ...en, locale },
              t,
            );
            expect(text).not.toMatch(locale === 'en' ? /\brent/i : /租/);
          }
        }
      }
    }
  });

  it('gives a sentence in the app language for every reason and flip of every preset, with no placeholder left', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createI18n(locale).t;
      for (const scenario of Object.values(presets)) {
        const rec = evaluate(scenario).recommendation;
        for (const item of rec.reasons)
          expect(reasonText(item, 'reasons', { ...en, locale }, t)).not.toMatch(/{{|recommendation\./);
        for (const item of rec.flips)
          expect(reasonText(item, 'flips', { ...en, locale }, t)).not.toMatch(/{{|recommendation\./);
      }
    }
  });
});

describe('a pulse curve without a baseline', () => {
  it('is explained without a ratio: no “∞×” and no “0×”, in both languages', () => {
    const weekly = Array.from({ length: 26 }, (_, i) => (i % 4 === 0 ? 40 : 1e-320));
    const s = makeWeeklyScenario(weekly, 8);
    const load = evaluate(s).recommendation.reasons.find((r) => r.code.startsWith('shape_'))!;
    expect(load.code).toBe('shape_pulse_noBaseline');
    for (const locale of ['en', 'zh-CN'] as const) {
      const text = reasonText(load, 'reasons', { ...en, locale }, createI18n(locale).t);
      expect(text).not.toMatch(/∞|0×|Infinity|\{\{/);
      expect(text).toContain('40');
    }
  });
});
