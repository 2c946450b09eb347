import { describe, expect, it } from 'vitest';
import { PARAMETERS } from '../../../src/engine/parameters';
import { parameterText } from '../../../src/features/report-pdf/report-text';
import { createI18n } from '../../../src/i18n';
import type { MoneyFormat } from '../../../src/lib/format';

const meta = (path: string) => {
  const m = PARAMETERS.find((p) => p.path === path);
  if (!m) throw new Error(`no parameter ${path}`);
  return m;
};
const en: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

describe('an assumption’s value in the report, with its unit', () => {
  it('says “1 hour” and “2 hours”, “1 year” and “4 years” in English', () => {
    const t = createI18n('en').t;
    expect(parameterText(meta('operations.checkpointIntervalHours'), 1, en, t)).toBe('1 hour');
    expect(parameterText(meta('operations.checkpointIntervalHours'), 2, en, t)).toBe('2 hours');
    expect(parameterText(meta('selfBuild.depreciationYears'), 1, en, t)).toBe('1 year');
    expect(parameterText(meta('selfBuild.depreciationYears'), 4, en, t)).toBe('4 years');
  });

  it('keeps the one Chinese unit whatever the number', () => {
    const t = createI18n('zh-CN').t;
    const zh: MoneyFormat = { ...en, locale: 'zh-CN' };
    expect(parameterText(meta('operations.checkpointIntervalHours'), 1, zh, t)).toBe('1 小时');
    expect(parameterText(meta('operations.checkpointIntervalHours'), 2, zh, t)).toBe('2 小时');
  });
});
