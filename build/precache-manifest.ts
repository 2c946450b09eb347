import { createHash } from 'node:crypto';

/** One file of the build, as the service worker will fetch it (path relative to the worker's URL). */
export interface BuildFile {
  fileName: string;
  bytes: Uint8Array | string;
}

export interface PrecacheManifest {
  /** Changes whenever any file's name or content changes: a new build is a new worker. */
  version: string;
  /** Every file of the build except the worker itself, sorted. */
  files: string[];
}

/** The worker's own file name, at the root of the build so its scope is the whole app. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The list the service worker precaches on install: the whole build (page, scripts, styles, the
 * analysis workers, the PDF's fonts and WebAssembly, the icon), so that after one visit the app opens
 * and exports with no network at all.
 */
export function precacheManifest(build: readonly BuildFile[]): PrecacheManifest {
  const files = build
    .filter((f) => f.fileName !== SERVICE_WORKER_FILE)
    .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.fileName);
    hash.update('\0');
    hash.update(file.bytes);
    hash.update('\0');
  }
  return { version: hash.digest('hex').slice(0, 16), files: files.map((f) => f.fileName) };
}
