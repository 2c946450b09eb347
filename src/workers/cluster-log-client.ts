import { MAX_CLUSTER_LOG_BYTES } from '../scenario/cluster-log-limits';
import type { ClusterLogResult } from '../scenario/cluster-log-types';
import type { ReadLogRequest } from './cluster-log-messages';
import { parseReadLogResponse } from './cluster-log-messages';

/** Reads one chosen log file; `cancel` stops it (its callbacks then never fire). */
export type ClusterLogFileReader = (
  file: File,
  onProgress: (fraction: number) => void,
) => { result: Promise<ClusterLogResult>; cancel: () => void };

/** The part of a Worker the client uses (a fake in tests). */
export interface LogWorkerLike {
  postMessage(message: ReadLogRequest): void;
  addEventListener(type: 'message' | 'error', listener: (event: MessageEvent<unknown>) => void): void;
  terminate(): void;
}

function createLogWorker(): LogWorkerLike {
  return new Worker(new URL('./cluster-log.worker.ts', import.meta.url), {
    type: 'module',
  }) as LogWorkerLike;
}

const unreadable: ClusterLogResult = { ok: false, errors: [{ code: 'unreadable' }] };

/**
 * A reader backed by a worker of its own per file: the worker ends with the file (a second file, or
 * Cancel, ends the first one's worker at once instead of queueing behind it). A file above the limit
 * is refused from its size before any worker starts; a worker that fails or answers out of shape
 * makes the file 'unreadable'.
 */
export function createClusterLogFileReader(
  makeWorker: () => LogWorkerLike = createLogWorker,
): ClusterLogFileReader {
  return (file, onProgress) => {
    if (file.size > MAX_CLUSTER_LOG_BYTES)
      return { result: Promise.resolve({ ok: false, errors: [{ code: 'tooLarge' }] }), cancel: () => {} };
    let worker: LogWorkerLike | null = null;
    let settle: (result: ClusterLogResult) => void = () => {};
    const result = new Promise<ClusterLogResult>((resolve) => {
      settle = resolve;
    });
    const end = () => {
      worker?.terminate();
      worker = null;
    };
    try {
      worker = makeWorker();
    } catch {
      return { result: Promise.resolve(unreadable), cancel: () => {} };
    }
    worker.addEventListener('error', () => {
      if (!worker) return;
      end();
      settle(unreadable);
    });
    worker.addEventListener('message', (event) => {
      if (!worker) return;
      const message = parseReadLogResponse(event.data);
      if (message?.type === 'progress') {
        onProgress(message.fraction);
        return;
      }
      end();
      settle(message?.type === 'result' ? message.result : unreadable);
    });
    worker.postMessage({ type: 'read', id: 1, file });
    return { result, cancel: end };
  };
}
