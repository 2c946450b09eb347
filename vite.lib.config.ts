import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

/**
 * The engine as a Node library and command line (`npm run build:lib` → dist-lib/): the engine, the
 * scenario layer and the command line bundled with what they import (zod, fflate, i18next, the
 * translations), so the package runs on Node ≥ 20 with no dependency installed and no TypeScript at
 * run time. Types come from `tsc -p tsconfig.lib.json` beside it.
 */
const version = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export default defineConfig({
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  // Node, not the browser: builtins stay imports, every package is bundled in.
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist-lib',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    minify: false,
    rolldownOptions: {
      input: { engine: 'src/package/engine.ts', cli: 'src/cli/main.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
