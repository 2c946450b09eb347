import { describe, expect, it } from 'vitest';
import { waterfallSvg } from '../../../src/features/report-pdf/budget-actual-section';

const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };

describe('the PDF’s waterfall from budget to actual', () => {
  const bars = [
    { kind: 'budget' as const, startCny: 0, endCny: 100 },
    { kind: 'volume' as const, startCny: 100, endCny: 120 },
    { kind: 'efficiency' as const, startCny: 120, endCny: 110 },
    { kind: 'price' as const, startCny: 110, endCny: 115 },
    { kind: 'actual' as const, startCny: 0, endCny: 115 },
  ];

  it('draws one bar per step, a part that cost more red and one that saved green, and escapes its labels', () => {
    const svg = waterfallSvg(bars, ['Budget', 'A & B', 'C', 'D', 'Actual'], money);
    const rects = [...svg.matchAll(/<rect [^>]*fill="([^"]+)"/g)].map((m) => m[1]);
    expect(rects).toEqual(['#374151', '#b91c1c', '#15803d', '#b91c1c', '#374151']);
    expect(svg).toContain('A &amp; B');
    expect(svg).not.toContain('A & B');
  });

  it('scales the bars to the highest end: the actual of 115 is 115 ÷ 120 of the volume step’s top', () => {
    const svg = waterfallSvg(bars, ['a', 'b', 'c', 'd', 'e'], money);
    const heights = [...svg.matchAll(/<rect [^>]*height="([^"]+)"/g)].map((m) => Number(m[1]));
    // Plot height 200 − 10 − 28 = 162 points for 120 CNY.
    expect(heights[0]).toBeCloseTo((100 / 120) * 162, 1);
    expect(heights[4]).toBeCloseTo((115 / 120) * 162, 1);
    expect(heights[1]).toBeCloseTo((20 / 120) * 162, 1);
  });
});
