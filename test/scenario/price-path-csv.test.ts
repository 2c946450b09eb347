import { describe, expect, it } from 'vitest';
import { PRICE_PATH_LIMITS } from '../../src/engine';
import { parsePricePathCsv } from '../../src/scenario/price-path-csv';
import { PriceShapeSchema } from '../../src/scenario/schema';

describe('a price path from a CSV file', () => {
  it('reads dated prices, counts months from the earliest and scales it to 1, keeping the stated source', () => {
    const text =
      '# source: SemiAnalysis GPU rental index\ndate,price\n2025-10,1.70\n2026-03,2.35\n2026-09,2.55\n';
    const r = parsePricePathCsv(text, 'h100-1yr.csv');
    expect(r).toEqual({
      ok: true,
      shape: {
        preset: 'imported',
        name: 'h100-1yr.csv',
        source: 'SemiAnalysis GPU rental index',
        points: [
          { month: 1, index: 1 },
          { month: 6, index: 2.35 / 1.7 },
          { month: 12, index: 2.55 / 1.7 },
        ],
      },
    });
    if (r.ok) expect(PriceShapeSchema.safeParse(r.shape).success).toBe(true);
  });

  it('reads month numbers and indices in any order, with semicolons', () => {
    const r = parsePricePathCsv('month;index\n7;1.25\n1;1\n', 'shortage.csv');
    expect(r.ok && r.shape.points).toEqual([
      { month: 1, index: 1 },
      { month: 7, index: 1.25 },
    ]);
  });

  it('names a bad line by line and column and takes nothing from the file', () => {
    expect(parsePricePathCsv('month,index\n1,1\n2,abc\n3,1.1\n', 'x.csv')).toEqual({
      ok: false,
      issue: { code: 'price', line: 3, column: 2 },
    });
    expect(parsePricePathCsv('1,1\n2026-03,1.2\n', 'x.csv')).toMatchObject({
      ok: false,
      issue: { code: 'mixed', line: 2, column: 1 },
    });
    expect(parsePricePathCsv('1,1\n1,1.2\n', 'x.csv')).toMatchObject({
      ok: false,
      issue: { code: 'duplicate', line: 2 },
    });
    expect(parsePricePathCsv('2026-13,1\n', 'x.csv')).toMatchObject({
      ok: false,
      issue: { code: 'month', line: 1 },
    });
    expect(parsePricePathCsv('1,1\n2,500\n', 'x.csv')).toMatchObject({
      ok: false,
      issue: { code: 'range', line: 2, column: 2, limit: PRICE_PATH_LIMITS.maxIndex },
    });
    expect(parsePricePathCsv('\n# nothing\n', 'x.csv')).toMatchObject({
      ok: false,
      issue: { code: 'empty' },
    });
  });

  it('refuses more points than a path holds, at the line that passes the limit', () => {
    const lines = Array.from({ length: PRICE_PATH_LIMITS.maxPoints + 1 }, (_, i) => `${i + 1},1`).join('\n');
    expect(parsePricePathCsv(lines, 'x.csv')).toMatchObject({
      ok: false,
      issue: { code: 'tooMany', line: PRICE_PATH_LIMITS.maxPoints + 1, limit: PRICE_PATH_LIMITS.maxPoints },
    });
  });
});
