import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { basePath } from './build/base-path.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { singleFilePlugin } from './build/single-file-plugin.ts';
import { stableTranslationPlugin } from './build/stable-translation-plugin.ts';
import { prerenderFirstScreen } from './scripts/prerender-plugin.ts';

// `vite build --mode single` (npm run build:single) is the one-file build: see build/single-file-plugin.ts.
export default defineConfig(({ mode }) => {
  const single = mode === 'single';
  return {
    // The hosted build: the first screen of the default scenario prerendered into index.html after the
    // build, and a service worker. The one file draws its first screen with the app (no prerender).
    // Every build (and the tests) resolve react-i18next through stable-translation-plugin.ts.
    plugins: [
      react(),
      stableTranslationPlugin(),
      ...(single ? [singleFilePlugin()] : [prerenderFirstScreen(), serviceWorkerPlugin()]),
    ],
    // './' by default (works at any path); BASE_PATH=/sub/path/ for an absolute base.
    base: single ? './' : basePath(process.env.BASE_PATH),
    build: {
      target: 'es2022',
      sourcemap: false,
      // The one chunk above Vite's 500 kB default is the PDF generator (jsPDF), loaded only on Export.
      chunkSizeWarningLimit: single ? 20_000 : 600,
      ...(single
        ? {
            outDir: 'dist-single',
            copyPublicDir: false,
            modulePreload: false,
            // One script: the lazy parts (PDF, Excel, charts) are bundled in and still run only when used.
            rolldownOptions: { output: { codeSplitting: false } },
          }
        : {}),
    },
    test: {
      globals: true,
      setupFiles: ['test/setup.ts'],
      // A hang guard for property tests that run hundreds of full evaluations on shared, noisy
      // machines, not a speed assertion (speed is measured by npm run bench).
      testTimeout: 60_000,
      // Vitest's default on 2 cores is one worker (cores − 1); two keep both cores busy, and under load
      // the OS shares them out as it would anyway.
      maxWorkers: 2,
      projects: [
        {
          // Pure tests (engine, scenario, lib, state, docs): no DOM, no module state that a test relies
          // on being fresh, so one worker runs file after file without re-importing the engine, zod and
          // fast-check for each (about half the suite's CPU time).
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['test/**/*.test.ts'],
            exclude: ['test/e2e/**', 'node_modules/**'],
            isolate: false,
          },
        },
        {
          // Component tests (React, Testing Library) are the .tsx files; each runs in its own jsdom,
          // isolated (localStorage, document, module-level stores start clean).
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: ['test/**/*.test.tsx'],
            exclude: ['test/e2e/**', 'node_modules/**'],
          },
        },
      ],
    },
  };
});
