import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reportFontPlugin } from './src/features/report-pdf/font/vite-plugin-report-font';

export default defineConfig({
  plugins: [react(), reportFontPlugin()],
  base: './',
  build: { target: 'es2022', sourcemap: false },
  test: {
    globals: true,
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    setupFiles: ['test/setup.ts'],
  },
});
