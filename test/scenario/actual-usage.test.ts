import { describe, expect, it } from 'vitest';
import {
  clusterLogIntervals,
  csvUsageIntervals,
  hoursInMonth,
  isWholeMonth,
  usageFrom,
  usageMonths,
} from '../../src/scenario/actual-usage';
import { ACTUAL_USAGE_WEEKS, parseUsageCsv } from '../../src/scenario/csv-usage';

const rows = (labels: string[], gpus: number) => labels.map((week, i) => ({ line: i + 2, week, gpus }));
const datedWeeks = (first: string, weeks: number) =>
  Array.from({ length: weeks }, (_, i) =>
    new Date(Date.parse(first) + i * 7 * 86_400_000).toISOString().slice(0, 10),
  );

describe('actual usage by calendar month', () => {
  it('spreads 13 dated weeks of 10 GPUs over the days they cover: three whole months and one day of April', () => {
    const read = csvUsageIntervals(rows(datedWeeks('2027-01-01', 13), 10), '2027-01');
    if (!read.ok) throw new Error('refused');
    expect(read.dated).toBe(true);
    const months = usageMonths(read.intervals);
    expect(months.map((m) => m.month)).toEqual(['2027-01', '2027-02', '2027-03', '2027-04']);
    // 10 GPUs × 24 h × the month's days (91 days from 1 January: 31 + 28 + 31 + 1).
    expect(months.map((m) => m.usefulGpuHours)).toEqual([31 * 240, 28 * 240, 31 * 240, 240]);
    expect(months.map(isWholeMonth)).toEqual([true, true, true, false]);
    expect(months[3]?.coveredHours).toBe(24);
    expect(months.every((m) => m.heldGpuHours === null)).toBe(true);
  });

  it('a week straddling two months gives each its days', () => {
    const read = csvUsageIntervals(rows(['2027-01-29'], 7), '2027-01');
    if (!read.ok) throw new Error('refused');
    const [jan, feb] = usageMonths(read.intervals);
    // 29, 30, 31 January; 1–4 February.
    expect(jan?.usefulGpuHours).toBe(3 * 24 * 7);
    expect(feb?.usefulGpuHours).toBe(4 * 24 * 7);
  });

  it('weeks without dates follow one another from month 1 of the budget', () => {
    const read = csvUsageIntervals(rows(['1', '2', '3', '4', '5'], 4), '2027-02');
    if (!read.ok) throw new Error('refused');
    expect(read.dated).toBe(false);
    const months = usageMonths(read.intervals);
    // 35 days from 1 February 2027: all 28 of February, 7 of March.
    expect(months.map((m) => [m.month, m.usefulGpuHours])).toEqual([
      ['2027-02', 28 * 24 * 4],
      ['2027-03', 7 * 24 * 4],
    ]);
    expect(months.map(isWholeMonth)).toEqual([true, false]);
  });

  it('refuses dated weeks closer than seven days, naming the line', () => {
    const read = csvUsageIntervals(rows(['2027-01-01', '2027-01-05'], 1), '2027-01');
    expect(read).toEqual({ ok: false, error: 'weeksOverlap', line: 3, value: '2027-01-05' });
  });

  it('a cluster log counts only the hours it covers, with the GPUs it saw held', () => {
    // From 06:00 on 1 January to midnight on 1 February: 31 × 24 − 6 hours of January.
    const start = Date.UTC(2027, 0, 1, 6);
    const end = Date.UTC(2027, 1, 1);
    const intervals = clusterLogIntervals({
      periodStartMs: start,
      periodEndMs: end,
      weeklyGpus: [8, 8, 8, 8, 8],
      gpusSeen: 16,
    });
    const [jan] = usageMonths(intervals);
    const hours = 31 * 24 - 6;
    expect(jan?.coveredHours).toBe(hours);
    expect(jan?.usefulGpuHours).toBe(8 * hours);
    expect(jan?.heldGpuHours).toBe(16 * hours);
    // Within a day of the whole month: used.
    expect(jan && isWholeMonth(jan)).toBe(true);
  });

  it('knows the length of a month, leap years included', () => {
    expect(hoursInMonth('2028-02')).toBe(29 * 24);
    expect(hoursInMonth('2027-02')).toBe(28 * 24);
  });

  it('the usage CSV reads a single week for actuals, though a demand curve needs 26', () => {
    const text = 'week,gpus\n2027-01-04,12\n';
    expect(parseUsageCsv(text).ok).toBe(false);
    const read = parseUsageCsv(text, ACTUAL_USAGE_WEEKS);
    expect(read.ok && read.weeklyGpus).toEqual([12]);
  });
});

describe('undated weeks and month 1 of the budget', () => {
  it('are laid again from month 1 when it changes, dated weeks are not', () => {
    const undated = {
      file: 'u.csv',
      origin: 'usageCsv' as const,
      way: 'platform' as const,
      months: [],
      undatedWeeklyGpus: [2, 2, 2, 2, 2],
    };
    // 35 days from 1 March 2027: all 31 of March, 4 of April.
    expect(usageFrom(undated, '2027-03').map((m) => [m.month, m.usefulGpuHours])).toEqual([
      ['2027-03', 31 * 24 * 2],
      ['2027-04', 4 * 24 * 2],
    ]);
    const dated = {
      ...undated,
      undatedWeeklyGpus: undefined,
      months: [
        { month: '2027-01', usefulGpuHours: 1, heldGpuHours: null, coveredHours: 744, monthHours: 744 },
      ],
    };
    const { undatedWeeklyGpus: _u, ...plain } = dated;
    expect(usageFrom(plain, '2027-03')).toEqual(plain.months);
  });
});
