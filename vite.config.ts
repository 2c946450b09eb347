import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reportFontPlugin } from './src/features/report-pdf/font/vite-plugin-report-font.ts';

export default defineConfig({
  plugins: [react(), reportFontPlugin()],
  base: './',
  build: {
    target: 'es2022',
    sourcemap: false,
    // The one chunk above Vite's 500 kB default is the PDF generator (jsPDF), loaded only on Export.
    chunkSizeWarningLimit: 600,
  },
  test: {
    globals: true,
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    setupFiles: ['test/setup.ts'],
    // A hang guard for property tests that run hundreds of full evaluations on shared, noisy
    // machines, not a speed assertion (speed is measured by npm run bench).
    testTimeout: 60_000,
  },
});
