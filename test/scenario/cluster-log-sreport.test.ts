import { parseClusterLog } from '../../src/scenario/cluster-log';
import { measuredUsage } from '../../src/scenario/cluster-log-usage';

/**
 * Slurm `sreport cluster utilization --tres=gres/gpu` read as a weekly curve and a measured
 * efficiency (issue 38 item 5), against arithmetic done here: minutes ÷ 60 are GPU-hours, a week's
 * GPUs are its allocated GPU-hours ÷ 168, the cluster's GPUs its reported GPU-hours ÷ the hours.
 */
const RULE = '-'.repeat(80);

function weeklyReport(
  start: string,
  end: string,
  allocatedMinutes: number,
  reportedMinutes: number,
): string[] {
  return [
    RULE,
    `Cluster Utilization ${start} - ${end}`,
    'Usage reported in TRES Minutes',
    RULE,
    'Cluster|TRES Name|Allocated|Down|PLND Down|Idle|Planned|Reported',
    `gpu-a|cpu|100|0|0|50|0|150`,
    `gpu-a|gres/gpu|${allocatedMinutes}|0|0|${reportedMinutes - allocatedMinutes}|0|${reportedMinutes}`,
  ];
}

describe('sreport cluster utilization', () => {
  it('two weekly reports (parsable, minutes): the weekly curve, useful GPU-hours, the cluster and its efficiency', () => {
    const text = [
      ...weeklyReport('2026-01-05T00:00:00', '2026-01-11T23:59:59', 40_320, 161_280),
      ...weeklyReport('2026-01-12T00:00:00', '2026-01-18T23:59:59', 80_640, 161_280),
    ].join('\n');
    const result = parseClusterLog(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const s = result.summary;
    expect(s.format).toBe('sreport');
    // 40,320 min = 672 GPU-h over 168 h = 4 GPUs; 80,640 min = 1,344 GPU-h = 8 GPUs.
    expect(s.weeklyGpus).toEqual([4, 8]);
    expect(s.usefulGpuHours).toBe(672 + 1_344);
    expect(s.periodHours).toBe(336);
    // Reported 161,280 min = 2,688 GPU-h a week ÷ 168 h = 16 GPUs.
    expect(s.gpusSeen).toBe(16);
    expect(s.records).toBe(2);
    const usage = measuredUsage(s, s.gpusSeen);
    expect(usage.origin).toBe('schedulerLog');
    expect(usage.measuredEfficiency).toBeCloseTo(2_016 / (16 * 336), 12);
  });

  it('the aligned form of an older release (Reserved, a cut "PLND Dow+", hours): read by the header’s names', () => {
    const text = [
      RULE,
      'Cluster Utilization 2026-02-02T00:00:00 - 2026-02-08T23:59:59',
      'Usage reported in TRES Hours',
      RULE,
      '  Cluster      TRES Name    Allocated       Down  PLND Dow+       Idle   Reserved   Reported ',
      '--------- -------------- ------------ ---------- ---------- ---------- ---------- ---------- ',
      '    gpu-a       gres/gpu         1008          0          0       3024          0       5376 ',
    ].join('\n');
    const result = parseClusterLog(text);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.summary.weeklyGpus).toEqual([1_008 / 168]);
    expect(result.summary.gpusSeen).toBe(5_376 / 168);
  });

  it('percent output, a report without the GPU TRES, and rows without their period are refused with the line', () => {
    const percent = parseClusterLog(
      [
        RULE,
        'Cluster Utilization 2026-01-05T00:00:00 - 2026-01-11T23:59:59',
        'Usage reported in Percentage of Total',
        RULE,
      ].join('\n'),
    );
    expect(percent).toEqual({
      ok: false,
      errors: [{ code: 'sreportPercent', line: 3, value: 'Usage reported in Percentage of Total' }],
    });
    const cpuOnly = parseClusterLog(
      weeklyReport('2026-01-05T00:00:00', '2026-01-11T23:59:59', 1, 2).slice(0, 6).join('\n'),
    );
    expect(cpuOnly).toEqual({ ok: false, errors: [{ code: 'sreportNoGpu' }] });
    const noHeader = parseClusterLog(
      [
        'Cluster|TRES Name|Allocated|Down|PLND Down|Idle|Planned|Reported',
        'gpu-a|gres/gpu|10|0|0|0|0|10',
      ].join('\n'),
    );
    expect(noHeader).toEqual({ ok: false, errors: [{ code: 'sreportNoPeriod', line: 2 }] });
  });

  it('a value that is not a number is named by its line and column', () => {
    const lines = weeklyReport('2026-01-05T00:00:00', '2026-01-11T23:59:59', 40_320, 161_280);
    lines[6] = 'gpu-a|gres/gpu|lots|0|0|0|0|161280';
    const result = parseClusterLog(lines.join('\n'));
    expect(result).toEqual({
      ok: false,
      errors: [{ code: 'badGpus', line: 7, column: 'Allocated', value: 'lots' }],
    });
  });

  it('a sacct file is still read as Slurm accounting, not as a report', () => {
    const result = parseClusterLog(
      ['JobID|Start|End|AllocTRES', '1|2026-01-05T00:00:00|2026-01-05T10:00:00|gres/gpu=8'].join('\n'),
    );
    expect(result.ok && result.summary.format).toBe('slurm');
  });
});
