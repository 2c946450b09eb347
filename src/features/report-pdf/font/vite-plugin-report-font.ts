import { resolve } from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import { buildFontSubsets, type EngineTexts } from './font-subset.ts';

/** The module the PDF generator imports for its fonts (declared in report-font.d.ts). */
export const REPORT_FONT_MODULE = 'virtual:report-font';
const RESOLVED = `\0${REPORT_FONT_MODULE}`;

/**
 * Makes `virtual:report-font` export the URLs of the Noto Sans SC subsets and the characters they
 * cover. The subsets are built when the module is first loaded, which only happens when something
 * imports it: the lazily loaded PDF generator. The URLs are `?url` imports of the cached files, so
 * Vite serves them in dev and emits them as hashed assets in a build, like any other asset.
 */
export function reportFontPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'gpu-tco:report-font',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === REPORT_FONT_MODULE ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      const { files, characters } = await buildFontSubsets(root, async () => {
        const { module } = await runnerImport<EngineTexts>(resolve(root, 'src/engine/index.ts'));
        return module;
      });
      return [
        `import regularUrl from ${JSON.stringify(`${files.regular}?url`)};`,
        `import boldUrl from ${JSON.stringify(`${files.bold}?url`)};`,
        'export { regularUrl, boldUrl };',
        `export const characters = ${JSON.stringify(characters)};`,
      ].join('\n');
    },
  };
}
