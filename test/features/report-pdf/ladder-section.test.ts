import { describe, expect, it } from 'vitest';
import { ladderBudget, ladderPlan, presets, type Scenario } from '../../../src/engine';
import { cmapCodePoints } from '../../../src/features/report-pdf/font/cmap';
import { textsOf, unprintableCharacters } from '../../../src/features/report-pdf/font/printable';
import { ladderSection, ladderVerdictText } from '../../../src/features/report-pdf/ladder-section';
import type { ReportSection, ReportTable } from '../../../src/features/report-pdf/report-document';
import { sizingSection } from '../../../src/features/report-pdf/sizing-section';
import { createI18n } from '../../../src/i18n';
import type { Locale, MoneyFormat } from '../../../src/lib/format';
import { handCase } from '../../engine/ladder/hand-case';
import { englishWords } from '../../english-words';
import { fontBytes } from './font/bundled-font';

const moneyIn = (locale: Locale): MoneyFormat => ({ locale, currency: 'CNY', cnyPerUsd: 7.2 });

function tables(s: ReportSection): ReportTable[] {
  return s.blocks.flatMap((b) => (b.kind === 'table' ? [b.table] : []));
}

describe('the PDF’s “Every way to commit” page', () => {
  it('prints the hand-worked plan: the sentence, 80 GPUs reserved for a year at 547,500 a month saving 182,500, and its term', () => {
    const plan = ladderPlan(handCase(['reserved1y', 'onDemand']));
    const page = ladderSection(plan, moneyIn('en'), createI18n('en').t);
    expect(page.id).toBe('ladder');
    expect(page.heading).toBe('Every way to commit');
    const lead = page.blocks[0];
    expect(lead?.kind === 'paragraph' && lead.text).toBe(
      'Reserve 80 GPUs for one year; the rest on whole servers rented on demand: CN¥912,500 a month, CN¥182,500 (16.7%) below the best single way (Rent, CN¥1,095,000 a month).',
    );
    const [rungs, schedule] = tables(page);
    expect(rungs?.id).toBe('ladderRungs');
    // 80 × 730 × 12.5 × 0.75 = 547,500 a month; without it all on demand costs 1,095,000: 182,500 saved.
    // Without on demand, the reservation holds all 80 useful GPUs: 160 × 730 × 12.5 × 0.75 = 1,095,000,
    // 182,500 above the plan too.
    expect(rungs?.body).toEqual([
      ['1-year reservation', '80', '29,200', 'CN¥547,500', 'CN¥182,500'],
      ['On demand', 'as used', '14,600', 'CN¥365,000', 'CN¥182,500'],
    ]);
    expect(schedule?.id).toBe('ladderSchedule');
    expect(schedule?.body).toEqual([
      ['1-year reservation', 'Q1 of year 1 (month 1)', 'month 12', '80', 'CN¥547,500', 'CN¥0'],
    ]);
  });

  it('prints the plan by quarter under its schedule: 2,737,500 a quarter of commitments and what is used, 10,950,000 over the year', () => {
    const s = handCase(['reserved1y', 'onDemand']);
    const plan = ladderPlan(s);
    const page = ladderSection(plan, moneyIn('en'), createI18n('en').t, 'unit', null, ladderBudget(s, plan));
    const budget = tables(page).find((x) => x.id === 'ladderBudget');
    // 3 × 547,500 reserved and 3 × 365,000 on demand a quarter.
    expect(budget?.head).toEqual(['Quarter', 'Months', 'Commitments', 'Paid as used', 'Total']);
    expect(budget?.body[0]).toEqual(['Q1', '0–3', 'CN¥1,642,500', 'CN¥1,095,000', 'CN¥2,737,500']);
    expect(budget?.foot).toEqual([['Horizon', '', 'CN¥6,570,000', 'CN¥4,380,000', 'CN¥10,950,000']]);
  });

  it('the sizing page budgets the ladder’s plan when it wins, buy-N when it does not: one plan, as on the dashboard', () => {
    const t = createI18n('en').t;
    const s = handCase(['reserved1y', 'onDemand']);
    const plan = ladderPlan(s);
    const wins = sizingSection({
      scenario: s,
      money: moneyIn('en'),
      t,
      band: null,
      ladder: { plan, budget: ladderBudget(s, plan) },
    });
    expect(tables(wins).map((x) => x.id)).toEqual(['ladderBudget', 'budgetPlan']);
    // Buy-N follows, named as the alternative to the plan.
    expect(wins.blocks.some((b) => b.kind === 'subheading' && b.text.startsWith('Instead: buy'))).toBe(true);
    expect(
      wins.blocks.some(
        (b) => b.kind === 'subheading' && b.text === 'Budget plan: the plan with every way to commit',
      ),
    ).toBe(true);
    const seed = presets.seedTeam as Scenario;
    const seedPlan = ladderPlan(seed);
    const not = sizingSection({
      scenario: seed,
      money: moneyIn('en'),
      t,
      band: null,
      ladder: { plan: seedPlan, budget: ladderBudget(seed, seedPlan) },
    });
    expect(tables(not).map((x) => x.id)).toEqual(['budgetPlan']);
  });

  it('says the hand-worked plan on page 1 when it wins (912,500 a month, 182,500 below renting), and nothing when it does not', () => {
    const wins = ladderPlan(handCase(['reserved1y', 'onDemand']));
    expect(ladderVerdictText(wins, moneyIn('en'), createI18n('en').t)).toBe(
      'Cheaper still: commit in rungs. Reserve 80 GPUs for one year; the rest on whole servers rented on demand: CN¥912,500 a month, CN¥182,500 (16.7%) below the best single way (Rent, CN¥1,095,000 a month). Its by-the-hour part holds at most 80 GPUs at once, within the 256 one can get on demand.',
    );
    expect(ladderVerdictText(wins, moneyIn('zh-CN'), createI18n('zh-CN').t)).toBe(
      '分档承诺更省。一年期预留 80 卡；其余按需租用整机：每月 ¥912,500，比最省的单一方式（租用，每月 ¥1,095,000）低 ¥182,500（16.7%）。其按小时计费部分最多同时占用 80 张 GPU，在按需可得的 256 张之内。',
    );
    // (80 useful GPUs in the busy weeks, 40 reserved below them, held by the hour at 50 %: 80 GPUs.)
    // A plan that misses a training plan's deadline says so with its cost.
    const late = {
      runs: [{ finishWeek: 9, slipWeeks: 3, onTime: false }],
      allOnTime: false,
      worstSlipWeeks: 3,
      committedGpus: 80,
      ownFromWeek: null,
      serverGpus: 0,
      platformGpus: 0,
      preemptionsPerGpuHour: 0,
    };
    expect(ladderVerdictText(wins, moneyIn('en'), createI18n('en').t, late)).toMatch(
      /one can get on demand\. On this plan 1 of 1 runs misses its deadline, by 3 weeks\. Counted at once: 80 committed GPUs\.$/,
    );
    // On demand alone is renting itself: no cheaper than the best single way, so page 1 says nothing.
    const same = ladderPlan(handCase(['onDemand']));
    expect(same.monthlyCny).toBeCloseTo(1_095_000, 6);
    expect(ladderVerdictText(same, moneyIn('en'), createI18n('en').t)).toBeNull();
  });

  it('says on page 1 the plan that keeps within 60 GPUs on demand where renting would need 160, with its own heading', () => {
    const s0 = handCase(['reserved1y', 'onDemand']);
    const s: Scenario = {
      ...s0,
      trainingPlan: { ...s0.trainingPlan, onDemandGpus: 60 },
      ladder: { ...s0.ladder, reserved1yDiscountFraction: 0 },
    };
    // 104 reserved × 730 × 12.5 + 28 × ½ × 730 ÷ 50 % × 12.5 = 949,000 + 255,500 = 1,204,500.
    expect(ladderVerdictText(ladderPlan(s), moneyIn('en'), createI18n('en').t)).toBe(
      'Within the GPUs one can get on demand: commit in rungs. Reserve 104 GPUs for one year; the rest on whole servers rented on demand: CN¥1,204,500 a month, CN¥109,500 more than the best single way (Rent, CN¥1,095,000 a month) — but that way would need up to 160 GPUs at once where 60 can be had on demand; the plan commits the rest so that it fits. Its by-the-hour part holds at most 56 GPUs at once, within the 60 one can get on demand.',
    );
    expect(ladderVerdictText(ladderPlan(s), moneyIn('zh-CN'), createI18n('zh-CN').t)).toMatch(
      /^不超出按需可得的 GPU：分档承诺。一年期预留 104 卡；/,
    );
  });

  it('the sizing page budgets the plan kept within 60 GPUs on demand, saying why, where renting would need 160', () => {
    const t = createI18n('en').t;
    const s0 = handCase(['reserved1y', 'onDemand']);
    const s: Scenario = {
      ...s0,
      trainingPlan: { ...s0.trainingPlan, onDemandGpus: 60 },
      ladder: { ...s0.ladder, reserved1yDiscountFraction: 0 },
    };
    const plan = ladderPlan(s);
    const page = sizingSection({
      scenario: s,
      money: moneyIn('en'),
      t,
      band: null,
      ladder: { plan, budget: ladderBudget(s, plan) },
    });
    expect(tables(page).map((x) => x.id)).toEqual(['ladderBudget', 'budgetPlan']);
    const lead = page.blocks.find(
      (b) => b.kind === 'paragraph' && b.text.startsWith('The cheapest single way'),
    );
    expect(lead?.kind === 'paragraph' && lead.text).toContain(
      'would need more GPUs at once than one can get on demand, so the budget is the plan that commits in rungs within them: Reserve 104 GPUs for one year;',
    );
  });

  it('prints every preset’s page in Chinese with no English word and nothing the font cannot draw', () => {
    const coverage = cmapCodePoints(fontBytes('regular'));
    const t = createI18n('zh-CN').t;
    for (const s of Object.values(presets)) {
      const page = ladderSection(ladderPlan(s as Scenario), moneyIn('zh-CN'), t);
      expect(unprintableCharacters(textsOf(page), coverage)).toEqual([]);
      const words = page.blocks.flatMap((b) =>
        b.kind === 'paragraph'
          ? [b.text]
          : b.kind === 'table'
            ? [...b.table.head, ...b.table.body.flat()]
            : [],
      );
      expect(englishWords(words.join(' '))).toEqual([]);
    }
  });
});
