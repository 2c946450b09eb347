/**
 * Firefox for the smoke test: Debian's firefox-esr driven through WebDriver BiDi by puppeteer-core
 * (Playwright's own Firefox build cannot be downloaded here), the built app served by `vite preview`
 * on a free loopback port (built first unless E2E_SKIP_BUILD=1, as for the Playwright suite), and
 * downloads saved without a prompt into a folder of the test's own.
 *
 * Guards, as the Playwright fixtures do for Chromium: every console error, uncaught page error,
 * Content-Security-Policy violation and request to another host is recorded on `problems`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { build, type PreviewServer, preview } from 'vite';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxSession {
  baseUrl: string;
  browser: Browser;
  downloads: string;
  problems: string[];
  /** A new page in a fresh browser context (no storage shared with the others), guarded. */
  freshPage(): Promise<Page>;
  close(): Promise<void>;
}

const MIME_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
].join(',');

export async function startFirefox(): Promise<FirefoxSession> {
  if (process.env.E2E_SKIP_BUILD !== '1') await build({ logLevel: 'warn' });
  const server: PreviewServer = await preview({
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const baseUrl = server.resolvedUrls?.local[0];
  if (!baseUrl) throw new Error('vite preview gave no local address');
  const origin = new URL(baseUrl).origin;
  const downloads = mkdtempSync(join(tmpdir(), 'firefox-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    // A hang guard, not a speed check: a cold Firefox start on a loaded CI machine once took over
    // puppeteer's default 30 s to announce its endpoint (the next start took seconds).
    timeout: 120_000,
    extraPrefsFirefox: {
      // Save every download into `downloads` without asking, and never open a PDF in the viewer.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.helperApps.neverAsk.saveToDisk': MIME_TYPES,
      'pdfjs.disabled': true,
      // The machine reaches no outside host: no update, telemetry or remote settings traffic.
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
    },
  });
  const problems: string[] = [];
  const guard = async (page: Page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:')
        problems.push(`request outside the preview server: ${request.url()}`);
    });
    // Recorded in the page from before its scripts run; read back by `cspViolations`.
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        w.__cspViolations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
  };
  return {
    baseUrl,
    browser,
    downloads,
    problems,
    async freshPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await guard(page);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

/** The CSP violations the page recorded since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/**
 * Waits for a finished download whose name ends with `extension` and that was not there before
 * (Firefox writes `<name>.part` first and renames it when done); returns its bytes.
 */
export async function waitForDownload(
  dir: string,
  extension: string,
  before: Set<string>,
): Promise<Uint8Array> {
  for (let i = 0; i < 600; i++) {
    const done = readdirSync(dir).filter((f) => f.endsWith(extension) && !before.has(f));
    const file = done[0];
    if (file && !readdirSync(dir).some((f) => f.endsWith('.part')) && statSync(join(dir, file)).size > 0)
      return new Uint8Array(readFileSync(join(dir, file)));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${extension} download in ${dir}`);
}
