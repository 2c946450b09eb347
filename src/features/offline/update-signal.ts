/**
 * Whether a new version of the app is installed and waiting, and how to switch to it: a tiny
 * external store the notice subscribes to (useSyncExternalStore), fed by the service worker's
 * registration.
 */
export interface UpdateSignal {
  subscribe(listener: () => void): () => void;
  /** The function that switches to the waiting version, or null while there is none. */
  current(): (() => void) | null;
  offer(apply: () => void): void;
}

export function createUpdateSignal(): UpdateSignal {
  let apply: (() => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => apply,
    offer(next) {
      apply = next;
      for (const listener of listeners) listener();
    },
  };
}
