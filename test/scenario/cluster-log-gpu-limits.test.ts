import { describe, expect, it } from 'vitest';
import { parseClusterLog } from '../../src/scenario/cluster-log';
import { MAX_CLUSTER_LOG_GPUS } from '../../src/scenario/cluster-log-limits';
import { readClusterLogBlob } from '../../src/workers/cluster-log-handler';
import { parseReadLogResponse } from '../../src/workers/cluster-log-messages';

/**
 * Issue 36 item 4: GPU counts a cluster log cannot hold are refused by line and column (a 309-digit
 * count became Infinity, and the worker's answer "could not be read"), and a log with more GPUs in
 * use than a cluster may have is refused with the limit before any preview asks for a cluster size
 * that could never be entered.
 */

const HEADER = 'JobID|JobName|Start|End|Elapsed|State|AllocTRES';
const HUGE = '9'.repeat(309);

function slurm(...lines: string[]): string {
  return [HEADER, ...lines].join('\n');
}

/** The result as the page receives it: through the worker's message schema. */
function asReceived(text: string) {
  const r = parseClusterLog(text);
  return parseReadLogResponse({ type: 'result', id: 1, result: r });
}

describe('GPU counts a log cannot hold', () => {
  it('the cluster limit is the cluster size’s maximum, 1,000,000 GPUs', () => {
    expect(MAX_CLUSTER_LOG_GPUS).toBe(1_000_000);
  });

  it('a 309-digit AllocTRES count is refused at its line and column, with the limit', () => {
    const text = slurm(
      '1|a|2026-01-05T00:00:00|2026-01-06T00:00:00|24:00:00|COMPLETED|gres/gpu=8',
      `2|b|2026-01-05T00:00:00|2026-01-06T00:00:00|24:00:00|COMPLETED|cpu=4,gres/gpu=${HUGE}`,
    );
    const r = parseClusterLog(text);
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          code: 'gpusAboveMax',
          line: 3,
          column: 'AllocTRES',
          value: `gres/gpu=${HUGE}`.slice(0, 40),
          limit: MAX_CLUSTER_LOG_GPUS,
        },
      ],
    });
    // The page receives it as it is, not as an unreadable file.
    expect(asReceived(text)).toEqual({ type: 'result', id: 1, result: r });
  });

  it('a count one above the limit is refused; one at the limit is read', () => {
    const at = (n: number) =>
      slurm(`1|a|2026-01-05T00:00:00|2026-01-06T00:00:00|24:00:00|COMPLETED|gres/gpu=${n}`);
    expect(parseClusterLog(at(MAX_CLUSTER_LOG_GPUS + 1))).toMatchObject({
      ok: false,
      errors: [{ code: 'gpusAboveMax', line: 2 }],
    });
    const ok = parseClusterLog(at(MAX_CLUSTER_LOG_GPUS));
    expect(ok.ok && ok.summary.peakConcurrentGpus).toBe(MAX_CLUSTER_LOG_GPUS);
  });

  it('per-type counts that add up past the limit are refused at their cell', () => {
    const text = slurm(
      '1|a|2026-01-05T00:00:00|2026-01-06T00:00:00|24:00:00|COMPLETED|gres/gpu:a100=600000,gres/gpu:h100=600000',
    );
    expect(parseClusterLog(text)).toMatchObject({
      ok: false,
      errors: [{ code: 'gpusAboveMax', line: 2, column: 'AllocTRES', limit: MAX_CLUSTER_LOG_GPUS }],
    });
  });

  it('AllocGRES: a 309-digit count is refused at its line and column', () => {
    const text = [
      'JobID|Start|End|AllocGRES',
      `7|2026-01-05T00:00:00|2026-01-06T00:00:00|gpu:a100:${HUGE}(IDX:0-3)`,
    ].join('\n');
    expect(parseClusterLog(text)).toMatchObject({
      ok: false,
      errors: [{ code: 'gpusAboveMax', line: 2, column: 'AllocGRES', limit: MAX_CLUSTER_LOG_GPUS }],
    });
  });

  it('an Elapsed of hundreds of digits of days is not a duration (its line and column), not a throw', () => {
    const text = [
      'JobID|Start|Elapsed|State|AllocTRES',
      `1|2026-01-05T00:00:00|${HUGE}-00:00:00|RUNNING|gres/gpu=8`,
    ].join('\n');
    expect(parseClusterLog(text)).toMatchObject({
      ok: false,
      errors: [{ code: 'badElapsed', line: 2, column: 'Elapsed' }],
    });
  });

  it('a period of thousands of years is too many weeks, refused before its weeks are counted out', () => {
    const text = slurm('1|a|0001-01-01T00:00:00|9999-12-31T00:00:00|00:00:00|COMPLETED|gres/gpu=8');
    expect(parseClusterLog(text)).toMatchObject({ ok: false, errors: [{ code: 'tooManyWeeks' }] });
  });

  it('telemetry: a 309-digit utilization is refused at its line and column', () => {
    const text = [
      'timestamp, index, utilization.gpu [%]',
      '2026/01/05 00:00:00.000, 0, 50 %',
      `2026/01/05 01:00:00.000, 0, ${HUGE} %`,
    ].join('\n');
    expect(parseClusterLog(text)).toMatchObject({
      ok: false,
      errors: [{ code: 'badUtilization', line: 3, column: 'utilization.gpu [%]' }],
    });
  });
});

describe('a log with more GPUs in use than a cluster may have', () => {
  it('is refused up front with the GPUs it shows and the limit (no preview to ask for a size)', async () => {
    // Two jobs of 600,000 GPUs at once: 1,200,000 in use, each job within the limit.
    const text = slurm(
      '1|a|2026-01-05T00:00:00|2026-01-20T00:00:00|360:00:00|COMPLETED|gres/gpu=600000',
      '2|b|2026-01-05T00:00:00|2026-01-20T00:00:00|360:00:00|COMPLETED|gres/gpu=600000',
    );
    const expected = {
      ok: false,
      errors: [{ code: 'peakAboveMax', gpus: 1_200_000, limit: MAX_CLUSTER_LOG_GPUS }],
    };
    expect(parseClusterLog(text)).toEqual(expected);
    expect(asReceived(text)).toEqual({ type: 'result', id: 1, result: expected });
    // The worker's own path says the same.
    expect(await readClusterLogBlob(new Blob([text]), () => {})).toEqual(expected);
  });

  it('a log whose peak is exactly the limit is read', () => {
    const text = slurm(
      '1|a|2026-01-05T00:00:00|2026-01-20T00:00:00|360:00:00|COMPLETED|gres/gpu=500000',
      '2|b|2026-01-05T00:00:00|2026-01-20T00:00:00|360:00:00|COMPLETED|gres/gpu=500000',
    );
    const r = parseClusterLog(text);
    expect(r.ok && r.summary.peakConcurrentGpus).toBe(MAX_CLUSTER_LOG_GPUS);
  });
});
