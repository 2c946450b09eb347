/**
 * What open tabs of the app tell each other (BroadcastChannel, one channel per origin; issue 36): a
 * tab that opens says hello with the schema version it runs and every open tab answers, so a tab of
 * an older release learns that a newer one is open (and the other way round); a tab that changed the
 * saved list says so, and the others read it again. Nothing is sent where BroadcastChannel is missing:
 * the `storage` event still tells other tabs of a change, only later and without versions.
 */
export type TabMessage =
  | { type: 'hello'; schemaVersion: number }
  | { type: 'here'; schemaVersion: number }
  | { type: 'wroteSaved'; schemaVersion: number };

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
}

const CHANNEL_NAME = 'gpu-tco:tabs';
const TYPES: readonly TabMessage['type'][] = ['hello', 'here', 'wroteSaved'];

/** A message from another tab, checked (any page of the origin can post on the channel). */
export function readTabMessage(data: unknown): TabMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, schemaVersion } = data as Record<string, unknown>;
  if (typeof type !== 'string' || !(TYPES as readonly string[]).includes(type)) return null;
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion)) return null;
  return { type: type as TabMessage['type'], schemaVersion };
}

let shared: TabChannel | null | undefined;

/** The page's one channel to its other tabs, or null where the browser has none. */
export function tabChannel(): TabChannel | null {
  if (shared !== undefined) return shared;
  shared = null;
  if (typeof BroadcastChannel !== 'function') return shared;
  try {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    // Node (the unit tests) would otherwise keep the process alive for the open channel.
    (channel as unknown as { unref?: () => void }).unref?.();
    const listeners = new Set<(message: TabMessage) => void>();
    channel.onmessage = (event: MessageEvent) => {
      const message = readTabMessage(event.data);
      if (message) for (const listener of listeners) listener(message);
    };
    shared = {
      post: (message) => {
        try {
          channel.postMessage(message);
        } catch {
          // A closed channel (the page is going away): nothing to tell.
        }
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  } catch {
    // Refused (a sandboxed frame): the app works without it.
  }
  return shared;
}
