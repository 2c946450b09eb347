/// <reference lib="webworker" />
/**
 * The analysis worker: Monte Carlo, tornado, sweeps and the hybrid optimisation off the main thread.
 * All logic is in handler.ts (tested in Node); this file only wires it to the worker's messages.
 */
import { createAnalysisHandler } from './handler';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createAnalysisHandler((message) => scope.postMessage(message));
scope.onmessage = (event: MessageEvent<unknown>) => {
  void handle(event.data);
};
