import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClusterLogReader, parseClusterLog } from '../../src/scenario/cluster-log';
import { gpusFromGres, gpusFromTres } from '../../src/scenario/cluster-log-slurm';
import type { ClusterLogSummary } from '../../src/scenario/cluster-log-types';
import { expectedSlurm, type SyntheticJob, sacctText } from './cluster-log-generator';

function summaryOf(text: string): ClusterLogSummary {
  const r = parseClusterLog(text);
  if (!r.ok) throw new Error(`expected a summary, got ${JSON.stringify(r.errors)}`);
  return r.summary;
}

const HEADER = 'JobID|JobName|Start|End|Elapsed|State|AllocTRES';

describe('Slurm accounting (sacct --parsable2)', () => {
  it('a job over a week boundary is split by the hours in each week', () => {
    // Monday 2026-01-05 00:00 + 160 h → 16 h into week 2 (8 h in week 1, 8 h in week 2), 4 GPUs.
    const s = summaryOf(
      [
        HEADER,
        '1|a|2026-01-05T00:00:00|2026-01-05T01:00:00|01:00:00|COMPLETED|cpu=1,gres/gpu=1,node=1',
        '2|b|2026-01-11T16:00:00|2026-01-12T08:00:00|16:00:00|COMPLETED|gres/gpu=4',
      ].join('\n'),
    );
    expect(s.format).toBe('slurm');
    expect(s.sourceColumn).toBe('AllocTRES');
    expect(s.periodHours).toBe(176);
    // Week 1: 1 GPU-hour + 8 h × 4 GPUs over 168 h; week 2: 8 h × 4 GPUs over the 8 h it covers.
    expect(s.weeklyGpus).toEqual([33 / 168, 32 / 8]);
    expect(s.usefulGpuHours).toBe(65);
    expect(s.peakConcurrentGpus).toBe(4);
  });

  it('matches the hour-by-hour count of a generated log: weeks, GPU-hours and peak, exactly', () => {
    const job = fc.record({
      startHour: fc.integer({ min: 0, max: 30 * 168 }),
      hours: fc.integer({ min: 1, max: 400 }),
      gpus: fc.integer({ min: 1, max: 64 }),
    });
    fc.assert(
      fc.property(fc.array(job, { minLength: 1, maxLength: 25 }), (jobs: SyntheticJob[]) => {
        const s = summaryOf(sacctText(jobs));
        const expected = expectedSlurm(jobs);
        expect(s.weeklyGpus).toEqual(expected.weeklyGpus);
        expect(s.usefulGpuHours).toBe(expected.usefulGpuHours);
        expect(s.periodHours).toBe(expected.periodHours);
        expect(s.peakConcurrentGpus).toBe(expected.peakConcurrentGpus);
        // The batch step of every job was left out, not counted a second time.
        expect(s.notes.jobSteps).toBe(jobs.length);
        expect(s.records).toBe(jobs.length);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same result however the text is cut into pieces', () => {
    const text = sacctText([
      { startHour: 3, hours: 30, gpus: 8 },
      { startHour: 200, hours: 5, gpus: 2 },
    ]);
    const whole = parseClusterLog(text);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 6 }), (cuts) => {
        const reader = createClusterLogReader();
        const points = [0, ...[...cuts].sort((a, b) => a - b), text.length];
        for (let i = 1; i < points.length; i++) reader.push(text.slice(points[i - 1], points[i]));
        expect(reader.finish()).toEqual(whole);
      }),
    );
  });

  it('two jobs back to back (one ends as the next starts) never held GPUs together', () => {
    const s = summaryOf(
      [
        HEADER,
        '1|a|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8',
        '2|b|2026-01-05T10:00:00|2026-01-05T20:00:00|10:00:00|COMPLETED|gres/gpu=8',
      ].join('\n'),
    );
    expect(s.peakConcurrentGpus).toBe(8);
  });

  it('counts a running job up to start + Elapsed, skips jobs that never started and CPU-only jobs, and says so', () => {
    const s = summaryOf(
      [
        HEADER,
        '1|a|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=2',
        '2|b|2026-01-05T04:00:00|Unknown|20:00:00|RUNNING|gres/gpu=4',
        '3|c|Unknown|Unknown|00:00:00|PENDING|',
        '4|d|None|None|00:00:00|CANCELLED by 1000|gres/gpu=8',
        '5|e|2026-01-05T00:00:00|2026-01-05T01:00:00|01:00:00|COMPLETED|cpu=4,mem=1G',
      ].join('\n'),
    );
    expect(s.usefulGpuHours).toBe(2 * 10 + 4 * 20);
    expect(s.periodHours).toBe(24);
    expect(s.notes).toMatchObject({ runningJobs: 1, notStartedJobs: 2, cpuOnlyJobs: 1 });
  });

  it('without Elapsed, a running job counts up to the last time the log shows', () => {
    const s = summaryOf(
      [
        'JobID|Start|End|AllocTRES',
        '1|2026-01-05T00:00:00|2026-01-05T12:00:00|gres/gpu=1',
        '2|2026-01-05T06:00:00|Unknown|gres/gpu=2',
      ].join('\n'),
    );
    expect(s.usefulGpuHours).toBe(12 + 2 * 6);
    expect(s.notes.runningJobs).toBe(1);
  });

  it('reads AllocGRES, --parsable’s trailing separator, CRLF lines, a BOM and a repeated header', () => {
    const s = summaryOf(
      `\uFEFFJobID|Start|End|AllocGRES|\r\n1|2026-01-05T00:00:00|2026-01-05T02:00:00|gpu:a100:4(IDX:0-3)|\r\nJobID|Start|End|AllocGRES|\r\n2|2026-01-05T00:00:00|2026-01-05T02:00:00|gpu:2|\r\n`,
    );
    expect(s.sourceColumn).toBe('AllocGRES');
    expect(s.usefulGpuHours).toBe(12);
    expect(s.records).toBe(2);
  });

  it('names the line and column of a bad value and returns no summary', () => {
    const r = parseClusterLog(
      [
        HEADER,
        '1|a|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=2',
        '2|b|2026-01-05T00:00:00|2026-13-05T10:00:00|10:00:00|COMPLETED|gres/gpu=2',
        '3|c|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=two',
        '4|d|2026-01-05T00:00:00|2026-01-05T10:00:00|COMPLETED|gres/gpu=2',
        '5|e|2026-01-05T10:00:00|2026-01-05T09:00:00|10:00:00|COMPLETED|gres/gpu=2',
      ].join('\n'),
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { code: 'badTime', line: 3, column: 'End', value: '2026-13-05T10:00:00' },
        { code: 'badGpus', line: 4, column: 'AllocTRES', value: 'gres/gpu=two' },
        { code: 'fieldCount', line: 5, value: '6', expected: 7 },
        { code: 'endBeforeStart', line: 6, column: 'End', value: '2026-01-05T09:00:00' },
      ],
    });
  });

  it('refuses a header without the allocated GPUs, naming the column', () => {
    expect(
      parseClusterLog('JobID|Start|End|State\n1|2026-01-05T00:00:00|2026-01-05T01:00:00|COMPLETED\n'),
    ).toEqual({
      ok: false,
      errors: [{ code: 'missingColumn', line: 1, column: 'AllocTRES' }],
    });
  });

  it('says so when no job held a GPU', () => {
    expect(
      parseClusterLog(`${HEADER}\n1|a|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|cpu=8\n`),
    ).toEqual({
      ok: false,
      errors: [{ code: 'noGpuJobs' }],
    });
  });

  it('stops after 20 bad lines', () => {
    const bad = Array.from({ length: 50 }, (_, i) => `${i}|x|yesterday|today|1|COMPLETED|gres/gpu=1`);
    const r = parseClusterLog([HEADER, ...bad].join('\n'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toHaveLength(20);
  });
});

describe('measured energy (ConsumedEnergyRaw)', () => {
  const ENERGY_HEADER = 'JobID|JobName|Start|End|Elapsed|State|AllocTRES|ConsumedEnergyRaw';
  const J_PER_KWH = 3_600_000;

  it('sums the joules of the GPU jobs that report them, over those jobs’ GPU-hours; steps, blanks, 0 and CPU-only jobs count none', () => {
    const s = summaryOf(
      [
        ENERGY_HEADER,
        // 8 GPUs × 10 h, 2.88e8 J = 80 kWh.
        '1|a|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8|288000000',
        // The step's energy is within its job's: counting it would count it twice.
        '1.batch|batch|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8|287000000',
        // 4 GPUs × 5 h, 3.6e7 J = 10 kWh.
        '2|b|2026-01-05T00:00:00|2026-01-05T05:00:00|05:00:00|COMPLETED|gres/gpu=4|36000000',
        // No energy plugin: blank or 0.
        '3|c|2026-01-05T00:00:00|2026-01-05T03:00:00|03:00:00|COMPLETED|gres/gpu=2|',
        '4|d|2026-01-05T00:00:00|2026-01-05T03:00:00|03:00:00|COMPLETED|gres/gpu=2|0',
        '5|e|2026-01-05T00:00:00|2026-01-05T03:00:00|03:00:00|COMPLETED|cpu=8|9000000',
      ].join('\n'),
    );
    expect(s.usefulGpuHours).toBe(8 * 10 + 4 * 5 + 2 * 3 + 2 * 3);
    expect(s.records).toBe(4);
    expect(s.energy).toEqual({
      scope: 'nodes',
      column: 'ConsumedEnergyRaw',
      kwh: expect.closeTo((288_000_000 + 36_000_000) / J_PER_KWH, 9),
      coveredGpuHours: 8 * 10 + 4 * 5,
      records: 2,
    });
    expect(s.energy?.kwh).toBeCloseTo(80 + 10, 9);
  });

  it('a running job without Elapsed, or one that held its GPUs for no time, measures no energy (its joules have no hours to match)', () => {
    const s = summaryOf(
      [
        'JobID|Start|End|State|AllocTRES|ConsumedEnergyRaw',
        // 8 GPUs × 10 h at 1 kW a GPU: 2.88e8 J = 80 kWh.
        '1|2026-01-05T00:00:00|2026-01-05T10:00:00|COMPLETED|gres/gpu=8|288000000',
        // Still running, its end a guess (the log's last time, here its own start): not counted.
        '2|2026-01-05T10:00:00|Unknown|RUNNING|gres/gpu=8|500000000',
        // Failed at once: no GPU-hours for its 50 MJ.
        '3|2026-01-05T04:00:00|2026-01-05T04:00:00|FAILED|gres/gpu=8|50000000',
      ].join('\n'),
    );
    expect(s.energy?.kwh).toBeCloseTo(80, 9);
    expect(s.energy?.coveredGpuHours).toBe(80);
    expect(s.energy?.records).toBe(1);
  });

  it('a running job with its Elapsed: its energy so far covers its GPU-hours so far', () => {
    const s = summaryOf(
      [
        'JobID|Start|End|Elapsed|State|AllocTRES|ConsumedEnergyRaw',
        '1|2026-01-05T00:00:00|2026-01-05T12:00:00|12:00:00|COMPLETED|gres/gpu=1|',
        // Running from 06:00 for 6 h so far: 2 GPUs × 6 h, 4.32e7 J = 12 kWh.
        '2|2026-01-05T06:00:00|Unknown|06:00:00|RUNNING|gres/gpu=2|43200000',
      ].join('\n'),
    );
    expect(s.notes.runningJobs).toBe(1);
    expect(s.energy).toEqual({
      scope: 'nodes',
      column: 'ConsumedEnergyRaw',
      kwh: 43_200_000 / J_PER_KWH,
      coveredGpuHours: 2 * 6,
      records: 1,
    });
  });

  it('names the line and column of energy that is no count of joules', () => {
    const r = parseClusterLog(
      [
        ENERGY_HEADER,
        '1|a|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8|288000000',
        '2|b|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8|abc',
        '3|c|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8|-5',
        '4|d|2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8|1.23M',
      ].join('\n'),
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { code: 'badEnergy', line: 3, column: 'ConsumedEnergyRaw', value: 'abc' },
        { code: 'badEnergy', line: 4, column: 'ConsumedEnergyRaw', value: '-5' },
        { code: 'badEnergy', line: 5, column: 'ConsumedEnergyRaw', value: '1.23M' },
      ],
    });
  });

  it('no energy without the column, or with only ConsumedEnergy (rounded, with a unit prefix)', () => {
    const job = '2026-01-05T00:00:00|2026-01-05T10:00:00|10:00:00|COMPLETED|gres/gpu=8';
    expect(summaryOf(`${HEADER}\n1|a|${job}\n`).energy).toBeUndefined();
    const rounded = summaryOf(`${HEADER}|ConsumedEnergy\n1|a|${job}|1.23M\n`);
    expect(rounded.energy).toBeUndefined();
    expect(rounded.usefulGpuHours).toBe(80);
    // The column, but no job reports energy: nothing was measured.
    expect(summaryOf(`${ENERGY_HEADER}\n1|a|${job}|\n2|b|${job}|0\n`).energy).toBeUndefined();
  });
});

describe('allocated GPUs of one job', () => {
  it('AllocTRES: the untyped count when given, else the typed counts summed', () => {
    expect(gpusFromTres('billing=8,cpu=8,gres/gpu:a100=2,gres/gpu=2,mem=64G')).toEqual({ ok: true, gpus: 2 });
    expect(gpusFromTres('gres/gpu:a100=2,gres/gpu:v100=1')).toEqual({ ok: true, gpus: 3 });
    expect(gpusFromTres('cpu=8,mem=64G')).toEqual({ ok: true, gpus: 0 });
    expect(gpusFromTres('')).toEqual({ ok: true, gpus: 0 });
    expect(gpusFromTres('cpu=8,gres/gpu=2.5')).toEqual({ ok: false, entry: 'gres/gpu=2.5' });
  });

  it('AllocGRES: gpu:N and gpu:type:N, device indexes ignored, other resources ignored', () => {
    expect(gpusFromGres('gpu:4')).toEqual({ ok: true, gpus: 4 });
    expect(gpusFromGres('gpu:a100:4(IDX:0,2-3),mps:100')).toEqual({ ok: true, gpus: 4 });
    expect(gpusFromGres('')).toEqual({ ok: true, gpus: 0 });
    expect(gpusFromGres('gpu:a100:x')).toEqual({ ok: false, entry: 'gpu:a100:x' });
  });
});
