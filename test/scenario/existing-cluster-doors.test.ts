import { describe, expect, it } from 'vitest';
import { presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { decodeScenarioHash, encodeScenarioHash, readScenarioFile, scenarioToJson } from '../../src/scenario';
import { encodeFullScenarioHash } from '../../src/scenario/url-codec';
import { issuesText } from '../../src/view-model/import-messages';

// Schema v16: a cluster already owned and its lens travel through every door, and a bad one is named.

const owned: Scenario = {
  ...(presets.ownedH800s as Scenario),
  finance: { ...(presets.ownedH800s as Scenario).finance, lens: 'full' },
  existing: { servers: 40, ageMonths: 30, pricePaidCnyPerServer: 2_450_000 },
};

const file = (text: string) => ({ size: text.length, text: async () => text });

describe('a cluster already owned through the doors', () => {
  it('travels exactly in a short link, a whole-scenario link and a saved file', async () => {
    expect(decodeScenarioHash(encodeScenarioHash(owned))).toEqual({ ok: true, scenario: owned });
    expect(decodeScenarioHash(encodeFullScenarioHash(owned))).toEqual({ ok: true, scenario: owned });
    const read = await readScenarioFile(file(scenarioToJson(owned)));
    expect(read.ok && read.scenario).toEqual(owned);
  });

  it('a saved file with no servers or half a month is refused, each field named in both languages', async () => {
    const bad = structuredClone(owned) as unknown as { existing: Record<string, number> };
    bad.existing.servers = 0;
    bad.existing.ageMonths = 2.5;
    const read = await readScenarioFile(file(JSON.stringify(bad)));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.issues.map((i) => i.path).sort()).toEqual(['existing.ageMonths', 'existing.servers']);
    const en = issuesText(createI18n('en').t, read.issues, 'en');
    expect(en).toContain('Servers already owned');
    expect(en).toContain('Age at month 1, in months');
    const zh = issuesText(createI18n('zh-CN').t, read.issues, 'zh-CN');
    expect(zh).toContain('已有服务器台数');
    expect(zh).toContain('第 1 个月时已使用的月数');
  });

  it('a lens the app does not know is refused, named', async () => {
    const bad = structuredClone(owned) as unknown as { finance: Record<string, unknown> };
    bad.finance.lens = 'sunk';
    const read = await readScenarioFile(file(JSON.stringify(bad)));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.issues.map((i) => i.path)).toEqual(['finance.lens']);
    expect(issuesText(createI18n('en').t, read.issues, 'en')).toContain('How to count the cluster you own');
  });
});
