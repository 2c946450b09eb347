import { describe, expect, it } from 'vitest';
import { approxTextWidth, lineChartSvg } from '../../../src/features/report-pdf/line-chart-svg';

/** Every 7.5 pt label of the SVG with the box it prints in (CJK a full em, other characters half). */
function labelBoxes(svg: string) {
  return [
    ...svg.matchAll(
      /<text x="([\d.-]+)" y="([\d.-]+)" font-size="7.5"[^>]*text-anchor="(start|end)"[^>]*>([^<]*)</g,
    ),
  ].map(([, x, y, anchor, text]) => {
    const w = approxTextWidth(text ?? '', 7.5);
    const left = anchor === 'end' ? Number(x) - w : Number(x);
    return { text, left, right: left + w, top: Number(y) - 7.5, bottom: Number(y) + 2 };
  });
}

describe('the PDF chart’s labels', () => {
  it('never print over each other: the “now” line’s label moves clear of a meeting point’s label near it', () => {
    // Page 1's short crossover chart (499 × 76 pt): today at 33 %, self-build meets rent at 39.4 %
    // half-way up, where the two labels met on one row.
    const svg = lineChartSvg({
      width: 499,
      height: 76,
      fontFamily: 'NotoSansSC',
      xDomain: [0, 100],
      xTicks: [0, 20, 40, 60, 80, 100],
      xTickLabel: (x) => `${x}%`,
      xTitle: '负载率',
      yTicks: [0, 100_000, 200_000],
      yTickLabel: (v) => String(v),
      series: [],
      marks: [{ x: 39.4, y: 100_000, color: '#c2410c', label: '与租用持平：39.4%' }],
      verticals: [{ x: 33, color: '#374151', label: '当前 33%' }],
    });
    const [mark, now] = [
      labelBoxes(svg).find((b) => b.text?.startsWith('与租用')),
      labelBoxes(svg).find((b) => b.text?.startsWith('当前')),
    ];
    if (!mark || !now) throw new Error('both labels are drawn');
    const apart =
      now.right <= mark.left || mark.right <= now.left || now.bottom <= mark.top || mark.bottom <= now.top;
    expect(apart).toBe(true);
  });
});
