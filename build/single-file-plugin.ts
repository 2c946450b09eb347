import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';

type OutputAsset = Rolldown.OutputAsset;
type OutputChunk = Rolldown.OutputChunk;

/** The one file `npm run build:single` writes, in dist-single/. */
export const SINGLE_FILE_NAME = 'gpu-tco.html';

/**
 * The Content-Security-Policy of the one-file build: no origin to trust on file://, so nothing is
 * allowed by origin. Its scripts (the app's one, and any small one a build step adds to the page)
 * are allowed by their hashes; the analysis workers run from blob: URLs of code inside the app's
 * script; the PDF's font subsetter needs WebAssembly; styles are inline (the charts set style
 * attributes); images are data: or blob: URLs (the icon is one). No connect-src: the file fetches
 * nothing.
 */
export function singleFileCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scriptHashes.map((h) => `'${h}'`).join(' ')} 'wasm-unsafe-eval'`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    'font-src data:',
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/** Script text that cannot end its <script> element early or open an HTML comment in it. */
export function inlineScriptText(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

const ASSET_PREFIX = '\0single-asset:';

/**
 * `npm run build:single` (vite build --mode single): the whole app as one HTML file that works
 * from file://. Written here instead of with vite-plugin-singlefile because that plugin inlines the
 * page's scripts and styles only: the analysis workers (started by URL), the PDF's fonts and
 * WebAssembly (fetched by URL on export) would still be files beside the page, and a file:// page
 * cannot start workers from files nor fetch them. So, in this mode only:
 * - every `new Worker(new URL('./x.worker.ts', import.meta.url), …)` becomes Vite's inline worker
 *   (`?worker&inline`: the worker's code inside the script, started from a blob: URL);
 * - dynamic imports are bundled into the one script (rolldown `codeSplitting: false`, set in
 *   vite.config.ts);
 * - a binary `?url` import (the fonts, the subsetter) resolves to `#<element id>`, and its bytes go
 *   into the page as a base64 data block read only on export (src/features/report-pdf/font/asset-bytes.ts);
 * - the CSS, the scripts and the icon are written into the page, the CSP meta is replaced by one
 *   that allows exactly those scripts by their hashes, and every other output file is dropped.
 */
export function singleFilePlugin(): Plugin[] {
  let config: ResolvedConfig;
  const assets = new Map<string, { id: string; path: string }>();
  const apply: Plugin['apply'] = (_config, env) => env.command === 'build' && env.mode === 'single';
  // Before Vite's own asset handling (the `?url` imports, the workers) …
  const sources: Plugin = {
    name: 'gpu-tco:single-file-sources',
    apply,
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(source, importer) {
      if (!source.endsWith('?url')) return null;
      const resolved = await this.resolve(source.slice(0, -'?url'.length), importer, { skipSelf: true });
      if (!resolved) return null;
      return `${ASSET_PREFIX}${resolved.id}`;
    },
    load(id) {
      if (!id.startsWith(ASSET_PREFIX)) return null;
      const path = id.slice(ASSET_PREFIX.length);
      const entry = assets.get(path) ?? { id: `inline-asset-${assets.size}`, path };
      assets.set(path, entry);
      return `export default ${JSON.stringify(`#${entry.id}`)};`;
    },
    transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id) || !code.includes('new Worker(new URL(')) return null;
      const imports: string[] = [];
      const out = code.replace(
        /new Worker\(\s*new URL\(\s*(['"])([^'"]+\.worker\.ts)\1\s*,\s*import\.meta\.url\s*\)\s*,?/g,
        (_match, _quote: string, file: string) => {
          const name = `__inlineWorker${imports.length}`;
          imports.push(`import ${name} from ${JSON.stringify(`${file}?worker&inline`)};`);
          return `new ${name}(`;
        },
      );
      return imports.length > 0 ? { code: `${imports.join('\n')}\n${out}`, map: null } : null;
    },
  };
  // … and after it, once index.html is in the bundle.
  const page: Plugin = {
    name: 'gpu-tco:single-file-page',
    apply,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const items = Object.values(bundle);
      const html = items.find((i): i is OutputAsset => i.type === 'asset' && i.fileName === 'index.html');
      if (!html) this.error('index.html is missing from the bundle');
      const source = String(html.source);
      const entryTag = /<script type="module"[^>]*\ssrc="\.?\/?([^"]+)"[^>]*><\/script>\s*/.exec(source);
      const entry = items.find((i): i is OutputChunk => i.type === 'chunk' && i.fileName === entryTag?.[1]);
      if (!entryTag || !entry) this.error('the page names no module script of the bundle');
      const css = items
        .filter((i): i is OutputAsset => i.type === 'asset' && i.fileName.endsWith('.css'))
        .map((i) => String(i.source))
        .join('\n');
      // Vite marks each dynamic import for its preload list and fills the marks in only where a real
      // chunk is loaded; bundled into one script there is nothing to preload.
      const script = inlineScriptText(entry.code.replace(/__VITE_PRELOAD__/g, 'void 0'));
      const hashes = [scriptHash(script)];
      // Any other script the page links (a build step's own small script, from the bundle or the
      // public folder) is written in where it stands and allowed by its hash as well.
      const inlined = new Set([entry.fileName]);
      const withOthers = source
        .replace(entryTag[0], '')
        .replace(/<script([^>]*)\ssrc="\.?\/?([^"]+)"([^>]*)><\/script>/g, (tag, before: string, file: string, after: string) => {
          const item = bundle[file];
          const publicPath = join(config.publicDir, file);
          const code =
            item?.type === 'chunk'
              ? item.code
              : item?.type === 'asset'
                ? String(item.source)
                : existsSync(publicPath)
                  ? readFileSync(publicPath, 'utf8')
                  : null;
          if (code === null) this.error(`${tag}: no such file in the build`);
          inlined.add(file);
          const text = inlineScriptText(code);
          hashes.push(scriptHash(text));
          const attributes = `${before}${after}`.replace(/\s(crossorigin|defer|async)(="[^"]*")?/g, '');
          return `<script${attributes}>${text}</script>`;
        });
      const stray = items.filter((i) => i.type === 'chunk' && !inlined.has(i.fileName));
      if (stray.length > 0) this.error(`scripts no page loads: ${stray.map((i) => i.fileName).join(', ')}`);
      const icon = readFileSync(join(config.publicDir, 'favicon.svg')).toString('base64');
      const dataBlocks = [...assets.values()]
        .map(
          ({ id, path }) =>
            `<script type="application/octet-stream" id="${id}">${readFileSync(path).toString('base64')}</script>`,
        )
        .join('\n');
      let document = withOthers
        .replace(/<link rel="stylesheet"[^>]*>\s*/g, '')
        .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
        .replace(/href="[^"]*favicon\.svg"/, `href="data:image/svg+xml;base64,${icon}"`)
        .replace(
          /<meta http-equiv="Content-Security-Policy" content="[^"]*"/,
          `<meta http-equiv="Content-Security-Policy" content="${singleFileCsp(hashes)}"`,
        );
      if (/<script[^>]+\ssrc=|<link rel="stylesheet"/.test(document)) this.error('a script or style is still linked');
      document = document
        .replace('</head>', () => `<style>${css}</style>\n</head>`)
        // After #root, before the data blocks: it runs as soon as it is parsed (async), without
        // waiting for the megabytes of font data after it.
        .replace('</body>', () => `<script type="module" async>${script}</script>\n${dataBlocks}\n</body>`);
      for (const item of items) delete bundle[item.fileName];
      this.emitFile({ type: 'asset', fileName: SINGLE_FILE_NAME, source: document });
    },
  };
  return [sources, page];
}
