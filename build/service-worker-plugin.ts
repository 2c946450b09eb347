import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { type BuildFile, precacheManifest, SERVICE_WORKER_FILE } from './precache-manifest.ts';

/** The literal in src/features/offline/service-worker.ts that the build replaces with the manifest. */
const PLACEHOLDER = /(["'`])__PRECACHE_MANIFEST__\1/g;

function publicFiles(dir: string): BuildFile[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    try {
      return [{ fileName: relative(dir, path).split('\\').join('/'), bytes: readFileSync(path) }];
    } catch {
      return []; // a directory
    }
  });
}

/**
 * The hosted build's service worker (`dist/sw.js`): src/features/offline/service-worker.ts built as
 * an entry of its own, with the list of every file of the build and a version written into it once
 * the bundle is complete. Written by hand rather than with a plugin package: it is one small file,
 * its behaviour (precache everything, never take over until the user says so) is all we need, and it
 * leaves the build's other plugins untouched.
 */
export function serviceWorkerPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gpu-tco:service-worker',
    apply: 'build',
    // After Vite's own generateBundle, which adds index.html to the bundle.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: join(config.root, 'src/features/offline/service-worker.ts'),
        fileName: SERVICE_WORKER_FILE,
      });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[SERVICE_WORKER_FILE];
      if (worker?.type !== 'chunk') this.error(`${SERVICE_WORKER_FILE} is missing from the bundle`);
      if (worker.imports.length > 0)
        this.error(`${SERVICE_WORKER_FILE} must stand alone, but imports ${worker.imports.join(', ')}`);
      const built: BuildFile[] = Object.values(bundle).map((item) => ({
        fileName: item.fileName,
        bytes: item.type === 'chunk' ? item.code : item.source,
      }));
      const fromPublic = config.build.copyPublicDir && config.publicDir ? publicFiles(config.publicDir) : [];
      const manifest = precacheManifest([...built, ...fromPublic]);
      if (!manifest.files.includes('index.html')) this.error('index.html is missing from the bundle');
      const code = worker.code.replace(PLACEHOLDER, JSON.stringify(JSON.stringify(manifest)));
      if (code === worker.code) this.error(`${SERVICE_WORKER_FILE}: no manifest placeholder found`);
      worker.code = code;
    },
  };
}
