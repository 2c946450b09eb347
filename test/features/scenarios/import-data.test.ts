import { csvPreview } from '../../../src/features/scenarios/import-data';
import { parseUsageCsv } from '../../../src/scenario/csv-usage';

const weeks = Array.from({ length: 30 }, (_, i) => 10 + i);
const csv = ['周,GPU数', ...weeks.map((g, i) => `${i + 1},${g}`)].join('\n');

describe('csvPreview', () => {
  it('shows the first five and last three rows, the week count, mean and peak of the file', () => {
    const result = parseUsageCsv(csv);
    if (!result.ok) throw new Error('fixture should parse');
    const preview = csvPreview(result);
    expect(preview.weeks).toBe(30);
    expect(preview.meanGpus).toBe(24.5);
    expect(preview.peakGpus).toBe(39);
    expect(preview.head.map((r) => r.gpus)).toEqual([10, 11, 12, 13, 14]);
    expect(preview.tail.map((r) => r.gpus)).toEqual([37, 38, 39]);
    expect(preview.head[0]).toEqual({ line: 2, week: '1', gpus: 10 });
    expect(preview.weekColumn).toBe('周');
    expect(preview.gpuColumn).toBe('GPU数');
  });
});

describe('csvPreview: the file week dates', () => {
  it('keeps one date per week when every week cell is a calendar date', () => {
    const dated = [
      'date,gpus',
      ...weeks.map((g, i) => `2026-${String(1 + Math.floor(i / 4)).padStart(2, '0')}-0${1 + (i % 4)},${g}`),
    ].join('\n');
    const result = parseUsageCsv(dated);
    if (!result.ok) throw new Error('fixture should parse');
    const preview = csvPreview(result);
    expect(preview.dates).toHaveLength(30);
    expect(preview.dates?.[0]).toBe('2026-01-01');
    expect(preview.dates?.[29]).toBe('2026-08-02');
  });

  it('has no dates when the week column holds week numbers, or when there is no week column', () => {
    const numbered = parseUsageCsv(csv);
    const bare = parseUsageCsv(['gpus', ...weeks.map(String)].join('\n'));
    if (!numbered.ok || !bare.ok) throw new Error('fixtures should parse');
    expect(csvPreview(numbered).dates).toBeNull();
    expect(csvPreview(bare).dates).toBeNull();
  });
});
