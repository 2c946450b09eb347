/**
 * A sparkline's points ("x,y x,y …") for values drawn left to right in a width × height box, the
 * lowest value at the bottom and the highest at the top (a flat series is drawn at mid-height), with
 * a pixel of margin so the stroke is not clipped.
 */
export function sparklinePoints(
  values: readonly number[],
  width: number,
  height: number,
  /** The values at the bottom and top (several lines on one scale); the series' own by default. */
  scale: { lo: number; hi: number } = { lo: Math.min(...values), hi: Math.max(...values) },
): string {
  if (values.length === 0) return '';
  const { lo, hi } = scale;
  const margin = 1;
  const span = hi - lo;
  const step = values.length > 1 ? (width - 2 * margin) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = margin + i * step;
      const y = span > 0 ? margin + (1 - (v - lo) / span) * (height - 2 * margin) : height / 2;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
