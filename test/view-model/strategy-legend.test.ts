import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { drawnStrategies, legendLabel, strategyLegend } from '../../src/view-model/strategy-legend';
import { INELIGIBLE_COLOR, STRATEGY_COLORS, STRATEGY_DASH } from '../../src/view-model/strategy-style';

const seed = presets.seedTeam as Scenario;
const onPrem: Scenario = { ...seed, compliance: 'onPrem' };

describe('strategyLegend', () => {
  it('lists every strategy in the engine order in its colour and dash when the engine allows it', () => {
    expect(strategyLegend(evaluate(seed))).toEqual(
      STRATEGY_IDS.map((strategy) => ({
        strategy,
        available: true,
        color: STRATEGY_COLORS[strategy],
        ...(STRATEGY_DASH[strategy] ? { dash: STRATEGY_DASH[strategy] } : {}),
      })),
    );
  });

  it('greys out and marks unavailable each strategy the engine rules out (on premises: the rentals)', () => {
    const e = evaluate(onPrem);
    const legend = strategyLegend(e);
    for (const entry of legend) {
      const eligible = e.strategies[entry.strategy].eligible;
      expect(entry.available).toBe(eligible);
      expect(entry.color).toBe(eligible ? STRATEGY_COLORS[entry.strategy] : INELIGIBLE_COLOR);
    }
    expect(legend.filter((entry) => !entry.available).map((entry) => entry.strategy)).toEqual([
      'rent',
      'platform',
      'hybrid',
    ]);
  });
});

describe('legendLabel', () => {
  const t = createI18n('en').t;
  it('is the name alone for an available strategy and the name with the "not available" mark otherwise', () => {
    const [self, rent] = strategyLegend(evaluate(onPrem));
    expect(legendLabel(self!, 'Self-build', 'not available', t)).toBe('Self-build');
    expect(legendLabel(rent!, 'Rent servers', 'not available', t)).toBe('Rent servers (not available)');
    expect(legendLabel(rent!, '租用服务器', '不可选', createI18n('zh-CN').t)).toBe('租用服务器（不可选）');
  });
});

describe('drawnStrategies', () => {
  it('is the strategies the engine finds eligible, in the engine order', () => {
    expect(drawnStrategies(evaluate(seed))).toEqual([...STRATEGY_IDS]);
    const e = evaluate(onPrem);
    expect(drawnStrategies(e)).toEqual(STRATEGY_IDS.filter((id) => e.strategies[id].eligible));
    expect(drawnStrategies(e)).toEqual(['selfBuild']);
  });
});
