/// <reference lib="webworker" />
/**
 * The cluster-log reader worker: reads and parses a log file (up to 50 MB) off the main thread, so
 * the page stays responsive while it works. All logic is in cluster-log-handler.ts (tested in Node).
 */
import { createClusterLogHandler } from './cluster-log-handler';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createClusterLogHandler((message) => scope.postMessage(message));
scope.onmessage = (event: MessageEvent<unknown>) => {
  void handle(event.data);
};
