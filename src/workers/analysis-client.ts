import type { Scenario } from '../engine';
import { type AnalysisKind, type AnalysisRequest, parseResponse } from './messages';

export interface AnalysisCallbacks {
  onProgress?: (fraction: number) => void;
  onResult: (result: unknown) => void;
  onError: (message: string) => void;
}

/** The part of a Worker the client uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: AnalysisRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

export interface AnalysisClient {
  /** Starts one analysis; returns a function that cancels it (its callbacks then never fire). */
  run(kind: AnalysisKind, scenario: Scenario, callbacks: AnalysisCallbacks): () => void;
}

/** The module worker, created on first use and shared by every hook of the page. */
export function createAnalysisWorker(): WorkerLike {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' }) as WorkerLike;
}

/**
 * Talks to the analysis worker: numbers requests, validates every response with zod, routes it to the
 * request's callbacks and drops responses of cancelled requests. Invalid responses become errors.
 */
export function createAnalysisClient(worker: WorkerLike = createAnalysisWorker()): AnalysisClient {
  let nextId = 1;
  const pending = new Map<number, AnalysisCallbacks>();
  worker.addEventListener('message', (event) => {
    const parsed = parseResponse(event.data);
    if (!parsed.ok) {
      const id = (event.data as { id?: unknown } | null)?.id;
      const callbacks = typeof id === 'number' ? pending.get(id) : undefined;
      if (callbacks && typeof id === 'number') {
        pending.delete(id);
        callbacks.onError(`bad response: ${parsed.message}`);
      }
      return;
    }
    const message = parsed.value;
    const callbacks = pending.get(message.id);
    if (!callbacks) return;
    if (message.type === 'progress') callbacks.onProgress?.(message.fraction);
    else {
      pending.delete(message.id);
      if (message.type === 'result') callbacks.onResult(message.result);
      else if (message.type === 'error') callbacks.onError(message.message);
    }
  });
  return {
    run(kind, scenario, callbacks) {
      const id = nextId++;
      pending.set(id, callbacks);
      worker.postMessage({ type: 'run', id, kind, scenario });
      return () => {
        if (pending.delete(id)) worker.postMessage({ type: 'cancel', id });
      };
    },
  };
}

let shared: AnalysisClient | null = null;

/** One client (and one worker) per page. */
export function sharedAnalysisClient(): AnalysisClient {
  shared ??= createAnalysisClient();
  return shared;
}
