import { describe, expect, it } from 'vitest';
import { sparklinePoints } from '../../src/view-model/sparkline';

describe('sparkline points', () => {
  it('draws the lowest value at the bottom and the highest at the top, left to right', () => {
    // Width 12, height 12, margin 1: x at 1, 6, 11; y at 11 (lowest), 1 (highest).
    expect(sparklinePoints([1, 2, 1.5], 12, 12)).toBe('1,11 6,1 11,6');
  });

  it('draws a flat series at mid-height, and nothing for no values', () => {
    expect(sparklinePoints([1, 1], 10, 20)).toBe('1,10 9,10');
    expect(sparklinePoints([], 10, 20)).toBe('');
  });
});
