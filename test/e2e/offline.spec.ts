/**
 * Deploy anywhere, work offline (README "Deploy"):
 * - the one-file build (`vite build --mode single`, run here so the suite covers it) opened from
 *   file:// shows the dashboard, runs the analysis worker, keeps the scenario in localStorage and the
 *   address, and exports a PDF (read back with pdftotext) and an Excel workbook, under its own CSP;
 * - the hosted build, once its service worker controls the page, reloads with the network cut;
 * - a new build's worker waits, the page says so, and only the user's Reload switches to it;
 * - the hosted build works unchanged under a sub-path, and a build for an absolute base (BASE_PATH)
 *   under its own.
 *
 * Hooks: data-testid="update-notice" (role status; its button "Reload" / "重新加载").
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { evaluate, presets, type Scenario } from '../../src/engine/index.ts';
import { appHash } from '../../src/state/url-sync.ts';
import { nvidiaSmiText } from '../scenario/cluster-log-generator.ts';
import { DISPLAY, exportFile, namedScenario, PREPARED_BY, pdfText, SCENARIO_NAME } from './export-helpers';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise, renderDeferred } from './helpers';

const ROOT = new URL('../../', import.meta.url).pathname;
const SINGLE = join(ROOT, 'dist-single/gpu-tco.html');
const DIST = join(ROOT, 'dist');

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** The platform KPI shows the engine's monthly cost for `scenario` (CNY, whole yuan, the page's Intl). */
async function expectPlatformKpi(page: Page, scenario: Scenario): Promise<void> {
  const monthlyCny = evaluate(scenario).strategies.platform.monthlyCny;
  const amount = await formatMoneyInPage(page, monthlyCny, 'en', 'CNY');
  await expect(async () => {
    expect(normalise(await page.getByTestId('kpi-monthly-platform').first().textContent())).toContain(
      normalise(amount),
    );
  }).toPass();
}

async function expectMonteCarloDone(page: Page): Promise<void> {
  await renderDeferred(page);
  await page.getByTestId('analysis-section').scrollIntoViewIfNeeded();
  const bar = page.getByRole('progressbar', { name: /monte carlo/i });
  await expect(async () => {
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('p-cheapest').count()).toBe(1);
  }).toPass();
}

test.describe('the one-file build from file://', () => {
  test.beforeAll(async () => {
    // Built here, so the suite (and .ci/run) covers it with no extra step; about ten seconds.
    test.setTimeout(180_000);
    if (process.env.E2E_SKIP_BUILD === '1' && existsSync(SINGLE)) return;
    await promisify(execFile)('npx', ['vite', 'build', '--mode', 'single'], { cwd: ROOT });
  });

  test('is one file: no script, style or worker is loaded from beside it', () => {
    const html = readFileSync(SINGLE, 'utf8');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/<link[^>]*rel="(stylesheet|modulepreload)"/);
    // The service worker's file named as a file (not a minified `sw.jsx(…)`, a name the minifier may
    // give React's JSX runtime), or registered.
    expect(html).not.toMatch(/(?<![\w$])sw\.js(?![\w$])|serviceWorker\.register/);
    // Its CSP allows its scripts (the app and the first-paint script) by hash, and nothing by origin.
    expect(html).toMatch(/script-src( 'sha256-[A-Za-z0-9+/=]+')+ 'wasm-unsafe-eval';/);
    expect(html).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  });

  test('opens a share link with its figures, runs the analysis worker, resumes from localStorage and exports a PDF and a workbook', async ({
    page,
  }) => {
    await recordViolations(page);
    const fileUrl = pathToFileURL(SINGLE).href;
    // The guard (fixtures.ts) allows only the preview server; this one file is the page itself.
    await page.route(fileUrl, (route) => route.continue());
    const scenario = namedScenario();
    await page.goto(`${fileUrl}#${appHash(scenario, DISPLAY)}`);
    await expect(page.getByRole('textbox', { name: 'Scenario name' })).toHaveValue(SCENARIO_NAME);
    await expectPlatformKpi(page, scenario);
    await expectMonteCarloDone(page);

    // The PDF: fonts and the subsetter come out of the page itself.
    const pdf = await exportFile(page, 'pdf', 'en');
    const { text, pages } = await pdfText(pdf.path);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(normalise(SCENARIO_NAME));
    expect(text).toContain(normalise(PREPARED_BY));
    const xlsx = await exportFile(page, 'xlsx', 'en');
    // An xlsx is a zip: "PK\3\4".
    expect(readFileSync(xlsx.path).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    // A change is kept in localStorage (file:// pages have it in Chromium); opened again without a
    // link, the file resumes it.
    const renamed = `${SCENARIO_NAME} (offline)`;
    await page.getByRole('textbox', { name: 'Scenario name' }).fill(renamed);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('gpu-tco:resume:v1') ?? ''))
      .toContain('(offline)');
    await page.goto(fileUrl);
    await expect(page.getByRole('textbox', { name: 'Scenario name' })).toHaveValue(renamed);
    await expectPlatformKpi(page, scenario);
    expect(await violations(page)).toEqual([]);
  });

  test('imports a usage CSV and a cluster log (its own worker) from file://', async ({ page }) => {
    await recordViolations(page);
    const fileUrl = pathToFileURL(SINGLE).href;
    await page.route(fileUrl, (route) => route.continue());
    await page.goto(fileUrl);
    await page.getByTestId('kpi-monthly-platform').first().waitFor();
    await page.getByRole('tab', { name: 'Scenarios' }).click();

    const curve = Array.from({ length: 30 }, (_, i) => 20 + ((i * 7) % 11));
    const csv = test.info().outputPath('usage.csv');
    writeFileSync(csv, `week,gpus\n${curve.map((g, i) => `${i + 1},${g}`).join('\n')}\n`);
    await page.getByLabel('Import CSV').setInputFiles(csv);
    await expect(page.getByTestId('csv-weeks')).toHaveText('30');

    const log = test.info().outputPath('nvidia-smi.csv');
    const utilization = Array.from({ length: 27 * 168 }, (_, h) => [h % 101, (h * 3) % 101]);
    writeFileSync(log, nvidiaSmiText({ startHour: 0, utilization }));
    await page.getByLabel('Import cluster logs').setInputFiles(log);
    await expect(page.getByTestId('logs-format')).toHaveText('GPU telemetry (nvidia-smi)');
    await expect(page.getByTestId('logs-gpus-seen')).toHaveText('2');
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('the hosted build offline', () => {
  // The other browser tests block service workers (playwright.config.ts); these need them.
  test.use({ serviceWorkers: 'allow' });

  async function openControlled(page: Page): Promise<void> {
    // Registering the worker is allowed by the app's CSP (worker-src 'self'): no violation.
    await recordViolations(page);
    await page.goto('./');
    await page.getByTestId('kpi-monthly-platform').first().waitFor();
    // Installed (the whole build stored) and in control of this page.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
        timeout: 60_000,
      })
      .toBe('activated');
  }

  test('after one visit it reloads with the network cut, with its figures, and exports a PDF', async ({
    page,
    context,
    problems,
  }) => {
    await openControlled(page);
    await context.setOffline(true);
    // The network really is cut: a file the worker never stored cannot be fetched.
    expect(
      await page.evaluate(() =>
        fetch(`./not-in-the-build-${Date.now()}.txt`).then(
          () => 'fetched',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    problems.consume(
      /not-in-the-build-.*ERR_INTERNET_DISCONNECTED|ERR_INTERNET_DISCONNECTED.*not-in-the-build-/,
    );
    await page.reload();
    await expectPlatformKpi(page, presets.seedTeam as Scenario);
    await expectMonteCarloDone(page);
    const pdf = await exportFile(page, 'pdf', 'en');
    expect((await pdfText(pdf.path)).text).toContain(normalise(PREPARED_BY));
    expect(await violations(page)).toEqual([]);
  });

  test('a new version waits and says so; only Reload switches to it', async ({ page }) => {
    await openControlled(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    const path = join(DIST, 'sw.js');
    const original = readFileSync(path, 'utf8');
    const version = /\\"version\\":\\"([0-9a-f]{16})\\"/.exec(original)?.[1];
    expect(version, 'the built worker carries its version').toBeDefined();
    // A "new build": the same files under another version (same length: the preview server keeps
    // each file's size from its start).
    const next = (version ?? '').replace(/[0-9a-f]/g, (c) =>
      ((Number.parseInt(c, 16) + 1) % 16).toString(16),
    );
    try {
      writeFileSync(path, original.replace(version ?? '', next));
      expect(await page.getByTestId('update-notice').count()).toBe(0);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const notice = page.getByTestId('update-notice');
      await expect(notice).toHaveText(/A new version is ready/, { timeout: 60_000 });
      // Waiting, not in control: the page still runs the version it loaded.
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
      await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByTestId('kpi-monthly-platform').first().waitFor();
      await expect(page.getByTestId('update-notice')).toHaveCount(0);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBeNull();
      // The previous release's store goes once no tab runs it (this tab reloaded): only the new one
      // remains, beside the worker's note of which tabs a kept store is for.
      await expect
        .poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n !== 'gpu-tco-meta')))
        .toEqual([`gpu-tco-${next}`]);
    } finally {
      writeFileSync(path, original);
    }
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
};

/** Serves the files of `dir` at `prefix` of the preview server's origin, as a sub-path host would. */
async function serveAt(page: Page, prefix: string, dir: string): Promise<string[]> {
  const served: string[] = [];
  await page.route(`**${prefix}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.slice(prefix.length) || 'index.html';
    served.push(file);
    const path = join(dir, file);
    if (!existsSync(path)) return route.fulfill({ status: 404 });
    return route.fulfill({
      body: readFileSync(path),
      contentType: TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
  return served;
}

test('the hosted build works unchanged under a sub-path', async ({ page }) => {
  // dist/ as it is, at /intranet/gpu-tco/: every URL in the build is relative.
  const served = await serveAt(page, '/intranet/gpu-tco/', DIST);
  await page.goto('/intranet/gpu-tco/');
  await expectPlatformKpi(page, presets.seedTeam as Scenario);
  expect(served).toContain('index.html');
  expect(served.some((f) => /^assets\/index-.*\.js$/.test(f))).toBe(true);
});

test('a build with an absolute BASE_PATH loads under that path', async ({ page }) => {
  test.setTimeout(180_000);
  const out = test.info().outputPath('dist-base-path');
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, BASE_PATH: '/tools/gpu-tco' },
  });
  // Its page names its files by the absolute path, not relatively (the app's entry is named in the
  // meta that the first-paint script turns into the module script once the first frame is drawn).
  expect(readFileSync(join(out, 'index.html'), 'utf8')).toMatch(
    /<meta name="gpu-tco:app" content="\/tools\/gpu-tco\/assets\/index-[^"]+\.js"/,
  );
  const served = await serveAt(page, '/tools/gpu-tco/', out);
  await page.goto('/tools/gpu-tco/');
  await expectPlatformKpi(page, presets.seedTeam as Scenario);
  expect(served.some((f) => /^assets\/index-.*\.js$/.test(f))).toBe(true);
});
