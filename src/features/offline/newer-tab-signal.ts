import type { TabChannel } from '../../lib/tab-channel';

/**
 * Whether a newer release of the app is open in another tab (or has written data this release leaves
 * as it is): a tiny external store the "newer version" notice subscribes to. A tab running an older
 * schema never writes over what a newer one wrote (docs/architecture.md, the forward rule); this is
 * how it tells the user why, and offers to reload onto the newer release.
 */
export interface NewerTabSignal {
  subscribe(listener: () => void): () => void;
  current(): boolean;
  markNewer(): void;
}

export function createNewerTabSignal(): NewerTabSignal {
  let newer = false;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => newer,
    markNewer() {
      if (newer) return;
      newer = true;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * Says hello on the channel with this release's schema version, answers other tabs' hellos, and marks
 * the signal when any message comes from a higher schema version. Returns the unsubscribe.
 */
export function watchOtherTabs(
  channel: TabChannel,
  schemaVersion: number,
  signal: NewerTabSignal,
): () => void {
  const stop = channel.subscribe((message) => {
    if (message.schemaVersion > schemaVersion) signal.markNewer();
    if (message.type === 'hello') channel.post({ type: 'here', schemaVersion });
  });
  channel.post({ type: 'hello', schemaVersion });
  return stop;
}
