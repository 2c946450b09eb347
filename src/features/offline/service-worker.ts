/// <reference lib="webworker" />
/**
 * The hosted app's service worker (built to dist/sw.js by build/service-worker-plugin.ts, never part
 * of the one-file build). On install it stores every file of its build; from then on it answers the
 * app's requests from that store, so the app opens, computes and exports with the network cut. A new
 * build is a new worker: it installs beside the running one and waits. The page shows "A new version
 * is ready — Reload"; only when the user presses it does the page ask the worker to take over, and
 * reload onto the new files. Nothing is ever swapped under an open page.
 */

interface PrecacheManifest {
  version: string;
  files: string[];
}

// The build replaces the placeholder with the manifest as a JSON string (parsed, so no minifier can
// fold the placeholder away).
const MANIFEST = JSON.parse('__PRECACHE_MANIFEST__') as PrecacheManifest;
const CACHE_PREFIX = 'gpu-tco-';
const CACHE = `${CACHE_PREFIX}${MANIFEST.version}`;

const scope = self as unknown as ServiceWorkerGlobalScope;
/** Relative to this worker's URL, i.e. the app's base, so a sub-path host works unchanged. */
const url = (file: string) => new URL(file, scope.location.href).href;
const PAGE = url('index.html');
const ROOT = url('./');
const PRECACHED = new Set(MANIFEST.files.map(url));

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // 'reload': straight from the server, never a stale copy from the HTTP cache.
      await cache.addAll(MANIFEST.files.map((file) => new Request(url(file), { cache: 'reload' })));
    })(),
  );
  // No skipWaiting here: a new version waits until the page asks for it.
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
      );
      // The first install controls the open page at once (same files it was loaded from).
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'skip-waiting') void scope.skipWaiting();
});

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const address = new URL(request.url);
  address.hash = '';
  const isPage =
    request.mode === 'navigate' && (address.href.split('?')[0] === ROOT || address.href === PAGE);
  if (!isPage && !PRECACHED.has(address.href)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // By address only: module scripts are requested in CORS mode (with an Origin header), and a
      // host answering with "Vary: Origin" would otherwise never match what install stored.
      const hit = await cache.match(isPage ? PAGE : address.href, { ignoreVary: true });
      return hit ?? fetch(request);
    })(),
  );
});
