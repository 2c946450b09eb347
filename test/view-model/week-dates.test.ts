import { describe, expect, it } from 'vitest';
import { dateWeekLabels, weekAxisLabel, weekAxisTicks } from '../../src/view-model/week-dates';

describe('the dates a usage file gave its weeks', () => {
  it('keeps dates as written (ISO, slashes, dots; a time of day dropped)', () => {
    expect(dateWeekLabels(['2026-01-05', '2026/1/12', '2026.01.19 00:00'])).toEqual([
      '2026-01-05',
      '2026/1/12',
      '2026.01.19',
    ]);
  });

  it('gives none when any row is a week number or not a calendar date', () => {
    expect(dateWeekLabels(['2026-01-05', '2'])).toBeNull();
    expect(dateWeekLabels(['1', '2', '3'])).toBeNull();
    expect(dateWeekLabels(['2026-13-01'])).toBeNull();
    expect(dateWeekLabels([])).toBeNull();
  });

  it('labels the axis with the date while the curve keeps the file’s length, else the week number', () => {
    const dates = ['2026-01-05', '2026-01-12'];
    expect(weekAxisLabel(2, dates, 2)).toBe('2026-01-12');
    expect(weekAxisLabel(2, dates, 3)).toBe('2');
    expect(weekAxisLabel(1, null, 2)).toBe('1');
  });
});

describe('weekAxisTicks', () => {
  it('marks quarter-years and the last week with week numbers', () => {
    expect(weekAxisTicks(52, false)).toEqual([1, 13, 26, 39, 52]);
    expect(weekAxisTicks(30, false)).toEqual([1, 13, 26, 30]);
    expect(weekAxisTicks(104, false)).toEqual([1, 13, 26, 39, 52, 65, 78, 91, 104]);
  });

  it('with dates, lets a quarter tick within 8 weeks of the end give way to the last week', () => {
    expect(weekAxisTicks(30, true)).toEqual([1, 13, 30]);
    expect(weekAxisTicks(34, true)).toEqual([1, 13, 26, 34]);
    expect(weekAxisTicks(52, true)).toEqual([1, 13, 26, 39, 52]);
    expect(weekAxisTicks(27, true)).toEqual([1, 13, 27]);
  });
});
