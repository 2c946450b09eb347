import { parseClusterLog } from '../../src/scenario/cluster-log';
import { measuredUsage } from '../../src/scenario/cluster-log-usage';

/**
 * OpenCost's allocation export (its allocation API's JSON, one set per weekly step window) read as a
 * weekly curve and a measured efficiency (issue 38 item 5), against arithmetic done here: a week's
 * GPUs are its allocated GPU-hours ÷ 168; the cluster's GPUs are allocated + idle GPU-hours ÷ 168.
 */
function allocationSet(start: string, end: string, gpuHours: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(gpuHours).map(([name, hours]) => [
      name,
      {
        name,
        window: { start, end },
        start,
        end,
        minutes: 10_080,
        gpuCount: hours / 168,
        gpuHours: hours,
        totalCost: 1,
      },
    ]),
  );
}

const export2 = {
  code: 200,
  status: 'success',
  data: [
    allocationSet('2026-01-05T00:00:00Z', '2026-01-12T00:00:00Z', {
      training: 1_008,
      inference: 336,
      __idle__: 4_032,
    }),
    allocationSet('2026-01-12T00:00:00Z', '2026-01-19T00:00:00Z', {
      training: 2_016,
      inference: 672,
      __idle__: 2_688,
    }),
  ],
};

describe('OpenCost allocation export', () => {
  it('two weekly windows: the weekly curve, useful GPU-hours, the cluster and its efficiency by hand', () => {
    const result = parseClusterLog(JSON.stringify(export2, null, 2));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const s = result.summary;
    expect(s.format).toBe('opencost');
    // Week 1: (1,008 + 336) ÷ 168 = 8 GPUs; week 2: (2,016 + 672) ÷ 168 = 16.
    expect(s.weeklyGpus).toEqual([8, 16]);
    expect(s.usefulGpuHours).toBe(1_344 + 2_688);
    // Allocated + idle: 5,376 GPU-hours a week ÷ 168 h = 32 GPUs.
    expect(s.gpusSeen).toBe(32);
    expect(s.records).toBe(4);
    const usage = measuredUsage(s, s.gpusSeen);
    expect(usage.origin).toBe('schedulerLog');
    expect(usage.measuredEfficiency).toBeCloseTo(4_032 / (32 * 336), 12);
  });

  it('an export without idle, JSON that is not an export, and a bad gpuHours are refused, naming what is wrong', () => {
    const noIdle = {
      data: [allocationSet('2026-01-05T00:00:00Z', '2026-01-12T00:00:00Z', { training: 10 })],
    };
    expect(parseClusterLog(JSON.stringify(noIdle))).toEqual({
      ok: false,
      errors: [{ code: 'opencostNoIdle' }],
    });
    expect(parseClusterLog('{"hello": "world"}')).toEqual({
      ok: false,
      errors: [{ code: 'opencostNotAllocation' }],
    });
    expect(parseClusterLog('{"data": [')).toEqual({ ok: false, errors: [{ code: 'opencostNotAllocation' }] });
    const bad = allocationSet('2026-01-05T00:00:00Z', '2026-01-12T00:00:00Z', { training: 10, __idle__: 5 });
    (bad.training as { gpuHours: unknown }).gpuHours = 'many';
    expect(parseClusterLog(JSON.stringify({ data: [bad] }))).toEqual({
      ok: false,
      errors: [{ code: 'opencostBadValue', column: 'training.gpuHours', value: 'many' }],
    });
  });
});

describe('OpenCost allocation export: GPUs busy while allocated', () => {
  it("each allocation's gpuHours × gpuUsageAverage (a 0–1 share per GPU), over the allocations that report one", () => {
    const set = allocationSet('2026-01-05T00:00:00Z', '2026-01-12T00:00:00Z', {
      training: 1_008,
      inference: 336,
      batch: 168,
      __idle__: 4_032,
    });
    // training: its 6 GPUs 75 % busy on average; inference: 2.4, the sum of an aggregate's containers
    // and no share, left out;
    // batch: no DCGM usage → not covered.
    Object.assign(set.training as object, { gpuAllocation: { gpuRequestAverage: 6, gpuUsageAverage: 0.75 } });
    Object.assign(set.inference as object, { gpuAllocation: { gpuRequestAverage: 2, gpuUsageAverage: 2.4 } });
    Object.assign(set.batch as object, { gpuAllocation: null });
    Object.assign(set.__idle__ as object, { gpuAllocation: { gpuRequestAverage: 1, gpuUsageAverage: 1 } });
    const result = parseClusterLog(JSON.stringify({ code: 200, data: [set] }));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.summary.busy).toEqual({ busyGpuHours: 1_008 * 0.75, coveredGpuHours: 1_008 });
    // Busy hours never enter the measured efficiency: allocated 1,512 of 5,544 held.
    expect(measuredUsage(result.summary, result.summary.gpusSeen).usefulGpuHours).toBe(1_512);
  });

  it('an export without gpuAllocation says nothing about busy GPUs', () => {
    const result = parseClusterLog(JSON.stringify(export2));
    expect(result.ok && result.summary.busy).toBeUndefined();
  });
});
