import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { paybackText } from '../../src/view-model/comparison-text';

const comparison = (paybackMonth: number | null, horizonMonths: number): Comparison => ({
  comparator: 'rent',
  eligible: true,
  crossoverLoadRate: 0.5,
  paybackMonth,
  horizonMonths,
  crossAt: null,
});

// One payback rule: the cash payback is stated against the horizon, as the discounted payback is.
describe('one payback rule', () => {
  const t = createI18n('en').t;
  const tz = createI18n('zh-CN').t;

  it('states a cash payback within the horizon as its month', () => {
    expect(paybackText(comparison(25, 36), t)).toBe('Month 25');
  });

  it('names a cash payback after the horizon as after it, with its month', () => {
    expect(paybackText(comparison(50, 36), t)).toBe('Month 50, after the 3-year horizon');
    expect(paybackText(comparison(50, 36), tz)).toBe('第 50 个月（超出 3 年测算期）');
  });

  it('says "never" in the discounted payback’s words: within the horizon', () => {
    expect(paybackText(comparison(null, 36), t)).toBe('Never within the 3-year horizon');
    expect(paybackText(comparison(null, 30), t)).toBe('Never within the 2.5-year horizon');
    expect(t('finance:returns.paybackNever', { years: '3' })).toBe(paybackText(comparison(null, 36), t));
    expect(tz('finance:returns.paybackNever', { years: '3' })).toBe(paybackText(comparison(null, 36), tz));
  });
});
