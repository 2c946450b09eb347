import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The Firefox smoke test (`npm run test:firefox`): its own Vitest run, apart from the unit projects
 * (vite.config.ts) and the Playwright suite, as it drives Debian's firefox-esr through WebDriver BiDi
 * (puppeteer-core). One file, run in order; the timeouts are hang guards, not speed assertions.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/firefox/**/*.firefox.ts'],
    environment: 'node',
    globals: true,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
