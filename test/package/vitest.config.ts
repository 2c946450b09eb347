import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The package test (`npm run test:package`): `npm pack`, the tarball installed into a temporary
 * project and used there as a stranger would — the library imported, the command line run. Its own
 * Vitest run, apart from the unit projects, because packing builds the library first (about half a
 * minute); the timeouts are hang guards, not speed assertions.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/package/**/*.pack.ts'],
    environment: 'node',
    globals: true,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
