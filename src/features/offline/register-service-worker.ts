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
 * while an older one controls the page. Until the user applies it the open page keeps the files it
 * started with.
 *
 * Several tabs (issue 42): the update is one worker for every tab of the origin, so another tab may
 * apply it first. Applying therefore asks the offered worker to take over only while it is still
 * waiting, and otherwise reloads at once (waiting for a `controllerchange` that has already happened
 * did nothing); and every tab hears the controller change another tab caused, and offers Reload
 * (never reloading by itself: nothing is swapped under the user).
 */
export async function registerServiceWorker(
  scriptUrl: string,
  signal: UpdateSignal,
  host: ServiceWorkerHost,
): Promise<void> {
  const { container } = host;
  const registration = await container.register(scriptUrl);
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    host.reload();
  };
  const apply = (offered: ServiceWorker) => () => {
    const waiting = offered.state === 'installed' ? offered : registration.waiting;
    if (!waiting) {
      // Already in control (another tab applied it): this tab only has to load the new files.
      reloadOnce();
      return;
    }
    container.addEventListener('controllerchange', reloadOnce, { once: true });
    // Another tab may apply it between this check and the message: its activation reloads us as well.
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated' || waiting.state === 'redundant') reloadOnce();
    });
    waiting.postMessage({ type: 'skip-waiting' });
  };
  const offer = (waiting: ServiceWorker) => signal.offer(apply(waiting));
  // The first install has no older version to replace: nothing to offer.
  let controlled = container.controller !== null;
  if (registration.waiting && controlled) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
  container.addEventListener('controllerchange', () => {
    // A new version took over while this page runs the one before (another tab applied it), unless
    // this is the first install claiming the page: offer the reload that loads the new files.
    if (controlled && !reloading) signal.offer(reloadOnce);
    controlled = true;
  });
  // Tells the worker this page has started: older releases' files no tab runs any more can go.
  container.controller?.postMessage({ type: 'prune' });
  // A tab left open for days looks for a new version when it is shown again.
  host.onVisible(() => {
    void registration.update().catch(() => {});
  });
}
