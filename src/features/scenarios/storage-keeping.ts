import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the browser keeps this site's storage for good, and how much space it has (issue 36).
 * Browsers may clear a site's storage when the disk runs low unless the site asked to keep it
 * (`navigator.storage.persist()`). The app asks at the user's first save of the page — never on load,
 * so no browser prompt appears before the user has stored anything — and the saved list says in words
 * what was asked and what the browser answered.
 */
export interface StorageKeeping {
  /** Bytes used and allowed, as the browser estimates them; null where it does not say. */
  usage: number | null;
  quota: number | null;
  /** null where the browser cannot be asked. */
  persisted: boolean | null;
  /** Whether this page has asked (at a save). */
  asked: boolean;
}

let state: StorageKeeping = { usage: null, quota: null, persisted: null, asked: false };
const listeners = new Set<() => void>();

function set(next: Partial<StorageKeeping>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function manager(): StorageManager | null {
  return typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null;
}

/** Reads the estimate and the persisted state again. Never throws (a refusal leaves them unknown). */
async function refresh(): Promise<void> {
  const storage = manager();
  if (!storage) return;
  const [estimate, persisted] = await Promise.all([
    typeof storage.estimate === 'function' ? storage.estimate().catch(() => null) : null,
    typeof storage.persisted === 'function' ? storage.persisted().catch(() => null) : null,
  ]);
  set({ usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted });
}

/** Asks the browser to keep the saved scenarios (once a page, at a save); then reads the answer. */
export function askToKeepStorage(): void {
  const storage = manager();
  if (state.asked || !storage || typeof storage.persist !== 'function') return;
  set({ asked: true });
  void (async () => {
    try {
      if (!(await storage.persisted())) await storage.persist();
    } catch {
      // The browser would not say: the line below shows what it reports next.
    }
    await refresh();
  })();
}

export function useStorageKeeping(refreshKey: unknown): StorageKeeping {
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again whenever what is stored changes (the caller passes something that changes with it)
  useEffect(() => {
    void refresh();
  }, [refreshKey]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
