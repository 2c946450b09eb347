import { describe, expect, it } from 'vitest';
import { evaluate, ladderPlan, presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { ladderMarketText } from '../../src/view-model/ladder-text';
import { marketCaveatText, marketPeakGpus, marketWaysText } from '../../src/view-model/market-text';

/*
 * The on-demand market under the verdict: the steady lab's figures worked out here from its weekly
 * curve, the platform's efficiency and the 256 GPUs its preset can get on demand.
 */

const lab = presets.steadyLab as Scenario;

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

  it('a smaller market: more than it', () => {
    const tight = { ...lab, trainingPlan: { ...lab.trainingPlan, onDemandGpus: 10 } };
    expect(ladderMarketText(ladderPlan(tight), createI18n('en').t, f)).toContain(
      'more than the 10 one can get on demand',
    );
  });
});
