import { describe, expect, it } from 'vitest';
import { evaluate, type LadderDeadlines, ladderPlan, presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../src/lib/format';
import { ladderChart, ladderMiniBands } from '../../src/view-model/ladder-chart';
import {
  commitmentEndText,
  commitmentStartText,
  type LadderFormat,
  ladderDeadlineText,
  ladderSentence,
  ladderWins,
  quarterOf,
} from '../../src/view-model/ladder-text';
import { handCase } from '../engine/ladder/hand-case';

function formats(locale: 'en' | 'zh-CN'): LadderFormat {
  const money: MoneyFormat = { locale, currency: 'CNY', cnyPerUsd: 7.2 };
  return {
    money: (v) => formatMoney(v, money),
    count: (v) => formatNumber(v, locale),
    percent: (v) => formatPercent(v, locale, 1),
  };
}

describe('the ladder in words', () => {
  it('says the hand-worked plan: 80 GPUs reserved for a year, the rest on demand, 912,500 a month, 182,500 (16.7 %) below renting', () => {
    const plan = ladderPlan(handCase(['reserved1y', 'onDemand']));
    // 182,500 ÷ 1,095,000 = 16.67 %.
    expect(ladderSentence(plan, createI18n('en').t, formats('en'))).toBe(
      'Reserve 80 GPUs for one year; the rest on whole servers rented on demand: CN¥912,500 a month, CN¥182,500 (16.7%) below the best single way (Rent, CN¥1,095,000 a month).',
    );
    expect(ladderSentence(plan, createI18n('zh-CN').t, formats('zh-CN'))).toBe(
      '一年期预留 80 卡；其余按需租用整机：每月 ¥912,500，比最省的单一方式（租用，每月 ¥1,095,000）低 ¥182,500（16.7%）。',
    );
  });

  it('says when the ladder is no cheaper than the best single way, and when no tier is on', () => {
    const t = createI18n('en').t;
    const seed = ladderPlan(presets.seedTeam as Scenario);
    expect(ladderSentence(seed, t, formats('en'))).toBe(
      'Everything on the platform by the GPU-hour: CN¥37,500 a month — no cheaper than the best single way (Platform).',
    );
    const none = handCase([]);
    expect(ladderSentence(ladderPlan(none), t, formats('en'))).toBe(
      'Switch on at least one tier to see a plan.',
    );
  });

  it('dates commitments by quarter, and says a term that outlives the horizon is paid to its end', () => {
    const t = createI18n('en').t;
    expect([1, 3, 4, 12, 13, 25].map(quarterOf)).toEqual([
      { year: 1, quarter: 1 },
      { year: 1, quarter: 1 },
      { year: 1, quarter: 2 },
      { year: 1, quarter: 4 },
      { year: 2, quarter: 1 },
      { year: 3, quarter: 1 },
    ]);
    const s = handCase(['reserved1y', 'onDemand']);
    // Over 30 months three 1-year terms are paid, 36 months: 36 ÷ 30 × 0.75 = 0.9 of on demand, still cheaper.
    const plan = ladderPlan({ ...s, horizonMonths: 30 });
    const rows = plan.schedule.filter((r) => r.id === 'reserved1y');
    expect(rows.map((r) => [r.startMonth, r.endMonth])).toEqual([
      [1, 12],
      [13, 24],
      [25, 36],
    ]);
    expect(commitmentStartText(rows[1]!, t)).toBe('Q1 of year 2 (month 13)');
    expect(commitmentEndText(rows[1]!, 30, t)).toBe('month 24');
    expect(commitmentEndText(rows[2]!, 30, t)).toBe(
      'month 36 (the term runs past the 30-month horizon and is paid to its end)',
    );
    // Over 18 months two terms are paid, 24 months: 24 ÷ 18 × 0.75 = 1, no cheaper than on demand, so none.
    expect(ladderPlan({ ...s, horizonMonths: 18 }).schedule).toEqual([]);
  });

  it('draws the hand-worked plan as bands that add up to the demand: 40 reserved every week, 40 on demand half of them', () => {
    const chart = ladderChart(ladderPlan(handCase(['reserved1y', 'onDemand'])));
    expect(chart.keys).toEqual(['reserved1y', 'onDemand']);
    // Busiest first: the 26 weeks at 80, then the 26 at 40, each week 1/52 of the time.
    const steps = chart.points.map((p) => [p.fromShare, p.demandGpus, p.bands.reserved1y, p.bands.onDemand]);
    expect(steps).toHaveLength(52);
    expect(steps[0]).toEqual([0, 80, 40, 40]);
    expect(steps[26]).toEqual([expect.closeTo(0.5, 12), 40, 40, 0]);
    for (const p of chart.points)
      expect(Object.values(p.bands).reduce((a, b) => a + (b ?? 0), 0)).toBeCloseTo(p.demandGpus, 9);
  });

  it('draws the first screen’s small chart: each band a stepped area over the bands below, the peak at the top', () => {
    // Half the time at 80 (40 reserved + 40 on demand), half at 40 (all reserved), in a 100 × 80 box:
    // 1 GPU = 1 px, so the reservation's top is at y = 80 − 40 = 40 and on demand's first step at 0.
    const bands = ladderMiniBands(
      {
        keys: ['reserved1y', 'onDemand'],
        points: [
          { fromShare: 0, demandGpus: 80, bands: { reserved1y: 40, onDemand: 40 } },
          { fromShare: 0.5, demandGpus: 40, bands: { reserved1y: 40, onDemand: 0 } },
        ],
      },
      100,
      80,
    );
    expect(bands).toEqual([
      { key: 'reserved1y', path: 'M0,40L50,40L50,40L100,40L100,80L50,80L50,80L0,80Z' },
      { key: 'onDemand', path: 'M0,0L50,0L50,40L100,40L100,40L50,40L50,40L0,40Z' },
    ]);
    // The hand-worked plan's own chart: two bands, nothing drawn for a plan without demand.
    expect(
      ladderMiniBands(ladderChart(ladderPlan(handCase(['reserved1y', 'onDemand']))), 100, 80),
    ).toHaveLength(2);
    expect(ladderMiniBands({ keys: [], points: [] }, 100, 80)).toEqual([]);
  });
});

describe('when the ladder is the answer', () => {
  it('never names a plan that leaves work waiting, however cheaply its waiting is valued', () => {
    // On premises the seed team's own tier stays empty and all 1,920 useful GPU-hours a month wait,
    // valued below the own cluster's cost: cheaper on paper, but it does not do the work.
    const plan = ladderPlan({ ...presets.seedTeam, compliance: 'onPrem' } as Scenario);
    expect(plan.waitingUsefulGpuHoursPerMonth).toBeGreaterThan(0);
    expect(plan.bestWay).not.toBeNull();
    expect(plan.savingVsBestWayCnyPerMonth).toBeGreaterThan(0);
    expect(ladderWins(plan)).toBe(false);
    // The hand-worked plan does all its work and saves 182,500: it is the answer.
    expect(ladderWins(ladderPlan(handCase(['reserved1y', 'onDemand'])))).toBe(true);
  });

  it('compares with the way the headline names: the compliance preset’s Platform, not a hybrid of no baseline', () => {
    const s = presets.complianceEnterprise as Scenario;
    const e = evaluate(s);
    expect(ladderPlan(s).bestWay).toMatchObject({
      id: e.recommendation.strategy,
      monthlyCny: e.strategies[e.recommendation.strategy].monthlyCny,
    });
    expect(e.recommendation.strategy).toBe('platform');
  });
});

describe('the ladder’s deadlines in words', () => {
  const late: LadderDeadlines = {
    runs: [
      { finishWeek: 8, slipWeeks: 2, onTime: false },
      { finishWeek: 4, slipWeeks: 0, onTime: true },
    ],
    allOnTime: false,
    worstSlipWeeks: 2,
    committedGpus: 0,
    ownFromWeek: null,
    serverGpus: 32,
    platformGpus: 224,
    preemptionsPerGpuHour: 0.001,
  };

  it('says how many runs slip and by how much, the capacity counted, and that spot’s preemptions are counted', () => {
    expect(ladderDeadlineText(late, createI18n('en').t, formats('en'))).toBe(
      "On this plan 1 of 2 runs misses its deadline, by 2 weeks. Counted at once: at most 32 whole-server GPUs on demand or spot; 224 platform GPUs by the hour. Spot's preemptions slow the runs, as the failure model prices them.",
    );
    expect(ladderDeadlineText(late, createI18n('zh-CN').t, formats('zh-CN'))).toBe(
      '按此组合排期：2 个训练任务中有 1 个延误，最多延误 2 周。同时计入：最多 32 卡按需或竞价整机；224 卡智算平台按卡时算力。竞价实例的中断会拖慢训练，按故障模型计入。',
    );
    // Committed GPUs of an own rung are said to count once it is built.
    const owned: LadderDeadlines = { ...late, committedGpus: 64, ownFromWeek: 14, preemptionsPerGpuHour: 0 };
    expect(ladderDeadlineText(owned, createI18n('en').t, formats('en'))).toContain(
      "Counted at once: 64 committed GPUs (the own cluster's once it is built); at most 32",
    );
  });

  it('says the last finish week when every run is on time, and a run that never finishes', () => {
    const onTime: LadderDeadlines = {
      ...late,
      runs: [
        { finishWeek: 7, slipWeeks: 0, onTime: true },
        { finishWeek: 4, slipWeeks: 0, onTime: true },
      ],
      allOnTime: true,
      worstSlipWeeks: 0,
      preemptionsPerGpuHour: 0,
    };
    expect(ladderDeadlineText(onTime, createI18n('en').t, formats('en'))).toMatch(
      /^On this plan every run finishes on time, the last in week 7\. Counted at once:/,
    );
    const never: LadderDeadlines = {
      ...onTime,
      runs: [{ finishWeek: null, slipWeeks: null, onTime: false }],
      allOnTime: false,
      worstSlipWeeks: null,
    };
    expect(ladderDeadlineText(never, createI18n('en').t, formats('en'))).toMatch(
      /^On this plan a run does not finish within ten years\./,
    );
  });
});
