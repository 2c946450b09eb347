/// <reference lib="webworker" />
/**
 * The hosted app's service worker (built to dist/sw.js by build/service-worker-plugin.ts, never part
 * of the one-file build). On install it stores every file of its build; from then on it answers the
 * app's requests from that store, so the app opens, computes and exports with the network cut. A new
 * build is a new worker: it installs beside the running one and waits. The page shows "A new version
 * is ready — Reload"; only when the user presses it does the page ask the worker to take over, and
 * reload onto the new files. Nothing is ever swapped under an open page.
 *
 * Other tabs may still run the previous release when one tab applies an update (issue 42: the old
 * worker deleted the previous release's files at once, and a tab that then opened Scenarios for the
 * first time fetched a chunk that was gone and showed translation keys). So a release's files are
 * kept until no tab that was open when it was replaced remains, and files of earlier releases are
 * answered from their own store.
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
/** The build's hashed files (scripts, styles, fonts): what a page of an earlier release may still ask for. */
const ASSETS = url('assets/');

/**
 * Which earlier releases' stores are kept, and for which tabs (client ids of the tabs open when this
 * worker took over): kept in a store of its own, since a worker is stopped and restarted at will.
 */
const META_CACHE = `${CACHE_PREFIX}meta`;
const KEPT_FOR = url('__kept-for-clients__.json');
type KeptFor = Record<string, string[]>;

const isReleaseCache = (name: string) => name.startsWith(CACHE_PREFIX) && name !== META_CACHE;

async function readKeptFor(): Promise<KeptFor> {
  const hit = await (await caches.open(META_CACHE)).match(KEPT_FOR);
  if (!hit) return {};
  try {
    return (await hit.json()) as KeptFor;
  } catch {
    return {};
  }
}

async function writeKeptFor(kept: KeptFor): Promise<void> {
  const meta = await caches.open(META_CACHE);
  await meta.put(
    KEPT_FOR,
    new Response(JSON.stringify(kept), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Deletes the store of every earlier release that no tab open when it was replaced still runs. */
async function pruneEarlierReleases(): Promise<void> {
  const kept = await readKeptFor();
  const names = Object.keys(kept);
  if (names.length === 0) return;
  for (const name of names) {
    const alive = await Promise.all((kept[name] ?? []).map((id) => scope.clients.get(id)));
    const ids = (kept[name] ?? []).filter((_, i) => alive[i] !== undefined && alive[i] !== null);
    if (ids.length > 0) kept[name] = ids;
    else {
      await caches.delete(name);
      delete kept[name];
    }
  }
  await writeKeptFor(kept);
}

/** A file of an earlier release from its store (a tab still runs it), else from the network. */
async function fromEarlierRelease(request: Request, address: string): Promise<Response> {
  for (const name of await caches.keys()) {
    if (!isReleaseCache(name) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(address, { ignoreVary: true });
    if (hit) return hit;
  }
  return fetch(request);
}

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
      // Every tab open now was loaded before this version: each may still need its release's files.
      const earlier = (await caches.keys()).filter((n) => isReleaseCache(n) && n !== CACHE);
      const open = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const kept = await readKeptFor();
      delete kept[CACHE];
      for (const name of earlier)
        kept[name] = [...new Set([...(kept[name] ?? []), ...open.map((c) => c.id)])];
      await writeKeptFor(kept);
      await pruneEarlierReleases();
      // The first install controls the open page at once (same files it was loaded from).
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'skip-waiting') void scope.skipWaiting();
  // A page started: a tab reloaded or closed since may have been the last to run an earlier release.
  if (type === 'prune') event.waitUntil(pruneEarlierReleases());
});

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const address = new URL(request.url);
  address.hash = '';
  const isPage =
    request.mode === 'navigate' && (address.href.split('?')[0] === ROOT || address.href === PAGE);
  if (!isPage && !PRECACHED.has(address.href)) {
    if (address.href.startsWith(ASSETS)) event.respondWith(fromEarlierRelease(request, address.href));
    return;
  }
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
