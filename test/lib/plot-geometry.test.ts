import { linearScale, linePath, nearestIndex, plotBox } from '../../src/lib/plot-geometry';

describe('plotBox', () => {
  it('is the chart less its margins', () => {
    expect(plotBox(640, 300, { top: 12, right: 16, bottom: 44, left: 76 })).toEqual({
      left: 76,
      top: 12,
      right: 624,
      bottom: 256,
    });
  });
  it('never collapses below 1 px when the chart is narrower than its margins', () => {
    const box = plotBox(50, 20, { top: 12, right: 16, bottom: 44, left: 76 });
    expect(box.right - box.left).toBe(1);
    expect(box.bottom - box.top).toBe(1);
  });
});

describe('linearScale', () => {
  it('maps the domain ends onto the range ends, and inverted ranges (y grows downwards)', () => {
    const sx = linearScale(0, 100, 76, 624);
    expect(sx(0)).toBe(76);
    expect(sx(100)).toBe(624);
    expect(sx(50)).toBe(350);
    const sy = linearScale(0, 200_000, 256, 12);
    expect(sy(0)).toBe(256);
    expect(sy(200_000)).toBe(12);
    expect(sy(100_000)).toBe(134);
  });
  it('maps a zero-width domain to the range start', () => {
    expect(linearScale(5, 5, 10, 20)(7)).toBe(10);
  });
});

describe('linePath', () => {
  const id = (v: number) => v;
  it('draws a polyline through the points, rounded to 0.01 px', () => {
    expect(
      linePath(
        [
          [0, 10],
          [1.234567, 20],
          [2, 30],
        ],
        id,
        id,
      ),
    ).toBe('M0,10L1.23,20L2,30');
  });
  it('breaks the line at a null and starts a new segment after it', () => {
    expect(
      linePath(
        [
          [0, 1],
          [1, null],
          [2, 3],
          [3, 4],
        ],
        id,
        (y) => y * 2,
      ),
    ).toBe('M0,2 M2,6L3,8');
  });
  it('is empty when no point has a value', () => {
    expect(
      linePath(
        [
          [0, null],
          [1, null],
        ],
        id,
        id,
      ),
    ).toBe('');
  });
});

describe('nearestIndex', () => {
  const xs = [0, 1, 2, 3, 4];
  it('finds the nearest x, clamping outside the range', () => {
    expect(nearestIndex(xs, 2.4)).toBe(2);
    expect(nearestIndex(xs, 2.6)).toBe(3);
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 99)).toBe(4);
  });
  it('takes the first of two equally near and -1 for no points', () => {
    expect(nearestIndex(xs, 1.5)).toBe(1);
    expect(nearestIndex([], 1)).toBe(-1);
  });
});
