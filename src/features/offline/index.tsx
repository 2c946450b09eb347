import { createRoot } from 'react-dom/client';
import { tabChannel } from '../../lib/tab-channel';
import type { AppStore } from '../../state/store';
import { StoreProvider } from '../../state/store-context';
import { NewerTabNotice } from './newer-tab-notice';
import { type NewerTabSignal, watchOtherTabs } from './newer-tab-signal';
import { registerServiceWorker } from './register-service-worker';
import { UpdateNotice } from './update-notice';
import { createUpdateSignal } from './update-signal';

export { orNewVersionReady } from './new-version-fallback';
export { createNewerTabSignal, type NewerTabSignal } from './newer-tab-signal';

/**
 * Versions and tabs: mounts, in a root of its own (above the app, independent of its layout), the
 * "new version" notice of the service worker and the "a newer version is open in another tab" notice;
 * says hello to the other tabs (src/lib/tab-channel.ts) with this release's schema version; and, in
 * the hosted build, registers the service worker for offline use. No worker in development, in the
 * one-file build (its own mode: there is no worker file to register) or where the browser has no
 * service workers (a file:// page, a private window in some browsers).
 */
export function startOffline(store: AppStore, newer: NewerTabSignal, schemaVersion: number): void {
  const signal = createUpdateSignal();
  const channel = tabChannel();
  if (channel) watchOtherTabs(channel, schemaVersion, newer);
  // Onto the newest release: through the waiting worker when one waits (a plain reload would load the
  // release this tab already runs), else a plain reload.
  const reloadToNewest = () => {
    const apply = signal.current();
    if (apply) apply();
    else window.location.reload();
  };
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StoreProvider store={store}>
      <UpdateNotice signal={signal} />
      <NewerTabNotice signal={newer} reload={reloadToNewest} />
    </StoreProvider>,
  );
  if (!import.meta.env.PROD || import.meta.env.MODE === 'single') return;
  if (!('serviceWorker' in navigator) || window.location.protocol === 'file:') return;
  // After the page has loaded: storing the build must not compete with the first screen.
  const register = () =>
    registerServiceWorker(`${import.meta.env.BASE_URL}sw.js`, signal, {
      container: navigator.serviceWorker,
      reload: () => window.location.reload(),
      onVisible: (listener) =>
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') listener();
        }),
    }).catch(() => {
      // No worker (blocked by policy, or an insecure origin): the app works as before, online only.
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
