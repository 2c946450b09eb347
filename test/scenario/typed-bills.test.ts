import { describe, expect, it } from 'vitest';
import { parseBillsCsv } from '../../src/scenario/bills-csv';
import { type TypedBill, withTypedBill } from '../../src/scenario/typed-bills';

const typed = (over: Partial<TypedBill> = {}): TypedBill => ({
  month: '2027-02',
  way: 'platform',
  category: 'compute',
  amount: '1200.5',
  heldGpuHours: '',
  usefulGpuHours: '',
  ...over,
});

function csvBills(text: string) {
  const read = parseBillsCsv(text, { cnyPerUsd: 7.2 });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.bills;
}

describe('a bill typed by hand', () => {
  it('starts the bills when there are none', () => {
    const read = withTypedBill(null, typed({ heldGpuHours: '100' }), '2027-01');
    expect(read).toEqual({
      ok: true,
      bills: {
        monthKind: 'calendar',
        rows: 1,
        usdRows: 0,
        months: [
          {
            month: '2027-02',
            way: 'platform',
            spendByCategoryCny: { compute: 1200.5, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
            heldGpuHours: 100,
            usefulGpuHours: null,
          },
        ],
      },
    });
  });

  it('adds to the file’s bills as one more line: the same month and way add up, a new month sorts in', () => {
    const file = csvBills(
      'month,way,category,amount,held_gpu_hours\n2027-01,platform,compute,1000,10\n2027-03,platform,energy,50,',
    );
    const read = withTypedBill(
      file,
      typed({ month: '2027-01', amount: '250', heldGpuHours: '5' }),
      '2027-01',
    );
    if (!read.ok) throw new Error('refused');
    expect(read.bills.rows).toBe(3);
    expect(read.bills.months.map((m) => m.month)).toEqual(['2027-01', '2027-03']);
    expect(read.bills.months[0]?.spendByCategoryCny.compute).toBe(1250);
    expect(read.bills.months[0]?.heldGpuHours).toBe(15);
    const feb = withTypedBill(file, typed({ category: 'ops', amount: '80' }), '2027-01');
    if (!feb.ok) throw new Error('refused');
    expect(feb.bills.months.map((m) => [m.month, m.way])).toEqual([
      ['2027-01', 'platform'],
      ['2027-02', 'platform'],
      ['2027-03', 'platform'],
    ]);
    // The bills kept before are not changed in place.
    expect(file.months[0]?.spendByCategoryCny.compute).toBe(1000);
  });

  it('goes on bills dated by month of the budget as that month', () => {
    const file = csvBills('month,way,category,amount\n1,rent,compute,10\n12,rent,compute,10');
    const read = withTypedBill(file, typed({ month: '2027-03', way: 'rent' }), '2027-01');
    if (!read.ok) throw new Error('refused');
    expect(read.bills.months.map((m) => m.month)).toEqual(['1', '3', '12']);
  });

  it('is refused by the file’s own rules: an amount that is not one, hours below zero, a month before month 1', () => {
    expect(withTypedBill(null, typed({ amount: 'lots' }), '2027-01')).toMatchObject({
      ok: false,
      errors: [{ code: 'badAmount' }],
    });
    expect(withTypedBill(null, typed({ usefulGpuHours: '-3' }), '2027-01')).toMatchObject({
      ok: false,
      errors: [{ code: 'badHours' }],
    });
    expect(withTypedBill(null, typed({ amount: '2e12' }), '2027-01')).toMatchObject({
      ok: false,
      errors: [{ code: 'tooBig' }],
    });
    const horizon = csvBills('month,way,category,amount\n1,rent,compute,10');
    expect(withTypedBill(horizon, typed({ month: '2026-12' }), '2027-01')).toMatchObject({
      ok: false,
      errors: [{ code: 'badMonth' }],
    });
  });
});
