import { parseClusterLog } from '../../src/scenario/cluster-log';
import {
  clusterGpusRange,
  clusterSizeToConfirm,
  defaultClusterGpus,
  measuredUsage,
} from '../../src/scenario/cluster-log-usage';

/**
 * OpenCost's daily CSV export (one row per container and UTC day; `GPUs` the day's average allocated
 * GPUs) read as a weekly curve and a measured efficiency (issue 38 item 5), against arithmetic done
 * here: a row is GPUs × 24 GPU-hours, a week's GPUs are its GPU-hours ÷ 168, and the cluster's size is
 * the user's (the file holds no idle capacity).
 */
const HEADER =
  'Date,Namespace,ControllerKind,ControllerName,Pod,Container,CPUCoreUsageAverage,CPUCoreRequestAverage,RAMBytesUsageAverage,RAMBytesRequestAverage,NetworkReceiveBytes,NetworkTransferBytes,GPUs,PVBytes,CPUCost,RAMCost,NetworkCost,PVCost,GPUCost,TotalCost,Labels';

function row(date: string, namespace: string, pod: string, gpus: number | string): string {
  const labels = '"{""app"":""trainer"",""team"":""llm, pretraining""}"';
  return `${date},${namespace},deployment,${pod},${pod}-0,main,3.2,4,1e9,2e9,10,20,${gpus},0,1.1,0.5,0,0,${
    typeof gpus === 'number' ? gpus * 24 * 2 : 0
  },9.9,${labels}`;
}

/** Fourteen days from Monday 5 January 2026: training holds 8 GPUs every day, inference 4 on weekdays of week 2. */
function twoWeeks(): string {
  const lines = [HEADER];
  for (let d = 0; d < 14; d++) {
    const date = new Date(Date.UTC(2026, 0, 5 + d)).toISOString().slice(0, 10);
    lines.push(row(date, 'training', 'trainer', 8));
    if (d >= 7 && d < 12) lines.push(row(date, 'inference', 'server', 4));
  }
  return `${lines.join('\n')}\n`;
}

describe('OpenCost CSV export', () => {
  it('two weeks of daily rows: the weekly curve, useful GPU-hours and the efficiency at a confirmed size, by hand', () => {
    const result = parseClusterLog(twoWeeks());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const s = result.summary;
    expect(s.format).toBe('opencostCsv');
    expect(s.sourceColumn).toBe('GPUs');
    expect(s.records).toBe(14 + 5);
    // Week 1: 8 GPUs all week. Week 2: 8 + 4 × 5 days ÷ 7 = 10.857… GPUs on average.
    expect(s.weeklyGpus[0]).toBeCloseTo(8, 12);
    expect(s.weeklyGpus[1]).toBeCloseTo(8 + (4 * 5) / 7, 12);
    // Useful: 8 × 24 × 14 + 4 × 24 × 5 = 2,688 + 480 = 3,168 GPU-hours.
    expect(s.usefulGpuHours).toBe(3_168);
    expect(s.periodHours).toBe(14 * 24);
    // The file does not say how big the cluster is: the busiest day's 12 GPUs, in servers of 8 → 16.
    expect(clusterSizeToConfirm(s)).toBe(true);
    expect(s.peakConcurrentGpus).toBe(12);
    expect(defaultClusterGpus(s, 8)).toBe(16);
    // Each row counts as a whole day, so the busiest day is no floor: any size from 1 may be confirmed.
    expect(clusterGpusRange(s).min).toBe(1);
    const usage = measuredUsage(s, 16);
    expect(usage.origin).toBe('schedulerLog');
    expect(usage.heldGpuHours).toBe(16 * 336);
    expect(usage.measuredEfficiency).toBeCloseTo(3_168 / (16 * 336), 12);
  });

  it('columns are found by name in any order, and idle rows make the cluster size known', () => {
    const text = [
      'GPUs,Date,Namespace,Pod,Container',
      '6,2026-03-02,llm,p,c',
      '10,2026-03-02,__idle__,__idle__,__idle__',
      '6,2026-03-03,llm,p,c',
      '10,2026-03-03,__idle__,__idle__,__idle__',
    ].join('\r\n');
    const result = parseClusterLog(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const s = result.summary;
    expect(s.usefulGpuHours).toBe(6 * 24 * 2);
    // Allocated 6 + idle 10 = 16 GPUs held each day.
    expect(s.gpusSeen).toBe(16);
    expect(clusterSizeToConfirm(s)).toBe(false);
    expect(measuredUsage(s, s.gpusSeen).measuredEfficiency).toBeCloseTo(6 / 16, 12);
  });

  it('a bad date, a bad GPU count, a row of the wrong width and GPUs above the limit are named by line and column', () => {
    const text = [
      HEADER,
      row('2026-01-05', 'a', 'p', 8),
      row('05/01/2026', 'a', 'p', 8),
      row('2026-01-06', 'a', 'p', 'eight'),
      '2026-01-07,a,b',
      row('2026-01-08', 'a', 'p', 2_000_000),
    ].join('\n');
    const result = parseClusterLog(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['badTime', 3, 'Date'],
      ['badGpus', 4, 'GPUs'],
      ['fieldCount', 5, undefined],
      ['gpusAboveMax', 6, 'GPUs'],
    ]);
    expect(result.errors[1]?.value).toBe('eight');
    expect(result.errors[2]?.expected).toBe(21);
  });

  it('a file of 150,000 distinct days is refused for its weeks, never thrown on', () => {
    const lines = ['Date,Namespace,GPUs'];
    const start = Date.UTC(1700, 0, 1);
    for (let d = 0; d < 150_000; d++)
      lines.push(`${new Date(start + d * 86_400_000).toISOString().slice(0, 10)},llm,1`);
    const result = parseClusterLog(lines.join('\n'));
    expect(result.ok ? null : result.errors[0]?.code).toBe('tooManyWeeks');
  });

  it('a weekly usage CSV of dates and GPUs (no namespace) is not taken for an OpenCost export', () => {
    const result = parseClusterLog('date,gpus\n2026-01-05,64\n2026-01-12,72\n');
    expect(result.ok ? null : result.errors[0]?.code).toBe('unknownFormat');
  });

  it('an export whose rows hold no GPU is refused as such, a header alone as empty', () => {
    const none = parseClusterLog([HEADER, row('2026-01-05', 'web', 'api', 0)].join('\n'));
    expect(none.ok ? null : none.errors[0]?.code).toBe('noGpuJobs');
    const empty = parseClusterLog(`${HEADER}\n`);
    expect(empty.ok ? null : empty.errors[0]?.code).toBe('empty');
  });
});
