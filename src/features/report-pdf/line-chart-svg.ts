/**
 * A line chart as an SVG string, drawn from data alone (no DOM, no page): the PDF draws its charts
 * from the engine's chart data (src/view-model/chart-data.ts) through this, so an export from
 * any tab, or before the dashboard's charts were ever rendered, gives the same file. svg2pdf turns
 * the string into vector paths and text in the PDF's embedded font.
 */

export interface LineSeries {
  key: string;
  color: string;
  /** SVG stroke-dasharray, e.g. "7 4"; solid when absent. */
  dash?: string;
  /** [x, y] in data units; a null y breaks the line. */
  points: ReadonlyArray<readonly [number, number | null]>;
}

export interface PointMark {
  x: number;
  y: number;
  color: string;
  label: string;
}

export interface ShadedBand {
  x1: number;
  x2: number;
  color: string;
  opacity: number;
}

/** A filled area between a lower and an upper line (a P10–P90 band), in data units. */
export interface ShadedArea {
  color: string;
  opacity: number;
  /** [x, low, high], in x order. */
  points: ReadonlyArray<readonly [number, number, number]>;
}

export interface VerticalLine {
  x: number;
  color: string;
  label: string;
}

export interface LineChartSpec {
  width: number;
  height: number;
  fontFamily: string;
  xDomain: readonly [number, number];
  xTicks: readonly number[];
  xTickLabel: (x: number) => string;
  xTitle: string;
  /** From 0 up (or from `yBottom`); the last tick is the top of the axis. */
  yTicks: readonly number[];
  /** Where the y axis starts (default 0). */
  yBottom?: number;
  yTickLabel: (y: number) => string;
  series: readonly LineSeries[];
  marks?: readonly PointMark[];
  bands?: readonly ShadedBand[];
  areas?: readonly ShadedArea[];
  verticals?: readonly VerticalLine[];
}

/** Room around the plot for the axis labels (points). */
export const PLOT_MARGIN = { left: 64, right: 12, top: 16, bottom: 36 } as const;

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Rough width of a label in points (CJK a full em, other characters about half): for its backing. */
export function approxTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/u.test(ch) ? 1 : 0.5;
  return em * fontSize;
}

/** A white backing under a label, so lines drawn through it do not cross the letters. */
function backing(x: number, baseline: number, text: string, size: number, anchor: 'start' | 'end'): string {
  const w = approxTextWidth(text, size) + 4;
  const left = anchor === 'end' ? x - w + 2 : x - 2;
  return `<rect x="${n(left)}" y="${n(baseline - size)}" width="${n(w)}" height="${n(size + 3)}" fill="#ffffff" fill-opacity="0.75"/>`;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface LabelPlace {
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'end';
}

/** The box a 7.5 pt label takes (its backing), baseline at y. */
function labelBox(x: number, y: number, text: string, anchor: 'start' | 'end'): Box {
  const w = approxTextWidth(text, 7.5) + 4;
  const l = anchor === 'end' ? x - w + 2 : x - 2;
  return { left: l, right: l + w, top: y - 7.5, bottom: y + 3 };
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where a point mark's label goes: above the point, flipped left near the right edge so it stays in
 * the plot; a second mark's below its point, so two close crossings do not stack their labels.
 */
function markLabelPlace(
  m: PointMark,
  i: number,
  sx: (x: number) => number,
  sy: (y: number) => number,
  left: number,
  plotW: number,
): LabelPlace {
  const cx = sx(m.x);
  const anchor = cx > left + plotW * 0.7 ? 'end' : 'start';
  return { x: cx + (anchor === 'end' ? -5 : 5), y: sy(m.y) + (i % 2 === 0 ? -6 : 13), text: m.label, anchor };
}

/** Rounded to 0.01 pt: enough for print, and short strings. */
const n = (v: number) => String(Math.round(v * 100) / 100);

export function lineChartSvg(spec: LineChartSpec): string {
  const { width, height, fontFamily } = spec;
  const left = PLOT_MARGIN.left;
  const top = PLOT_MARGIN.top;
  const plotW = width - PLOT_MARGIN.left - PLOT_MARGIN.right;
  const plotH = height - PLOT_MARGIN.top - PLOT_MARGIN.bottom;
  const [x0, x1] = spec.xDomain;
  const yTop = spec.yTicks[spec.yTicks.length - 1] ?? 1;
  const sx = (x: number) => left + ((x - x0) / (x1 - x0 || 1)) * plotW;
  const y0 = spec.yBottom ?? 0;
  const sy = (y: number) => top + plotH - ((Math.min(Math.max(y, y0), yTop) - y0) / (yTop - y0 || 1)) * plotH;
  const font = `font-family="${escapeXml(fontFamily)}"`;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}">`,
  );
  for (const band of spec.bands ?? []) {
    parts.push(
      `<rect x="${n(sx(band.x1))}" y="${n(top)}" width="${n(Math.max(0, sx(band.x2) - sx(band.x1)))}" height="${n(plotH)}" fill="${band.color}" fill-opacity="${band.opacity}"/>`,
    );
  }
  for (const area of spec.areas ?? []) {
    if (area.points.length < 2) continue;
    const upper = area.points.map(([x, , high]) => `${n(sx(x))} ${n(sy(high))}`);
    const lower = [...area.points].reverse().map(([x, low]) => `${n(sx(x))} ${n(sy(low))}`);
    parts.push(
      `<path d="M${[...upper, ...lower].join(' L')} Z" fill="${area.color}" fill-opacity="${area.opacity}" stroke="none"/>`,
    );
  }
  for (const y of spec.yTicks) {
    parts.push(
      `<line x1="${n(left)}" y1="${n(sy(y))}" x2="${n(left + plotW)}" y2="${n(sy(y))}" stroke="#e5e7eb" stroke-width="0.75"/>`,
    );
    parts.push(
      `<text x="${n(left - 6)}" y="${n(sy(y) + 3)}" font-size="8" fill="#4b5563" text-anchor="end" ${font}>${escapeXml(spec.yTickLabel(y))}</text>`,
    );
  }
  for (const x of spec.xTicks) {
    parts.push(
      `<line x1="${n(sx(x))}" y1="${n(top + plotH)}" x2="${n(sx(x))}" y2="${n(top + plotH + 4)}" stroke="#9ca3af" stroke-width="0.75"/>`,
    );
    parts.push(
      `<text x="${n(sx(x))}" y="${n(top + plotH + 13)}" font-size="8" fill="#4b5563" text-anchor="middle" ${font}>${escapeXml(spec.xTickLabel(x))}</text>`,
    );
  }
  parts.push(
    `<line x1="${n(left)}" y1="${n(top + plotH)}" x2="${n(left + plotW)}" y2="${n(top + plotH)}" stroke="#9ca3af" stroke-width="0.75"/>`,
  );
  parts.push(
    `<text x="${n(left + plotW / 2)}" y="${n(height - 4)}" font-size="8.5" fill="#374151" text-anchor="middle" ${font}>${escapeXml(spec.xTitle)}</text>`,
  );
  // Mark labels first (where they go is fixed by their points), then each vertical line's label at
  // the first place clear of them and of the labels before it: right of its line on the top row,
  // left of it, then a row lower (review: "当前 33%" printed over "与租用持平：39.4%" on page 1).
  const markLabels = (spec.marks ?? []).map((m, i) => markLabelPlace(m, i, sx, sy, left, plotW));
  const taken: Box[] = markLabels.map((l) => labelBox(l.x, l.y, l.text, l.anchor));
  for (const v of spec.verticals ?? []) {
    parts.push(
      `<line x1="${n(sx(v.x))}" y1="${n(top)}" x2="${n(sx(v.x))}" y2="${n(top + plotH)}" stroke="${v.color}" stroke-width="1" stroke-dasharray="2 3"/>`,
    );
    const candidates: { x: number; y: number; anchor: 'start' | 'end' }[] = [];
    for (let row = 0; row < 4; row++) {
      const y = top + 8 + row * 10;
      candidates.push({ x: sx(v.x) + 3, y, anchor: 'start' }, { x: sx(v.x) - 3, y, anchor: 'end' });
    }
    const inside = (b: Box) => b.left >= left - 1 && b.right <= left + plotW + 1;
    const place =
      candidates.find((c) => {
        const b = labelBox(c.x, c.y, v.label, c.anchor);
        return inside(b) && !taken.some((t) => overlaps(t, b));
      }) ??
      candidates.find((c) => inside(labelBox(c.x, c.y, v.label, c.anchor))) ??
      (candidates[0] as (typeof candidates)[number]);
    taken.push(labelBox(place.x, place.y, v.label, place.anchor));
    parts.push(backing(place.x, place.y, v.label, 7.5, place.anchor));
    parts.push(
      `<text x="${n(place.x)}" y="${n(place.y)}" font-size="7.5" fill="${v.color}" text-anchor="${place.anchor}" ${font}>${escapeXml(v.label)}</text>`,
    );
  }
  for (const s of spec.series) {
    const segments: string[] = [];
    let current = '';
    for (const [x, y] of s.points) {
      if (y === null) {
        if (current) segments.push(current);
        current = '';
        continue;
      }
      current += `${current ? ' L' : 'M'}${n(sx(x))} ${n(sy(y))}`;
    }
    if (current) segments.push(current);
    for (const d of segments) {
      parts.push(
        `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.75" stroke-linejoin="round"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`,
      );
    }
  }
  for (const [i, m] of (spec.marks ?? []).entries()) {
    const cx = sx(m.x);
    const cy = sy(m.y);
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="3.5" fill="${m.color}" stroke="#ffffff" stroke-width="1"/>`,
    );
    const l = markLabels[i] as LabelPlace;
    parts.push(backing(l.x, l.y, l.text, 7.5, l.anchor));
    parts.push(
      `<text x="${n(l.x)}" y="${n(l.y)}" font-size="7.5" fill="#111827" text-anchor="${l.anchor}" ${font}>${escapeXml(l.text)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
