import { describe, expect, it } from 'vitest';
import { tornadoLayout } from '../../../src/features/analysis/tornado-panel';
import { assumptionSearchEntries } from '../../../src/features/dashboard/parameter-panels';
import { overflowSides } from '../../../src/features/layout/scroll-cues';
import { createI18n } from '../../../src/i18n';
import { matchesQuery, matchingKeys, queryWords } from '../../../src/lib/assumption-search';
import { labelWidthPx, wrapLabel } from '../../../src/lib/label-layout';

const entries = assumptionSearchEntries(
  createI18n('en').getFixedT('en', 'common'),
  createI18n('zh-CN').getFixedT('zh-CN', 'common'),
);

describe('assumption search, by name in either language', () => {
  it('a Chinese name finds the Chinese label, an English one the English label', () => {
    expect(matchingKeys(entries, '电价')).toEqual(new Set(['selfBuild.electricityCnyPerKwh']));
    expect(matchingKeys(entries, 'electricity')).toEqual(new Set(['selfBuild.electricityCnyPerKwh']));
  });

  it('every word must occur; case, width and spacing do not matter', () => {
    const serverPrice = entries.find((e) => e.key === 'selfBuild.serverPriceCny');
    expect(serverPrice).toBeDefined();
    if (!serverPrice) return;
    expect(matchesQuery(serverPrice, '  SERVER   price ')).toBe(true);
    expect(matchesQuery(serverPrice, 'ｓｅｒｖｅｒ')).toBe(true);
    expect(matchesQuery(serverPrice, 'server power')).toBe(false);
    expect(matchesQuery(serverPrice, '')).toBe(true);
  });

  it('finds the choice fields too, and nothing for a word no label has', () => {
    expect(matchingKeys(entries, 'recovery').has('recovery')).toBe(true);
    expect(matchingKeys(entries, 'zzz-no-such-input').size).toBe(0);
  });

  it('splits a query at spaces and Chinese commas', () => {
    expect(queryWords('电价，PUE  power')).toEqual(['电价', 'pue', 'power']);
  });
});

describe('label wrapping and the tornado layout', () => {
  it('wraps English at spaces and Chinese anywhere, never wider than asked unless one word is', () => {
    const lines = wrapLabel('Yearly decline of the hardware resale value', 120, 11);
    expect(lines.join(' ')).toBe('Yearly decline of the hardware resale value');
    for (const line of lines) expect(labelWidthPx(line, 11)).toBeLessThanOrEqual(120);
    const zh = wrapLabel('硬件转售价值的年降幅与租用价格年降幅', 60, 12);
    expect(zh.join('')).toBe('硬件转售价值的年降幅与租用价格年降幅');
    for (const line of zh) expect(labelWidthPx(line, 12)).toBeLessThanOrEqual(60);
  });

  it('rows are tall enough for the longest wrapped label, and the label axis takes a share of the width', () => {
    const labels = ['Server price', 'Yearly decline of the GPU-time price (rent and platform bills)'];
    const narrow = tornadoLayout(labels, 340);
    const wide = tornadoLayout(labels, 1100);
    expect(narrow.axisWidthPx).toBeLessThan(wide.axisWidthPx);
    for (const layout of [narrow, wide]) {
      const most = Math.max(...Object.values(layout.lines).map((l) => l.length));
      expect(layout.rowHeightPx).toBeGreaterThanOrEqual(most * 13);
    }
    expect(narrow.lines['Server price']).toEqual(['Server price']);
  });
});

describe('scroll cues', () => {
  it('says which side hides content', () => {
    expect(overflowSides(0, 300, 300)).toBe('');
    expect(overflowSides(0, 300, 500)).toBe('end');
    expect(overflowSides(100, 300, 500)).toBe('both');
    expect(overflowSides(200, 300, 500)).toBe('start');
  });
});
