import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { prerenderFirstScreen } from './scripts/prerender-plugin.ts';

export default defineConfig({
  // The first screen of the default scenario is prerendered into index.html after the build.
  plugins: [react(), prerenderFirstScreen()],
  base: './',
  build: {
    target: 'es2022',
    sourcemap: false,
    // The one chunk above Vite's 500 kB default is the PDF generator (jsPDF), loaded only on Export.
    chunkSizeWarningLimit: 600,
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
});
