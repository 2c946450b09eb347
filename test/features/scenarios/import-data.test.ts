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
