import type { UpdateSignal } from './update-signal';

/** The parts of the browser this uses (fakes in tests). */
export interface ServiceWorkerHost {
  container: ServiceWorkerContainer;
  reload(): void;
  onVisible(listener: () => void): void;
}

/**
 * Registers the hosted build's service worker (dist/sw.js, relative to the page, so any sub-path
 * works) and offers an update through `signal` when a new version has installed and is waiting
 * while an older one controls the page. Applying it asks the waiting worker to take over and reloads
 * once it has; until then the open page keeps the files it started with.
 */
export async function registerServiceWorker(
  scriptUrl: string,
  signal: UpdateSignal,
  host: ServiceWorkerHost,
): Promise<void> {
  const { container } = host;
  const registration = await container.register(scriptUrl);
  const offer = (waiting: ServiceWorker) =>
    signal.offer(() => {
      container.addEventListener('controllerchange', () => host.reload(), { once: true });
      waiting.postMessage({ type: 'skip-waiting' });
    });
  // The first install has no older version to replace: nothing to offer.
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  // A tab left open for days looks for a new version when it is shown again.
  host.onVisible(() => {
    void registration.update().catch(() => {});
  });
}
