import { describe, expect, it } from 'vitest';
import { evaluate, ladderPlan, presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import {
  ladderMarketText,
  ladderRungCells,
  ladderSentence,
  ladderStanding,
} from '../../src/view-model/ladder-text';
import { marketCaveatText, marketPeakGpus, marketWaysText } from '../../src/view-model/market-text';
import { wayName } from '../../src/view-model/way-name';
import { handCase } from '../engine/ladder/hand-case';

/*
 * The on-demand market under the verdict: the steady lab's figures worked out here from its weekly
 * curve, the platform's efficiency and a quote of 256 GPUs one can get on demand.
 */

// The steady lab with a provider's quote of 256 GPUs on demand: the hand cases' premise (the preset's
// own default scales with it: test/engine/market-default.test.ts).
const lab: Scenario = {
  ...(presets.steadyLab as Scenario),
  trainingPlan: { ...(presets.steadyLab as Scenario).trainingPlan, onDemandGpus: 256 },
};

/** The lab with renting and the platform three times dearer: a way that owns its base wins. */
const dear: Scenario = {
  ...lab,
  rent: { ...lab.rent, priceCnyPerServerHour: lab.rent.priceCnyPerServerHour * 3 },
  platform: { ...lab.platform, priceCnyPerGpuHour: lab.platform.priceCnyPerGpuHour * 3 },
};

/** The platform's draw by hand: held = useful ÷ efficiency; each week serves at most market × efficiency. */
function platformByHand(s: Scenario, efficiency: number) {
  const weeks = s.demand.weeklyGpus;
  // Whole jobs only: 256 GPUs are whole jobs of the lab's 32 GPUs.
  const job = s.demand.gpusPerJob;
  const usable = Math.floor(s.trainingPlan.onDemandGpus / job) * job * efficiency;
  const work = weeks.reduce((sum, g) => sum + g, 0);
  const served = weeks.reduce((sum, g) => sum + Math.min(g, usable), 0);
  return { peak: Math.ceil(Math.max(...weeks) / efficiency), share: 1 - served / work };
}

describe('the steady lab’s platform against 256 GPUs on demand', () => {
  const e = evaluate(lab);
  const efficiency = e.efficiencies.platform.value;
  const hand = platformByHand(lab, efficiency);

  it('the engine’s draw is the hand-worked one', () => {
    expect(lab.demand.mode).toBe('weekly');
    expect(lab.trainingPlan.onDemandGpus).toBe(256);
    expect(efficiency).toBe(lab.platform.utilization);
    const use = e.market.ways.platform;
    expect(use && marketPeakGpus(use)).toBe(hand.peak);
    expect(use?.beyondShare).toBeCloseTo(hand.share, 9);
  });

  it('English: the winner needs more at once than the market has, and what share of its work would wait', () => {
    expect(e.recommendation.strategy).toBe('platform');
    const text = marketCaveatText(e, lab, 'en', createI18n('en').t);
    expect(text).toBe(
      `Platform would need up to ${hand.peak} GPUs at once in its busiest week, and 256 can be had on demand: ${(hand.share * 100).toFixed(1)}% of its work would wait for them. Its cost is priced as if the market supplied them all.`,
    );
  });

  it('Chinese: 按需可得 256 张', () => {
    const text = marketCaveatText(e, lab, 'zh-CN', createI18n('zh-CN').t);
    expect(text).toContain(
      `最多需要同时使用 ${hand.peak} 张 GPU，而按需可得 256 张：其 ${(hand.share * 100).toFixed(1)}% 的工作量`,
    );
  });

  it('every way in the details, and nothing under the verdict once the market holds the busiest week', () => {
    const ways = marketWaysText(e, lab, 'en', createI18n('en').t);
    expect(ways).toContain(
      `Platform needs ${hand.peak} (${(hand.share * 100).toFixed(1)}% of its work waits)`,
    );
    // The market serves whole jobs: the peak rounded up to whole jobs of the demand's GPUs per job.
    const job = lab.demand.gpusPerJob;
    const wide = {
      ...lab,
      trainingPlan: { ...lab.trainingPlan, onDemandGpus: Math.ceil(hand.peak / job) * job },
    };
    const ew = evaluate(wide);
    expect(marketCaveatText(ew, wide, 'en', createI18n('en').t)).toBeNull();
    expect(marketWaysText(ew, wide, 'en', createI18n('en').t)).toContain(
      `Platform needs ${hand.peak} (fits)`,
    );
  });

  it('the seed example fits: no caution', () => {
    const seed = presets.seedTeam as Scenario;
    expect(marketCaveatText(evaluate(seed), seed, 'en', createI18n('en').t)).toBeNull();
  });
});

describe('the steady lab’s own cluster while it is built, against 256 GPUs on demand', () => {
  const e = evaluate(lab);
  const hand = platformByHand(lab, e.efficiencies.platform.value);

  it('the details name the build months: the platform takes all the work meanwhile, as the platform way does', () => {
    const lead = e.market.ways.selfBuild?.buildLeadTime;
    expect(lead?.via).toBe('platform');
    expect(lead?.months).toBe(4);
    const share = `${(hand.share * 100).toFixed(1)}%`;
    expect(marketWaysText(e, lab, 'en', createI18n('en').t)).toContain(
      `Self-build needs ${hand.peak} while its cluster is built (4 months; ${share} of that work waits)`,
    );
    expect(marketWaysText(e, lab, 'zh-CN', createI18n('zh-CN').t)).toContain(
      `在集群建设期间需要 ${hand.peak} 张（4 个月；其间 ${share} 的工作量等待）`,
    );
  });

  it('when a way that builds wins, the verdict says its build months need more than the market has', () => {
    // Renting and the platform three times dearer: the hybrid on an own baseline wins, and its build
    // months are still bought by the hour (on the platform, the cheaper of the two per useful GPU-hour).
    const ed = evaluate(dear);
    expect(lab.hybrid.baselineMode).toBe('owned');
    expect(ed.recommendation.strategy).toBe('hybrid');
    expect(ed.market.ways.hybrid?.buildLeadTime?.via).toBe('platform');
    const share = `${(hand.share * 100).toFixed(1)}%`;
    const en = createI18n('en').t;
    const zh = createI18n('zh-CN').t;
    expect(marketCaveatText(ed, dear, 'en', en)).toContain(
      `While its cluster is built (4 months), ${wayName(en, 'hybrid', dear)} buys its work by the hour and would need up to ${hand.peak} GPUs at once for it, and 256 can be had on demand: ${share} of that work would wait for them. Its cost is priced as if the market supplied them all.`,
    );
    expect(marketCaveatText(ed, dear, 'zh-CN', zh)).toContain(
      `集群建设期间（4 个月），${wayName(zh, 'hybrid', dear)}按小时购买算力，最多需要同时使用 ${hand.peak} 张 GPU，而按需可得 256 张：这期间 ${share} 的工作量将等待这些 GPU。其成本按市场能全部供应计算。`,
    );
  });
});

describe('the ladder’s plan against the market', () => {
  const f = { money: String, count: (n: number) => n.toLocaleString('en'), percent: String };

  it('the steady lab’s elastic part fits: ⌈(peak − 592 × 75 %) ÷ 75 %⌉ GPUs within 256', () => {
    const plan = ladderPlan(lab);
    const efficiency = lab.platform.utilization;
    const held = Math.ceil((Math.max(...lab.demand.weeklyGpus) - 592 * efficiency) / efficiency);
    expect(ladderMarketText(plan, createI18n('en').t, f)).toBe(
      `Its by-the-hour part holds at most ${held} GPUs at once, within the 256 one can get on demand.`,
    );
    expect(ladderMarketText(plan, createI18n('zh-CN').t, f)).toBe(
      `其按小时计费部分最多同时占用 ${held} 张 GPU，在按需可得的 256 张之内。`,
    );
  });

  it('a smaller market: the plan reserves more, and its by-the-hour part holds at most one 32-GPU job of the 40', () => {
    const tight = { ...lab, trainingPlan: { ...lab.trainingPlan, onDemandGpus: 40 } };
    const plan = ladderPlan(tight);
    expect(ladderMarketText(plan, createI18n('en').t, f)).toMatch(
      /^Its by-the-hour part holds at most \d+ GPUs at once, within the 40 one can get on demand\.$/,
    );
    // The lab's jobs take 32 GPUs: ⌊40 ÷ 32⌋ × 32 = 32 of the 40 can serve at once.
    expect(plan.market.peakGpus).toBeLessThanOrEqual(32 + 1e-9);
    const reserved = (p: typeof plan) => p.pricing.bands.reduce((n, b) => n + b.gpus, 0);
    expect(reserved(plan)).toBeGreaterThan(reserved(ladderPlan(lab)));
  });

  it('with no commitment on, a market too small: the by-the-hour part needs more than it', () => {
    const off = Object.fromEntries(Object.keys(lab.ladder.tiers).map((id) => [id, id === 'platformElastic']));
    const tight = {
      ...lab,
      ladder: { ...lab.ladder, tiers: off as Scenario['ladder']['tiers'] },
      trainingPlan: { ...lab.trainingPlan, onDemandGpus: 100 },
    };
    const plan = ladderPlan(tight);
    expect(ladderMarketText(plan, createI18n('en').t, f)).toBe(
      'Its by-the-hour part needs more GPUs at once than the 100 one can get on demand.',
    );
    expect(ladderMarketText(plan, createI18n('zh-CN').t, f)).toBe(
      '其按小时计费部分需要同时占用的 GPU 超过按需可得的 100 张。',
    );
  });
});

describe('the ladder’s own rung while it is built, in words', () => {
  const f = { money: String, count: (n: number) => n.toLocaleString('en'), percent: String };

  it('its work bought by the hour meanwhile takes the busiest week ÷ 75 % of the market’s GPUs, more than its 256', () => {
    const plan = ladderPlan(dear);
    const own = plan.pricing.bands.find((b) => b.id === 'own');
    expect(own).toBeDefined();
    const peak = Math.max(...lab.demand.weeklyGpus);
    const efficiency = lab.platform.utilization;
    // The own rung holds its GPUs × the own cluster's efficiency; the elastic part the rest of the peak.
    const ownUsable = (own?.gpus ?? 0) * evaluate(dear).efficiencies.own.value;
    const elastic = Math.ceil((peak - ownUsable) / efficiency - 1e-9);
    const building = Math.ceil(peak / efficiency);
    expect(ladderMarketText(plan, createI18n('en').t, f)).toBe(
      `Its by-the-hour part holds at most ${elastic} GPUs at once, within the 256 one can get on demand. While its own cluster is built (4 months), that work is bought by the hour too: up to ${building} GPUs at once, more than the 256 one can get on demand.`,
    );
    expect(ladderMarketText(plan, createI18n('zh-CN').t, f)).toBe(
      `其按小时计费部分最多同时占用 ${elastic} 张 GPU，在按需可得的 256 张之内。自有集群建设期间（4 个月），这部分算力也按小时购买：最多同时占用 ${building} 张 GPU，超过按需可得的 256 张。`,
    );
  });
});

describe('the ladder that keeps within the market, in words', () => {
  const f = {
    money: (n: number) => Math.round(n).toLocaleString('en'),
    count: (n: number) => n.toLocaleString('en'),
    percent: String,
  };
  // The hand case (weeks of 80 and 40 useful GPUs on 8-GPU servers held 50 % usefully, 12.5 CNY a
  // GPU-hour), 60 GPUs on demand, a 1-year reservation at no discount.
  const s0 = handCase(['reserved1y', 'onDemand']);
  const s: Scenario = {
    ...s0,
    trainingPlan: { ...s0.trainingPlan, onDemandGpus: 60 },
    ladder: { ...s0.ladder, reserved1yDiscountFraction: 0 },
  };

  it('says it costs more than renting, which would need 160 GPUs at once where 60 can be had', () => {
    const plan = ladderPlan(s);
    // 104 × 730 × 12.5 + 28 × ½ × 730 ÷ 50 % × 12.5 = 1,204,500 against 60 ÷ 50 % × 730 × 12.5 = 1,095,000.
    expect(ladderSentence(plan, createI18n('en').t, f)).toBe(
      'Reserve 104 GPUs for one year; the rest on whole servers rented on demand: 1,204,500 a month, 109,500 more than the best single way (Rent, 1,095,000 a month) — but that way would need up to 160 GPUs at once where 60 can be had on demand; the plan commits the rest so that it fits.',
    );
    expect(ladderSentence(plan, createI18n('zh-CN').t, f)).toContain(
      '多 109,500；但该方式最多需同时占用 160 张 GPU，而按需只能获得 60 张',
    );
  });

  it('stands as the answer the market allows; with an open market it wins; on demand alone is renting itself', () => {
    expect(ladderStanding(ladderPlan(s))).toBe('fitsMarket');
    expect(ladderStanding(ladderPlan(handCase(['reserved1y', 'onDemand'])))).toBe('wins');
    expect(ladderStanding(ladderPlan(handCase(['onDemand'])))).toBe('same');
  });

  it('the reservation’s rung keeps the plan within the market, in place of a saving', () => {
    const cells = ladderRungCells(ladderPlan(s), createI18n('en').t, f);
    expect(cells.find((row) => row[0]?.includes('1-year') || row[0]?.includes('one year'))?.[4]).toBe(
      'keeps the plan within the GPUs one can get on demand',
    );
  });
});
