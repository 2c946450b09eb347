import { describe, expect, it } from 'vitest';
import { defaultScenario, presetHardwareShape, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { decodeScenarioHash, encodeScenarioHash, readScenarioFile, scenarioToJson } from '../../src/scenario';
import { encodeFullScenarioHash } from '../../src/scenario/url-codec';
import { issuesText } from '../../src/view-model/import-messages';

// Schema v15: hardware purchase and resale paths travel through every door, and a bad one is named.

const withPaths: Scenario = {
  ...defaultScenario,
  finance: {
    ...defaultScenario.finance,
    hardwarePriceShape: presetHardwareShape('shortage'),
    resalePriceShape: presetHardwareShape('observed'),
  },
};

const file = (text: string) => ({ size: text.length, text: async () => text });

describe('hardware paths through the doors', () => {
  it('travel exactly in a short link, a whole-scenario link and a saved file', async () => {
    expect(decodeScenarioHash(encodeScenarioHash(withPaths))).toEqual({ ok: true, scenario: withPaths });
    expect(decodeScenarioHash(encodeFullScenarioHash(withPaths))).toEqual({ ok: true, scenario: withPaths });
    const read = await readScenarioFile(file(scenarioToJson(withPaths)));
    expect(read.ok && read.scenario).toEqual(withPaths);
  });

  it('a saved file whose hardware path has months out of order is refused, the path named in both languages', async () => {
    const bad = structuredClone(withPaths);
    bad.finance.hardwarePriceShape = {
      preset: 'imported',
      name: 'quotes',
      source: '',
      points: [
        { month: 12, index: 1.2 },
        { month: 6, index: 1.1 },
      ],
    };
    const read = await readScenarioFile(file(scenarioToJson(bad)));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.issues.map((i) => i.path)).toContain('finance.hardwarePriceShape.points.1.month');
    expect(issuesText(createI18n('en').t, read.issues, 'en')).toContain('Hardware price path');
    expect(issuesText(createI18n('zh-CN').t, read.issues, 'zh-CN')).toContain('硬件价格路径');
  });
});
