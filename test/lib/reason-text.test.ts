import { describe, expect, it } from 'vitest';
import { evaluate, presets } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { formatMoney, type MoneyFormat } from '../../src/lib/format';
import { formatReasonParams, reasonText } from '../../src/lib/reason-text';
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

  it('formats fractions as percents and names the team level', () => {
    const team = evaluate(presets.seedTeam!).recommendation.reasons.find((r) => r.factor === 'team')!;
    const params = formatReasonParams(team, en, createI18n('en').t);
    expect(params.utilizationCap).toBe('85.0%');
    expect(params.levelName).toBe(createI18n('en').t('common:team.3'));
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
