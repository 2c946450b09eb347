import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClusterLog } from '../../src/scenario/cluster-log';
import { parseLogTimeMs } from '../../src/scenario/cluster-log-time';
import type { ClusterLogSummary } from '../../src/scenario/cluster-log-types';
import { dcgmText, expectedTelemetry, nvidiaSmiText, type SyntheticTelemetry } from './cluster-log-generator';

function summaryOf(text: string): ClusterLogSummary {
  const r = parseClusterLog(text);
  if (!r.ok) throw new Error(`expected a summary, got ${JSON.stringify(r.errors)}`);
  return r.summary;
}

const telemetry = fc
  .record({
    startHour: fc.integer({ min: 0, max: 500 }),
    hours: fc.integer({ min: 2, max: 24 * 7 * 5 }),
    gpus: fc.integer({ min: 1, max: 4 }),
  })
  .chain(({ startHour, hours, gpus }) =>
    fc.record({
      startHour: fc.constant(startHour),
      utilization: fc.array(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: gpus, maxLength: gpus }),
        {
          minLength: hours,
          maxLength: hours,
        },
      ),
    }),
  );

function expectSummary(s: ClusterLogSummary, t: SyntheticTelemetry) {
  const expected = expectedTelemetry(t);
  expect(s.weeklyGpus).toHaveLength(expected.weeklyGpus.length);
  s.weeklyGpus.forEach((g, w) => {
    expect(g).toBeCloseTo(expected.weeklyGpus[w] ?? Number.NaN, 9);
  });
  expect(s.usefulGpuHours).toBeCloseTo(expected.usefulGpuHours, 9);
  expect(s.periodHours).toBe(expected.periodHours);
  expect(s.gpusSeen).toBe(expected.gpusSeen);
  expect(s.sampleIntervalSeconds).toBe(3600);
}

describe('GPU telemetry', () => {
  it('nvidia-smi CSV: weeks of GPUs busy and useful GPU-hours match the hour-by-hour count', () => {
    fc.assert(
      fc.property(telemetry, (t) => {
        const s = summaryOf(nvidiaSmiText(t));
        expect(s.format).toBe('nvidiaSmi');
        expect(s.sourceColumn).toBe('utilization.gpu [%]');
        expectSummary(s, t);
      }),
      { numRuns: 25 },
    );
  });

  it('a DCGM export of the same samples (fractions, ISO times with a zone, a quoted model name) gives the same', () => {
    fc.assert(
      fc.property(telemetry, (t) => {
        const s = summaryOf(dcgmText(t));
        expect(s.format).toBe('dcgm');
        expect(s.sourceColumn).toBe('DCGM_FI_PROF_SM_ACTIVE');
        expectSummary(s, t);
      }),
      { numRuns: 25 },
    );
  });

  it('the same GPU index on two hosts is two GPUs', () => {
    const t = { startHour: 0, utilization: [[50], [50]] };
    const two = `${dcgmText(t, 'a')}${dcgmText(t, 'b').split('\n').slice(1).join('\n')}`;
    expect(summaryOf(two).gpusSeen).toBe(2);
  });

  it('prefers DCGM_FI_DEV_GPU_UTIL (percent) when the export also has SM activity', () => {
    const s = summaryOf(
      [
        'timestamp,gpu,DCGM_FI_PROF_SM_ACTIVE,DCGM_FI_DEV_GPU_UTIL',
        '1767571200,0,0.2,80',
        '1767574800,0,0.2,80',
      ].join('\n'),
    );
    expect(s.sourceColumn).toBe('DCGM_FI_DEV_GPU_UTIL');
    expect(s.usefulGpuHours).toBeCloseTo(1.6, 12);
  });

  it('skips nvidia-smi’s [N/A] samples and says how many; reads nounits values', () => {
    const s = summaryOf(
      [
        'timestamp, index, utilization.gpu [%]',
        '2026/01/05 00:00:00.000, 0, [N/A]',
        '2026/01/05 00:00:00.000, 1, 100',
        '2026/01/05 01:00:00.000, 1, 50',
      ].join('\n'),
    );
    expect(s.notes.samplesWithoutValue).toBe(1);
    expect(s.usefulGpuHours).toBe(1.5);
  });

  it('names the line and column of a bad time or utilization', () => {
    const r = parseClusterLog(
      [
        'timestamp, index, utilization.gpu [%]',
        '2026/01/05 00:00:00.000, 0, 87 %',
        '2026/01/05 00:00:00.000, 1, 187 %',
        'noon, 0, 87 %',
        '2026/01/05 01:00:00.000, 1',
      ].join('\n'),
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { code: 'badUtilization', line: 3, column: 'utilization.gpu [%]', value: '187 %' },
        { code: 'badTime', line: 4, column: 'timestamp', value: 'noon' },
        { code: 'fieldCount', line: 5, value: '2', expected: 3 },
      ],
    });
  });

  it('needs a GPU sampled twice to know the sample interval', () => {
    expect(
      parseClusterLog('timestamp, index, utilization.gpu [%]\n2026/01/05 00:00:00.000, 0, 87 %\n'),
    ).toEqual({
      ok: false,
      errors: [{ code: 'noSamples' }],
    });
  });
});

describe('measured energy (power × sample interval)', () => {
  it('nvidia-smi power.draw [W], with and without the unit; [N/A] is no value; only counted samples count', () => {
    const s = summaryOf(
      [
        'timestamp, index, utilization.gpu [%], power.draw [W]',
        '2026/01/05 00:00:00.000, 0, 50 %, 300.00 W',
        '2026/01/05 00:00:00.000, 1, 100 %, 400',
        '2026/01/05 01:00:00.000, 0, 50 %, [N/A]',
        '2026/01/05 01:00:00.000, 1, 100 %, 200.5 W',
        // Any other bracketed word is nvidia-smi unable to read the value: no value, not a refused file.
        '2026/01/05 01:30:00.000, 2, 10 %, [Insufficient Permissions]',
        // No utilization: the sample is not counted, nor its power.
        '2026/01/05 02:00:00.000, 1, [N/A], 250.00 W',
      ].join('\n'),
    );
    expect(s.sampleIntervalSeconds).toBe(3600);
    expect(s.notes.samplesWithoutValue).toBe(1);
    // Three samples with power, an hour each: (300 + 400 + 200.5) Wh.
    expect(s.energy).toEqual({
      scope: 'gpus',
      column: 'power.draw [W]',
      kwh: expect.closeTo((300 + 400 + 200.5) / 1000, 12),
      coveredGpuHours: 3,
      records: 3,
    });
  });

  it('a DCGM export’s DCGM_FI_DEV_POWER_USAGE (watts) at its sample interval', () => {
    const t0 = 1767571200; // 2026-01-05 00:00 UTC
    const s = summaryOf(
      [
        'timestamp,gpu,DCGM_FI_DEV_GPU_UTIL,DCGM_FI_DEV_POWER_USAGE',
        `${t0},0,80,280`,
        `${t0 + 900},0,80,320`,
        `${t0 + 1800},0,80,3e2`,
      ].join('\n'),
    );
    expect(s.sampleIntervalSeconds).toBe(900);
    expect(s.energy).toEqual({
      scope: 'gpus',
      column: 'DCGM_FI_DEV_POWER_USAGE',
      kwh: expect.closeTo(((280 + 320 + 300) * 0.25) / 1000, 12),
      coveredGpuHours: expect.closeTo(3 * 0.25, 12),
      records: 3,
    });
  });

  it('names the line and column of a power that is no count of watts', () => {
    const r = parseClusterLog(
      [
        'timestamp, index, utilization.gpu [%], power.draw [W]',
        '2026/01/05 00:00:00.000, 0, 50 %, 300.00 W',
        '2026/01/05 01:00:00.000, 0, 50 %, -5 W',
        '2026/01/05 02:00:00.000, 0, 50 %, lots',
      ].join('\n'),
    );
    expect(r).toEqual({
      ok: false,
      errors: [
        { code: 'badEnergy', line: 3, column: 'power.draw [W]', value: '-5 W' },
        { code: 'badEnergy', line: 4, column: 'power.draw [W]', value: 'lots' },
      ],
    });
  });

  it('no energy without a power column, or when no sample carries one', () => {
    expect(
      summaryOf(
        'timestamp, index, utilization.gpu [%]\n2026/01/05 00:00:00.000, 0, 50 %\n2026/01/05 01:00:00.000, 0, 50 %\n',
      ).energy,
    ).toBeUndefined();
    expect(
      summaryOf(
        'timestamp, index, utilization.gpu [%], power.draw [W]\n2026/01/05 00:00:00.000, 0, 50 %, [Not Supported]\n2026/01/05 01:00:00.000, 0, 50 %, [N/A]\n',
      ).energy,
    ).toBeUndefined();
  });
});

describe('which file it is', () => {
  it('an empty or blank file is empty', () => {
    expect(parseClusterLog('')).toEqual({ ok: false, errors: [{ code: 'empty' }] });
    expect(parseClusterLog('\n  \n')).toEqual({ ok: false, errors: [{ code: 'empty' }] });
  });

  it('a file of another kind is named as such at its first line', () => {
    expect(parseClusterLog('\nweek,gpus\n1,20\n')).toEqual({
      ok: false,
      errors: [{ code: 'unknownFormat', line: 2 }],
    });
  });

  it('a "|"-separated line that names no sacct column is no Slurm header', () => {
    expect(parseClusterLog('%PDF-1.7 | binary | stuff\n')).toEqual({
      ok: false,
      errors: [{ code: 'unknownFormat', line: 1 }],
    });
  });

  it('a telemetry header without a GPU column names the column it needs', () => {
    expect(parseClusterLog('timestamp,DCGM_FI_DEV_GPU_UTIL\n')).toEqual({
      ok: false,
      errors: [{ code: 'missingColumn', line: 1, column: 'gpu' }],
    });
  });

  it('a log longer than 104 weeks is refused with its length', () => {
    // 2026-01-05 → 2028-03-05 is 790 days: 113 weeks, the last one partial.
    const text = [
      'JobID|Start|End|AllocTRES',
      '1|2026-01-05T00:00:00|2028-01-05T00:00:00|gres/gpu=1',
      '2|2028-01-05T00:00:00|2028-03-05T00:00:00|gres/gpu=1',
    ].join('\n');
    expect(parseClusterLog(text)).toEqual({ ok: false, errors: [{ code: 'tooManyWeeks', weeks: 113 }] });
  });
});

describe('log times', () => {
  it('reads each format’s shape on one clock', () => {
    const t = Date.UTC(2026, 0, 5, 10, 0, 0);
    expect(parseLogTimeMs('2026-01-05T10:00:00')).toBe(t);
    expect(parseLogTimeMs('2026/01/05 10:00:00.000')).toBe(t);
    expect(parseLogTimeMs('2026-01-05T18:00:00+08:00')).toBe(t);
    expect(parseLogTimeMs('2026-01-05T10:00:00.000Z')).toBe(t);
    expect(parseLogTimeMs(String(t / 1000))).toBe(t);
    expect(parseLogTimeMs(String(t))).toBe(t);
  });

  it('refuses a day the month does not have and text that is no time', () => {
    expect(parseLogTimeMs('2026-02-30T10:00:00')).toBeNull();
    expect(parseLogTimeMs('2026-01-05T24:00:00')).toBeNull();
    expect(parseLogTimeMs('Unknown')).toBeNull();
  });
});
