/**
 * Browser tests: @playwright/test driving Debian's Chromium (/usr/bin/chromium; never
 * `npx playwright install`, see docs/testing.md) against `vite preview` of a fresh
 * `vite build` on 127.0.0.1. Guards and helpers are fixtures in test/e2e/fixtures.ts.
 *
 * Projects: most tests run once, in `en-desktop`. A test tagged `@zh` runs only in `zh-desktop`
 * (browser language zh-CN, so the app opens in Chinese); one tagged `@phone` runs only in `phone`
 * (390×844 touch screen).
 *
 * Env: E2E_PORT fixes the preview port (default: a free port, chosen once here and inherited by the
 * workers); E2E_SKIP_BUILD=1 serves the existing dist/; CI=1 forbids reusing a running server and
 * retries a failed test once (a pass on retry is reported as flaky, never as a plain pass).
 */
import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/** A free loopback port, found synchronously (the config is loaded synchronously). */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Workers load this file again; they inherit the environment, hence the same port.
process.env.E2E_PORT ??= freePort();
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}/`;
const ci = Boolean(process.env.CI);

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const desktop = { viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // Artifacts (traces, failure screenshots, the tests' own screenshots and PDFs) go under here; the
  // runner empties it at the start, so it must not be test-results/ itself (vitest's unit.json).
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  forbidOnly: true,
  retries: ci ? 1 : 0,
  // Hang guard per test (trace recording slows a loaded machine), not a performance threshold.
  timeout: 120_000,
  expect: { timeout: 15_000, toPass: { timeout: 15_000 } },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'en-US',
    timezoneId: 'UTC',
    // Upper bound for a single wait on a condition (a hang guard).
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
    // The hosted build registers a service worker that stores the whole build (≈25 MB with the PDF
    // fonts) on a first visit; tests other than test/e2e/offline.spec.ts start with a fresh
    // context each and have no use for it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'en-desktop', grepInvert: /@zh|@phone/, use: { ...desktop } },
    { name: 'zh-desktop', grep: /@zh/, use: { ...desktop, locale: 'zh-CN' } },
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: [
      process.env.E2E_SKIP_BUILD === '1' ? null : 'npx vite build',
      `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    ]
      .filter((c) => c !== null)
      .join(' && '),
    url: baseURL,
    reuseExistingServer: !ci,
    // Build plus start-up.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
