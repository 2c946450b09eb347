import { describe, expect, it } from 'vitest';
import { DECLINE_STRIP, presets } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { flipDeclineText, flipPathText } from '../../src/view-model/decline-text';

/** The ways' own names: no cluster owned (the hybrid's baseline mode then names nothing). */
const NO_CLUSTER = { existing: null, hybrid: presets.seedTeam!.hybrid };

describe('the no-flip sentence names the strip’s range', () => {
  it('English: from a 20 % rise to a 30 % fall a year, the range the dashboard’s strip shows', () => {
    const text = flipDeclineText(null, 'platform', createI18n('en').t, 'en', NO_CLUSTER);
    expect(text).toBe(
      `Platform stays cheapest at every steady GPU-time price change from a ${-DECLINE_STRIP.min * 100}% rise to a ${DECLINE_STRIP.max * 100}% fall a year.`,
    );
    expect(text).not.toContain('60');
  });

  it('Chinese: 上涨 20% 至下降 30%', () => {
    const text = flipDeclineText(null, 'platform', createI18n('zh-CN').t, 'zh-CN', NO_CLUSTER);
    expect(text).toContain(`上涨 ${-DECLINE_STRIP.min * 100}% 至下降 ${DECLINE_STRIP.max * 100}%`);
    expect(text).not.toContain('60');
  });
});

describe('a flip at a rise is said as a rise', () => {
  it('a flip decline of −4.2 %/yr reads “rise 4.2 % a year”, in both languages', () => {
    const flip = {
      from: 'selfBuild',
      to: 'platform',
      declineFractionPerYear: -0.042,
      side: 'higher',
    } as const;
    expect(flipDeclineText(flip, 'selfBuild', createI18n('en').t, 'en', NO_CLUSTER)).toBe(
      'The answer flips if GPU-time prices rise 4.2% a year: rising slower or falling, Platform is cheaper; rising faster, Self-build.',
    );
    expect(flipDeclineText(flip, 'selfBuild', createI18n('zh-CN').t, 'zh-CN', NO_CLUSTER)).toContain(
      '年涨幅 4.2% 处翻转',
    );
  });
});

describe('the flip along the path', () => {
  it('says how far below or above the path every future price would have to run', () => {
    const t = createI18n('en').t;
    expect(
      flipPathText(
        { from: 'selfBuild', to: 'platform', shiftFraction: -0.123 },
        'selfBuild',
        t,
        'en',
        NO_CLUSTER,
      ),
    ).toBe(
      'If every future GPU-time price ran 12.3% below this price path, Platform would be cheaper than Self-build.',
    );
    expect(flipPathText(null, 'rent', t, 'en', NO_CLUSTER)).toBe(
      'Rent stays cheapest with every future GPU-time price anywhere from 60% below this price path to 100% above it.',
    );
    const zh = createI18n('zh-CN').t;
    expect(
      flipPathText(
        { from: 'platform', to: 'selfBuild', shiftFraction: 0.2 },
        'platform',
        zh,
        'zh-CN',
        NO_CLUSTER,
      ),
    ).toContain('比此价格路径高 20.0%');
  });
});

describe('with a cluster already owned', () => {
  it('the flip sentences name the ways by what they do with it (keep, sell)', () => {
    const t = createI18n('en').t;
    const owned = { existing: presets.ownedH800s!.existing, hybrid: presets.ownedH800s!.hybrid };
    expect(
      flipPathText({ from: 'platform', to: 'hybrid', shiftFraction: 0.183 }, 'platform', t, 'en', owned),
    ).toBe(
      'If every future GPU-time price ran 18.3% above this price path, Keep and burst would be cheaper than Sell and pool.',
    );
    expect(flipDeclineText(null, 'selfBuild', t, 'en', owned)).toMatch(/^Keep \(and add\) stays cheapest/);
  });
});
