import { createRoot } from 'react-dom/client';
import type { AppStore } from '../../state/store';
import { StoreProvider } from '../../state/store-context';
import { registerServiceWorker } from './register-service-worker';
import { UpdateNotice } from './update-notice';
import { createUpdateSignal } from './update-signal';

/**
 * Offline use of the hosted build: registers the service worker and mounts the "new version"
 * notice in a root of its own (it sits above the app and is independent of its layout). Does
 * nothing in development, in the one-file build (its own mode: there is no worker file to register)
 * or where the browser has no service workers (a file:// page, a private window in some browsers).
 */
export function startOffline(store: AppStore): void {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'single') return;
  if (!('serviceWorker' in navigator) || window.location.protocol === 'file:') return;
  const signal = createUpdateSignal();
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StoreProvider store={store}>
      <UpdateNotice signal={signal} />
    </StoreProvider>,
  );
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
