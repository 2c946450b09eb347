import { describe, expect, it } from 'vitest';
import { parseClusterLog } from '../../src/scenario/cluster-log';
import { MAX_CLUSTER_LOG_BYTES } from '../../src/scenario/cluster-log-limits';
import { createClusterLogFileReader, type LogWorkerLike } from '../../src/workers/cluster-log-client';
import { createClusterLogHandler, readClusterLogBlob } from '../../src/workers/cluster-log-handler';
import {
  parseReadLogResponse,
  type ReadLogRequest,
  type ReadLogResponse,
} from '../../src/workers/cluster-log-messages';
import { sacctText } from '../scenario/cluster-log-generator';

// Job names in Chinese: three bytes a character, so slices of 7 bytes cut characters in two.
const text = sacctText([
  { startHour: 5, hours: 50, gpus: 8 },
  { startHour: 300, hours: 12, gpus: 4 },
]).replaceAll('train-', '训练任务-');

describe('cluster-log reader worker', () => {
  it('reads a file slice by slice to the same result as the whole text, decoding characters cut between slices', async () => {
    const progress: number[] = [];
    const result = await readClusterLogBlob(new Blob([text]), (f) => progress.push(f), 7);
    expect(result).toEqual(parseClusterLog(text));
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('reads UTF-16 with its byte-order mark (PowerShell’s redirect), cut into odd-sized slices', async () => {
    const smi =
      'timestamp, index, utilization.gpu [%]\n2026/01/05 00:00:00.000, 0, 50 %\n2026/01/05 01:00:00.000, 0, 100 %\n';
    const utf16 = new Uint8Array(2 + smi.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < smi.length; i++) utf16[2 + 2 * i] = smi.charCodeAt(i);
    const result = await readClusterLogBlob(new Blob([utf16]), () => {}, 5);
    expect(result).toEqual(parseClusterLog(smi));
    expect(result.ok).toBe(true);
  });

  it('refuses a file above 50 MB from its size, reading nothing', async () => {
    const huge = {
      size: MAX_CLUSTER_LOG_BYTES + 1,
      slice: () => {
        throw new Error('read');
      },
    };
    expect(await readClusterLogBlob(huge, () => {})).toEqual({ ok: false, errors: [{ code: 'tooLarge' }] });
  });

  it('a file the browser cannot read is unreadable, not a throw', async () => {
    const broken = { size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }) };
    expect(await readClusterLogBlob(broken as unknown as Blob, () => {})).toEqual({
      ok: false,
      errors: [{ code: 'unreadable' }],
    });
  });

  it('the handler answers a request without a file as unreadable', async () => {
    const out: ReadLogResponse[] = [];
    await createClusterLogHandler((m) => out.push(m))({ type: 'read', id: 3, file: 'sacct.txt' });
    expect(out).toEqual([{ type: 'result', id: 3, result: { ok: false, errors: [{ code: 'unreadable' }] } }]);
  });

  it('the client passes progress and the result through, and ends the worker', async () => {
    let terminated = false;
    const listeners: Record<string, (e: MessageEvent<unknown>) => void> = {};
    const fake: LogWorkerLike = {
      addEventListener: (type, l) => {
        listeners[type] = l;
      },
      postMessage: (request: ReadLogRequest) => {
        void createClusterLogHandler((m) => listeners.message?.({ data: m } as MessageEvent<unknown>))(
          request,
        );
      },
      terminate: () => {
        terminated = true;
      },
    };
    const progress: number[] = [];
    const read = createClusterLogFileReader(() => fake)(new File([text], 'sacct.txt'), (f) =>
      progress.push(f),
    );
    expect(await read.result).toEqual(parseClusterLog(text));
    expect(progress).toEqual([1]);
    expect(terminated).toBe(true);
  });

  it('the measured energy and its error pass through the client’s check of the answer', async () => {
    const fake = (): LogWorkerLike => {
      const listeners: Record<string, (e: MessageEvent<unknown>) => void> = {};
      return {
        addEventListener: (type, l) => {
          listeners[type] = l;
        },
        postMessage: (request: ReadLogRequest) => {
          void createClusterLogHandler((m) => listeners.message?.({ data: m } as MessageEvent<unknown>))(
            request,
          );
        },
        terminate: () => {},
      };
    };
    const header = 'JobID|Start|End|AllocTRES|ConsumedEnergyRaw';
    const withEnergy = `${header}\n1|2026-01-05T00:00:00|2026-01-05T10:00:00|gres/gpu=8|288000000\n`;
    const read = createClusterLogFileReader(fake)(new File([withEnergy], 'sacct.txt'), () => {});
    const result = await read.result;
    expect(result).toEqual(parseClusterLog(withEnergy));
    // 2.88e8 J over 8 GPUs × 10 h.
    expect(result.ok && result.summary.energy).toEqual({
      scope: 'nodes',
      column: 'ConsumedEnergyRaw',
      kwh: 288_000_000 / 3_600_000,
      coveredGpuHours: 80,
      records: 1,
    });
    const bad = `${header}\n1|2026-01-05T00:00:00|2026-01-05T10:00:00|gres/gpu=8|abc\n`;
    expect(await createClusterLogFileReader(fake)(new File([bad], 'sacct.txt'), () => {}).result).toEqual({
      ok: false,
      errors: [{ code: 'badEnergy', line: 2, column: 'ConsumedEnergyRaw', value: 'abc' }],
    });
  });

  it('the client refuses a summary whose energy is negative, as an unreadable file', () => {
    const parsed = parseClusterLog(
      'JobID|Start|End|AllocTRES\n1|2026-01-05T00:00:00|2026-01-05T10:00:00|gres/gpu=8\n',
    );
    if (!parsed.ok) throw new Error('expected a summary');
    const answer = (kwh: number) => ({
      type: 'result',
      id: 1,
      result: {
        ok: true,
        summary: {
          ...parsed.summary,
          energy: { scope: 'nodes', column: 'ConsumedEnergyRaw', kwh, coveredGpuHours: 80, records: 1 },
        },
      },
    });
    expect(parseReadLogResponse(answer(80))).not.toBeNull();
    expect(parseReadLogResponse(answer(-1))).toBeNull();
    expect(parseReadLogResponse(answer(Number.POSITIVE_INFINITY))).toBeNull();
  });

  it('the client treats an answer of the wrong shape as an unreadable file', async () => {
    const listeners: Record<string, (e: MessageEvent<unknown>) => void> = {};
    const fake: LogWorkerLike = {
      addEventListener: (type, l) => {
        listeners[type] = l;
      },
      postMessage: () =>
        listeners.message?.({
          data: { type: 'result', id: 1, result: { ok: true, summary: { weeklyGpus: 'many' } } },
        } as MessageEvent<unknown>),
      terminate: () => {},
    };
    const read = createClusterLogFileReader(() => fake)(new File(['x'], 'x.txt'), () => {});
    expect(await read.result).toEqual({ ok: false, errors: [{ code: 'unreadable' }] });
  });
});
