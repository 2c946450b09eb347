import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Breakdown, COST_CATEGORIES, STRATEGY_IDS } from '../../src/engine';
import {
  BILLS_CSV_LIMITS,
  type BillsError,
  type BillsErrorCode,
  horizonMonthOf,
  parseBillsCsv,
} from '../../src/scenario/bills-csv';
import { MAX_CSV_BYTES } from '../../src/scenario/csv-limits';

/**
 * Actual spend from a CSV of bills (issue 39 item 2), against arithmetic done here: rows of the same
 * month and way add up per category, USD at the caller's rate (7.2 CNY per USD: 1,000 USD = 7,200 CNY),
 * hours add up where given.
 */
const RATE = { cnyPerUsd: 7.2 };

function spend(part: Partial<Breakdown>): Breakdown {
  return { compute: 0, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0, ...part };
}

function errorsOf(text: string, options = RATE): BillsError[] {
  const r = parseBillsCsv(text, options);
  if (r.ok) throw new Error(`expected errors, got ${JSON.stringify(r.bills)}`);
  return r.errors;
}

describe('a CSV of bills', () => {
  it('three months × two ways, written out of order: spend per month, way and category, USD at 7.2, hours where given', () => {
    const text = [
      'month,way,category,amount,currency,held_gpu_hours,useful_gpu_hours',
      '2027-03,platform,time,400,USD,,',
      '2027-01,rent,compute,"10,000.50",CNY,1000,600',
      '2027-01,platform,compute,"1,000",USD,200,150',
      '2027-01,rent,compute,2000,,,',
      '2027-02,rent,energy,-250,CNY,,',
      '2027-01,rent,ops,500,CNY,,',
      '2027-02,platform,compute,3000,CNY,,',
      '2027-03,rent,compute,12000,CNY,1200,700',
      '',
    ].join('\n');
    expect(parseBillsCsv(text, RATE)).toEqual({
      ok: true,
      bills: {
        monthKind: 'calendar',
        rows: 8,
        usdRows: 2,
        months: [
          // 10,000.50 + 2,000 = 12,000.50 compute; 500 ops; hours from the one row that gives them.
          {
            month: '2027-01',
            way: 'rent',
            spendByCategoryCny: spend({ compute: 12_000.5, ops: 500 }),
            heldGpuHours: 1_000,
            usefulGpuHours: 600,
          },
          // 1,000 USD × 7.2 = 7,200 CNY.
          {
            month: '2027-01',
            way: 'platform',
            spendByCategoryCny: spend({ compute: 7_200 }),
            heldGpuHours: 200,
            usefulGpuHours: 150,
          },
          // A credit of 250 on energy.
          {
            month: '2027-02',
            way: 'rent',
            spendByCategoryCny: spend({ energy: -250 }),
            heldGpuHours: null,
            usefulGpuHours: null,
          },
          {
            month: '2027-02',
            way: 'platform',
            spendByCategoryCny: spend({ compute: 3_000 }),
            heldGpuHours: null,
            usefulGpuHours: null,
          },
          {
            month: '2027-03',
            way: 'rent',
            spendByCategoryCny: spend({ compute: 12_000 }),
            heldGpuHours: 1_200,
            usefulGpuHours: 700,
          },
          // 400 USD × 7.2 = 2,880 CNY.
          {
            month: '2027-03',
            way: 'platform',
            spendByCategoryCny: spend({ time: 2_880 }),
            heldGpuHours: null,
            usefulGpuHours: null,
          },
        ],
      },
    });
  });

  it('reads Chinese headers and labels in any column order, with a BOM, horizon months and 元/¥/美元', () => {
    const text = [
      '\uFEFF金额,类别,币种,方式,有效GPU时,月份,计费GPU时',
      '"1,234.50",算力,人民币,租用,,1,',
      '100,能源,元,智算平台,,1,',
      '200,时间,¥,平台,,1,',
      '300,运维人力,,自建,80,2,100',
      '50,运维,,自建,,2,',
      '10,故障,美元,混合,,2,',
      '20,迭代风险,,租用服务器,,2,',
    ].join('\r\n');
    const r = parseBillsCsv(text, RATE);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.bills.monthKind).toBe('horizon');
    expect(r.bills.rows).toBe(7);
    expect(r.bills.usdRows).toBe(1);
    expect(r.bills.months.map((m) => [m.month, m.way, m.spendByCategoryCny])).toEqual([
      ['1', 'rent', spend({ compute: 1_234.5 })],
      // 智算平台 and 平台 are the same way: 100 energy + 200 time.
      ['1', 'platform', spend({ energy: 100, time: 200 })],
      // 运维人力 and 运维 are both ops: 300 + 50.
      ['2', 'selfBuild', spend({ ops: 350 })],
      ['2', 'rent', spend({ iteration: 20 })],
      // 10 USD × 7.2 = 72 CNY.
      ['2', 'hybrid', spend({ failure: 72 })],
    ]);
    const own = r.bills.months.find((m) => m.way === 'selfBuild');
    expect([own?.heldGpuHours, own?.usefulGpuHours]).toEqual([100, 80]);
  });

  it('reads the English ids and labels whatever their case, and vendor as the name of the way column', () => {
    const ways = [
      'selfBuild',
      'self-build',
      'Self-build',
      'OWN',
      'Rent',
      'Pooled platform',
      'Platform',
      'HYBRID',
    ];
    const categories = [
      'Compute',
      'Energy',
      'TIME',
      'Ops staff',
      'Ops',
      'Staff',
      'Failure',
      'Iteration risk',
    ];
    const rows = ways.map((way, i) => `${i + 1},${way},${categories[i]},1`);
    const r = parseBillsCsv(['Month,Vendor,Category,Amount', ...rows].join('\n'), RATE);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.bills.months.map((m) => m.way)).toEqual([
      'selfBuild',
      'selfBuild',
      'selfBuild',
      'selfBuild',
      'rent',
      'platform',
      'platform',
      'hybrid',
    ]);
    expect(r.bills.months.map((m) => COST_CATEGORIES.find((c) => m.spendByCategoryCny[c] === 1))).toEqual([
      'compute',
      'energy',
      'time',
      'ops',
      'ops',
      'ops',
      'failure',
      'iteration',
    ]);
    // The Chinese column name 供应商 is the way column too.
    const zh = parseBillsCsv('月份,供应商,类别,金额\n1,自建,算力,5\n', RATE);
    expect(zh.ok && zh.bills.months[0]?.way).toBe('selfBuild');
  });

  it('sorts horizon months as numbers (9 before 10) and then ways as STRATEGY_IDS, writing months as decimals', () => {
    const text = 'month,way,category,amount\n10,rent,compute,1\n09,hybrid,compute,1\n9,selfBuild,compute,1\n';
    const r = parseBillsCsv(text, RATE);
    expect(r.ok && r.bills.months.map((m) => [m.month, m.way])).toEqual([
      ['9', 'selfBuild'],
      ['9', 'hybrid'],
      ['10', 'rent'],
    ]);
    expect(STRATEGY_IDS).toEqual(['selfBuild', 'rent', 'platform', 'hybrid']);
  });

  it('reads a calendar month as spreadsheets rewrite it (2027/1, 2027-01-15, 2027/1/31, 2027年1月) as 2027-01', () => {
    const text = [
      'month,way,category,amount',
      '2027/1,rent,compute,1',
      '2027-01-15,rent,compute,2',
      '2027/1/31,rent,compute,4',
      '2027年1月,rent,compute,8',
      '2026-12,rent,compute,16',
    ].join('\n');
    const r = parseBillsCsv(text, RATE);
    expect(r.ok && r.bills.months.map((m) => [m.month, m.spendByCategoryCny.compute])).toEqual([
      ['2026-12', 16],
      ['2027-01', 1 + 2 + 4 + 8],
    ]);
  });

  it('takes the currency from the amount ("$1,000", "¥500") when there is no currency column or its cell is empty', () => {
    const noColumn = parseBillsCsv(
      'month,way,category,amount\n1,rent,compute,"$1,000"\n1,rent,energy,¥500\n',
      RATE,
    );
    expect(noColumn.ok && noColumn.bills.months[0]?.spendByCategoryCny).toEqual(
      spend({ compute: 7_200, energy: 500 }),
    );
    expect(noColumn.ok && noColumn.bills.usdRows).toBe(1);
    const emptyCell = parseBillsCsv('month,way,category,amount,currency\n1,rent,compute,"$1,000",\n', RATE);
    expect(emptyCell.ok && emptyCell.bills.months[0]?.spendByCategoryCny.compute).toBe(7_200);
    // An amount of 1,000 in a USD row with the mark repeated is still 1,000 USD.
    const both = parseBillsCsv('month,way,category,amount,currency\n1,rent,compute,"US$1,000",USD\n', RATE);
    expect(both.ok && both.bills.months[0]?.spendByCategoryCny.compute).toBe(7_200);
  });

  it('skips blank lines and lines of only commas, keeps other columns out, and counts lines across them and a quoted line break', () => {
    const text = [
      'month,note,way,category,amount',
      '',
      '1,"invoice 17, part 1",rent,compute,100',
      ',,,,',
      '1,"two',
      'lines",rent,compute,50',
      '   ',
      '1,x,rent,nonsense,1',
    ].join('\n');
    expect(errorsOf(text)).toEqual([{ code: 'badCategory', line: 8, column: 'category', value: 'nonsense' }]);
    const ok = parseBillsCsv(text.split('\n').slice(0, 6).join('\n'), RATE);
    expect(ok.ok && ok.bills.rows).toBe(2);
    expect(ok.ok && ok.bills.months[0]?.spendByCategoryCny.compute).toBe(150);
  });

  it('refuses the weekly usage CSV (week,gpus) naming the four missing columns, on the header line', () => {
    expect(errorsOf('week,gpus\n2026-01-05,8\n2026-01-12,10\n')).toEqual([
      { code: 'missingColumn', line: 1, column: 'month' },
      { code: 'missingColumn', line: 1, column: 'way' },
      { code: 'missingColumn', line: 1, column: 'category' },
      { code: 'missingColumn', line: 1, column: 'amount' },
    ]);
    // Only the missing ones, after blank lines.
    expect(errorsOf('\n\nmonth,way,category\n1,rent,compute\n')).toEqual([
      { code: 'missingColumn', line: 3, column: 'amount' },
    ]);
  });

  it('refuses more rows than BILLS_CSV_LIMITS.maxRows at the first row past it, and reads exactly the limit', () => {
    const max = BILLS_CSV_LIMITS.maxRows;
    const rows = (n: number) => [
      'month,way,category,amount',
      ...Array.from({ length: n }, () => '1,rent,ops,1'),
    ];
    expect(errorsOf(rows(max + 1).join('\n'))).toEqual([{ code: 'tooManyRows', line: max + 2, limit: max }]);
    const atLimit = parseBillsCsv(rows(max).join('\n'), RATE);
    expect(atLimit.ok && atLimit.bills.months[0]?.spendByCategoryCny.ops).toBe(max);
  });
});

const HEADER = 'month,way,category,amount,currency,held_gpu_hours,useful_gpu_hours';

/** Every error code, each from a file that has it, with the errors it must give. */
const EVERY_CODE: Record<BillsErrorCode, { text: string; cnyPerUsd?: number; errors: BillsError[] }> = {
  empty: { text: `\n${HEADER}\n\n`, errors: [{ code: 'empty' }] },
  tooLarge: { text: 'x'.repeat(MAX_CSV_BYTES + 1), errors: [{ code: 'tooLarge', limit: MAX_CSV_BYTES }] },
  tooManyRows: {
    text: ['month,way,category,amount', ...Array(BILLS_CSV_LIMITS.maxRows + 1).fill('1,rent,ops,1')].join(
      '\n',
    ),
    errors: [{ code: 'tooManyRows', line: BILLS_CSV_LIMITS.maxRows + 2, limit: BILLS_CSV_LIMITS.maxRows }],
  },
  missingColumn: {
    text: 'month,way,amount\n1,rent,5\n',
    errors: [{ code: 'missingColumn', line: 1, column: 'category' }],
  },
  duplicateColumn: {
    text: 'Month,Way,Vendor,Category,Amount\n1,rent,rent,ops,5\n',
    errors: [{ code: 'duplicateColumn', line: 1, column: 'Vendor' }],
  },
  fieldCount: {
    text: `${HEADER}\n1,rent,ops,5,,,\n1,rent,ops,5\n`,
    errors: [{ code: 'fieldCount', line: 3, value: '4', expected: 7 }],
  },
  badQuotes: {
    text: `${HEADER}\n1,rent,ops,5,,,\n1,rent,ops,"5,,,\n1,rent,ops,5,,,\n`,
    errors: [{ code: 'badQuotes', line: 3 }],
  },
  badMonth: {
    text: `${HEADER}\n2027-13,rent,ops,5,,,\n0,rent,ops,5,,,\nJan-27,rent,ops,5,,,\n1.5,rent,ops,5,,,\n`,
    errors: [
      { code: 'badMonth', line: 2, column: 'month', value: '2027-13' },
      { code: 'badMonth', line: 3, column: 'month', value: '0' },
      { code: 'badMonth', line: 4, column: 'month', value: 'Jan-27' },
      { code: 'badMonth', line: 5, column: 'month', value: '1.5' },
    ],
  },
  mixedMonths: {
    text: `${HEADER}\n2027-01,rent,ops,5,,,\n2027-02,rent,ops,5,,,\n3,rent,ops,5,,,\n4,rent,ops,5,,,\n`,
    errors: [{ code: 'mixedMonths', line: 4, column: 'month', value: '3' }],
  },
  badWay: {
    text: `${HEADER}\n1,AWS,ops,5,,,\n`,
    errors: [{ code: 'badWay', line: 2, column: 'way', value: 'AWS' }],
  },
  badCategory: {
    text: `${HEADER}\n1,rent,GPU,5,,,\n`,
    errors: [{ code: 'badCategory', line: 2, column: 'category', value: 'GPU' }],
  },
  badAmount: {
    text: `${HEADER}\n1,rent,ops,abc,,,\n1,rent,ops,,,,\n1,rent,ops,12%,,,\n1,rent,ops,NaN,,,\n1,rent,ops,Infinity,,,\n`,
    errors: [
      { code: 'badAmount', line: 2, column: 'amount', value: 'abc' },
      { code: 'badAmount', line: 3, column: 'amount', value: '' },
      { code: 'badAmount', line: 4, column: 'amount', value: '12%' },
      { code: 'badAmount', line: 5, column: 'amount', value: 'NaN' },
      { code: 'badAmount', line: 6, column: 'amount', value: 'Infinity' },
    ],
  },
  badCurrency: {
    text: `${HEADER}\n1,rent,ops,5,EUR,,\n`,
    errors: [{ code: 'badCurrency', line: 2, column: 'currency', value: 'EUR' }],
  },
  currencyMismatch: {
    text: `${HEADER}\n1,rent,ops,$100,CNY,,\n`,
    errors: [{ code: 'currencyMismatch', line: 2, column: 'amount', value: '$100' }],
  },
  badHours: {
    text: `${HEADER}\n1,rent,ops,5,,-5,\n1,rent,ops,5,,,lots\n1,rent,ops,5,,50%,\n`,
    errors: [
      { code: 'badHours', line: 2, column: 'held_gpu_hours', value: '-5' },
      { code: 'badHours', line: 3, column: 'useful_gpu_hours', value: 'lots' },
      { code: 'badHours', line: 4, column: 'held_gpu_hours', value: '50%' },
    ],
  },
  tooBig: {
    // 2e11 USD × 7.2 = 1.44e12 CNY, above the 1e12 CNY limit though 2e11 is below it.
    text: `${HEADER}\n1,rent,ops,-2e12,,,\n1,rent,ops,2e11,USD,,\n1,rent,ops,5,,1e11,\n`,
    errors: [
      { code: 'tooBig', line: 2, column: 'amount', value: '-2e12', limit: BILLS_CSV_LIMITS.maxAmountCny },
      { code: 'tooBig', line: 3, column: 'amount', value: '2e11', limit: BILLS_CSV_LIMITS.maxAmountCny },
      {
        code: 'tooBig',
        line: 4,
        column: 'held_gpu_hours',
        value: '1e11',
        limit: BILLS_CSV_LIMITS.maxGpuHours,
      },
    ],
  },
  badRate: {
    text: `${HEADER}\n1,rent,ops,5,,,\n1,rent,ops,5,USD,,\n1,rent,ops,6,USD,,\n`,
    cnyPerUsd: 0,
    errors: [{ code: 'badRate', line: 3, column: 'currency' }],
  },
};

describe('a bad bills CSV: every error named by code, line and column, nothing taken from the file', () => {
  for (const [code, { text, cnyPerUsd, errors }] of Object.entries(EVERY_CODE)) {
    it(`${code}: gives exactly the errors listed, and no bills`, () => {
      const r = parseBillsCsv(text, { cnyPerUsd: cnyPerUsd ?? RATE.cnyPerUsd });
      expect(r).toEqual({ ok: false, errors });
    });
  }

  it('an empty text and a text of blank lines are empty', () => {
    expect(errorsOf('')).toEqual([{ code: 'empty' }]);
    expect(errorsOf('\uFEFF\n \r\n\t\n')).toEqual([{ code: 'empty' }]);
  });

  it('a rate that is not a positive number is no error when no row is in USD', () => {
    const r = parseBillsCsv(`${HEADER}\n1,rent,ops,5,CNY,,\n`, { cnyPerUsd: Number.NaN });
    expect(r.ok && r.bills.months[0]?.spendByCategoryCny.ops).toBe(5);
  });

  it('names every bad cell of a row, and the bad rows among good ones', () => {
    const text = `${HEADER}\n1,rent,ops,5,,,\n1,AWS,GPU,x,,,\n2,rent,ops,5,,,\n0,rent,ops,5,,,\n`;
    expect(errorsOf(text)).toEqual([
      { code: 'badWay', line: 3, column: 'way', value: 'AWS' },
      { code: 'badCategory', line: 3, column: 'category', value: 'GPU' },
      { code: 'badAmount', line: 3, column: 'amount', value: 'x' },
      { code: 'badMonth', line: 5, column: 'month', value: '0' },
    ]);
  });

  it('stops at 20 errors: 30 bad rows give the first 20, lines 2 to 21', () => {
    const text = [HEADER, ...Array.from({ length: 30 }, () => '1,AWS,ops,5,,,')].join('\n');
    const errors = errorsOf(text);
    expect(errors).toHaveLength(20);
    expect(errors.map((e) => e.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  });

  it('cuts a long offending value to 40 characters', () => {
    const long = 'v'.repeat(100);
    expect(errorsOf(`${HEADER}\n1,${long},ops,5,,,\n`)).toEqual([
      { code: 'badWay', line: 2, column: 'way', value: 'v'.repeat(40) },
    ]);
  });
});

describe('horizonMonthOf', () => {
  it('counts from the first month as month 1, across years, and 0 or less before it', () => {
    expect(horizonMonthOf('2027-01', '2027-01')).toBe(1);
    expect(horizonMonthOf('2027-03', '2027-01')).toBe(3);
    expect(horizonMonthOf('2028-01', '2027-01')).toBe(13);
    expect(horizonMonthOf('2027-01', '2026-11')).toBe(3);
    expect(horizonMonthOf('2026-12', '2027-01')).toBe(0);
    expect(horizonMonthOf('2026-11', '2027-01')).toBe(-1);
  });

  it('is NaN when either text is not a YYYY-MM month', () => {
    expect(horizonMonthOf('2027-13', '2027-01')).toBeNaN();
    expect(horizonMonthOf('3', '2027-01')).toBeNaN();
    expect(horizonMonthOf('2027-01', 'January')).toBeNaN();
  });
});

describe('bills CSV properties', () => {
  const row = fc.record({
    month: fc.integer({ min: 1, max: 24 }),
    way: fc.constantFrom(...STRATEGY_IDS),
    category: fc.constantFrom(...COST_CATEGORIES),
    cents: fc.integer({ min: -100_000_000, max: 100_000_000 }),
    usd: fc.boolean(),
  });

  it('Σ of all spend in the output equals Σ of the rows in CNY (USD × the rate), and every row is counted', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        (rows, cnyPerUsd) => {
          const lines = rows.map(
            (r) =>
              `${r.month},${r.way},${r.category},"${(r.cents / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}",${r.usd ? 'USD' : 'CNY'}`,
          );
          const result = parseBillsCsv(['month,way,category,amount,currency', ...lines].join('\n'), {
            cnyPerUsd,
          });
          if (!result.ok) throw new Error(JSON.stringify(result.errors));
          const expected = rows.reduce((sum, r) => sum + (r.cents / 100) * (r.usd ? cnyPerUsd : 1), 0);
          const total = result.bills.months.reduce(
            (sum, m) => sum + COST_CATEGORIES.reduce((s, c) => s + m.spendByCategoryCny[c], 0),
            0,
          );
          const scale = rows.reduce((sum, r) => sum + Math.abs(r.cents / 100) * (r.usd ? cnyPerUsd : 1), 1);
          expect(Math.abs(total - expected)).toBeLessThanOrEqual(scale * 1e-12);
          expect(result.bills.rows).toBe(rows.length);
          expect(result.bills.usdRows).toBe(rows.filter((r) => r.usd).length);
          // One output cell per (month, way) written, none empty of meaning.
          expect(result.bills.months).toHaveLength(new Set(rows.map((r) => `${r.month}|${r.way}`)).size);
        },
      ),
      { numRuns: 100 },
    );
  });
});
