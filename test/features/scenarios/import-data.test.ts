import { evaluate, presets, type Scenario } from '../../../src/engine';
import { applyWeeklyCurve, csvPreview, peakCapacityGpus } from '../../../src/features/scenarios/import-data';
import { parseUsageCsv } from '../../../src/scenario/csv-usage';

const seed = presets.seedTeam as Scenario;
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

describe('applyWeeklyCurve', () => {
  it('sets weekly demand to the curve and keeps capacity as it is', () => {
    const next = applyWeeklyCurve(seed, weeks, false);
    expect(next.demand.mode).toBe('weekly');
    expect(next.demand.weeklyGpus).toEqual(weeks);
    expect(next.selfBuild.capacityGpus).toBe(seed.selfBuild.capacityGpus);
    expect(next.demand.jobsPerMonth).toBe(seed.demand.jobsPerMonth);
  });

  it('sizes capacity to the peak week rounded up to whole servers when asked', () => {
    // Peak 39 GPUs on 8-GPU servers → 5 servers = 40 GPUs.
    expect(seed.selfBuild.gpusPerServer).toBe(8);
    expect(peakCapacityGpus(seed, weeks)).toBe(40);
    expect(applyWeeklyCurve(seed, weeks, true).selfBuild.capacityGpus).toBe(40);
  });

  it('changes the engine’s costs to those of the imported curve', () => {
    const next = applyWeeklyCurve(seed, weeks, false);
    const ev = evaluate(next);
    expect(ev.demand.weeks).toBe(30);
    expect(ev.demand.meanGpus).toBe(24.5);
    expect(ev.strategies.platform.monthlyCny).not.toBe(evaluate(seed).strategies.platform.monthlyCny);
  });
});
