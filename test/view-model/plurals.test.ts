import { describe, expect, it } from 'vitest';
import type { BudgetPlan } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import type { MoneyFormat } from '../../src/lib/format';
import { yearHeader } from '../../src/view-model/cash-text';
import { countText } from '../../src/view-model/count-text';
import { capexSentence } from '../../src/view-model/sizing-text';

const en = createI18n('en').t;
const zh = createI18n('zh-CN').t;
const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

/** Just the budget plan figures the capex sentence reads. */
const plan = (ownedGpus: number, leadMonths: number) =>
  ({ ownedGpus, capexCny: 2_000_000, capexMonth: leadMonths, leadMonths }) as BudgetPlan;

describe('a count of one reads in the singular (i18next plurals)', () => {
  it('a partial last year of one month: “Year 4 (1 month)”, of six: “(6 months)”', () => {
    expect(yearHeader(en, { year: 4, months: 1 })).toBe('Year 4 (1 month)');
    expect(yearHeader(en, { year: 4, months: 6 })).toBe('Year 4 (6 months)');
    expect(yearHeader(zh, { year: 4, months: 1 })).toBe('第 4 年（1 个月）');
  });

  it('one server after a lead time of one month; eight GPUs and two months in the plural', () => {
    expect(capexSentence(plan(8, 1), 8, money, en)).toBe(
      'Buy 8 GPUs (1 server) for CN¥2,000,000, paid in month 1 at delivery, after a build lead time of 1 month; until then the rental of their work is in the run-rate.',
    );
    expect(capexSentence(plan(16, 2), 8, money, en)).toContain('Buy 16 GPUs (2 servers)');
    expect(capexSentence(plan(16, 2), 8, money, en)).toContain('lead time of 2 months;');
    expect(capexSentence(plan(8, 1), 8, { ...money, locale: 'zh-CN' }, zh)).toContain(
      '购买 8 张 GPU（1 台服务器）',
    );
  });

  it('counts in sentences: 1 GPU, 1 week, 0.5 weeks, 1 month; Chinese with its measure words', () => {
    expect(countText(en, 'gpus', 1, 'en')).toBe('1 GPU');
    expect(countText(en, 'gpus', 8, 'en')).toBe('8 GPUs');
    expect(countText(en, 'weeks', 1, 'en', 1)).toBe('1 week');
    expect(countText(en, 'weeks', 0.5, 'en', 1)).toBe('0.5 weeks');
    expect(countText(en, 'months', 1, 'en')).toBe('1 month');
    expect(countText(zh, 'gpus', 1, 'zh-CN')).toBe('1 张 GPU');
    expect(countText(zh, 'months', 3, 'zh-CN')).toBe('3 个月');
  });
});
