#!/usr/bin/env node
/**
 * End-to-end runner: builds the app, serves it with `vite preview` on 127.0.0.1, and drives it in
 * Debian's Chromium through playwright-core (no @playwright/test: it is not installable here).
 *
 * Test files are test/e2e/*.e2e.mjs, each exporting `tests`: an array of
 * `{ name, run: async ({ page, context, browser, baseUrl, helpers }) => {} }`.
 * Every test gets a fresh browser context. A test fails when it throws, when the page logs a console
 * error or throws an uncaught error, or when the page asks for anything outside the preview server
 * ("nothing leaves the browser"): such requests are aborted and recorded.
 *
 * Env: E2E_SKIP_BUILD=1 skips `vite build`; E2E_FILTER=<substring> runs only matching test names;
 * E2E_TEST_TIMEOUT_MS overrides the per-test hang guard (default 90 s).
 *
 * Output: `✓ name` / `✗ name: error` lines, screenshots and test-results/e2e-report.json
 * `{ passed, failed, tests: [{ name, ok, error, ms }] }`. Exits 1 on any failure.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const resultsDir = join(root, 'test-results');
const axePath = join(root, 'node_modules/axe-core/axe.min.js');
const TEST_TIMEOUT_MS = Number(process.env.E2E_TEST_TIMEOUT_MS ?? 90_000);
/** Upper bound for a single wait on a condition (a hang guard, not a performance threshold). */
const WAIT_TIMEOUT_MS = 15_000;

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

// ---------------------------------------------------------------------------------------------------
// Process management: the preview server is always stopped, also on failure and on Ctrl-C.

/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
/** @type {import('playwright-core').Browser | null} */
let browser = null;

function stopServer() {
  if (server && server.exitCode === null && server.pid) {
    try {
      // Detached: npx and vite share one process group, so kill the group.
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  server = null;
}

async function cleanup() {
  if (browser) {
    const b = browser;
    browser = null;
    await b.close().catch(() => {});
  }
  stopServer();
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the browser and the preview server`);
    cleanup().finally(() => process.exit(130));
  });
}
process.on('exit', stopServer);

function run(cmd, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

function freePort() {
  return new Promise((resolvePromise, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolvePromise(port));
    });
  });
}

async function startPreview(port) {
  let log = '';
  server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => {
    log += d;
  });
  server.stderr.on('data', (d) => {
    log += d;
  });
  const baseUrl = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!server || server.exitCode !== null) throw new Error(`vite preview exited early:\n${log}`);
    try {
      const res = await fetch(baseUrl);
      if (res.ok) return baseUrl;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer on ${baseUrl}:\n${log}`);
}

// ---------------------------------------------------------------------------------------------------
// Helpers handed to every test.

function slug(s) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9\u4e00-\u9fff-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Retries `fn` until it stops throwing (or returns truthy when `truthy`), then returns its value. */
async function eventually(fn, { timeout = WAIT_TIMEOUT_MS, interval = 50, message } = {}) {
  const deadline = Date.now() + timeout;
  let lastError;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      if (message && lastError instanceof Error) lastError.message = `${message}: ${lastError.message}`;
      throw lastError;
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

async function screenshot(page, name, options = {}) {
  const file = join(resultsDir, name.endsWith('.png') ? name : `${name}.png`);
  await page.screenshot({ path: file, ...options });
  return file;
}

async function expectNoSeriousAxeViolations(page, { context: axeContext } = {}) {
  const hasAxe = await page.evaluate(() => typeof window.axe !== 'undefined');
  // The app's CSP (script-src 'self') blocks page.addScriptTag's inline script, and bypassCSP would
  // hide the app's own CSP violations; evaluating the source through the DevTools protocol is not
  // subject to the page's CSP.
  if (!hasAxe) await page.evaluate(axeSource());
  const violations = await page.evaluate(async (ctx) => {
    const result = await window.axe.run(ctx ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  }, axeContext ?? null);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const lines = serious.map((v) => `${v.id} (${v.impact}: ${v.help}) at ${v.targets.join(', ')}`);
    throw new assert.AssertionError({
      message: `serious/critical axe violations: ${serious.map((v) => v.id).join(', ')}\n  ${lines.join('\n  ')}`,
    });
  }
  return violations;
}

let axeSourceText = null;
function axeSource() {
  axeSourceText ??= `${readFileSync(axePath, 'utf8')}\n;void 0;`;
  return axeSourceText;
}

/** Intl currency string the page itself produces (so the browser's ICU data decides the symbols). */
async function formatMoneyInPage(page, value, locale, currency) {
  return page.evaluate(
    ([v, l, c]) =>
      new Intl.NumberFormat(l, {
        style: 'currency',
        currency: c,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(v),
    [value, locale, currency],
  );
}

// ---------------------------------------------------------------------------------------------------
// Main.

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  // A report left from an earlier run must not stand in for this one if this run crashes.
  const reportPath = join(resultsDir, 'e2e-report.json');
  rmSync(reportPath, { force: true });
  // Failure screenshots from earlier runs would be mistaken for this run's.
  for (const f of readdirSync(resultsDir)) {
    if (f.startsWith('failure-') && f.endsWith('.png')) rmSync(join(resultsDir, f), { force: true });
  }

  const files = readdirSync(here)
    .filter((f) => f.endsWith('.e2e.mjs'))
    .sort();
  /** @type {{ name: string, run: Function, file: string }[]} */
  const tests = [];
  for (const f of files) {
    const mod = await import(pathToFileURL(join(here, f)).href);
    const list = mod.tests ?? mod.default;
    if (!Array.isArray(list)) throw new Error(`${f} must export an array named "tests" (or default)`);
    for (const t of list) {
      if (typeof t?.name !== 'string' || typeof t?.run !== 'function') {
        throw new Error(`${f}: every test needs a name and a run function`);
      }
      tests.push({ ...t, file: f });
    }
  }
  const names = new Set();
  for (const t of tests) {
    if (names.has(t.name)) throw new Error(`duplicate test name: ${t.name}`);
    names.add(t.name);
  }
  const filter = process.env.E2E_FILTER;
  const selected = filter ? tests.filter((t) => t.name.includes(filter)) : tests;

  // The engine, as the app uses it: tsx compiles the TypeScript on the fly (Node can't import .ts).
  const engine = await tsImport('../../src/engine/index.ts', import.meta.url);

  if (process.env.E2E_SKIP_BUILD !== '1') {
    console.log('e2e: vite build');
    await run('npx', ['vite', 'build']);
  }
  const port = await freePort();
  const baseUrl = await startPreview(port);
  const origin = new URL(baseUrl).origin;
  console.log(`e2e: preview at ${baseUrl}; ${selected.length} test(s)\n`);

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });

  const report = { passed: 0, failed: 0, tests: [] };
  for (const t of selected) {
    if (interrupted) break;
    const started = Date.now();
    /** Problems the browser reported during this test (console errors, page errors, outside requests). */
    const problems = [];
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    context.setDefaultTimeout(WAIT_TIMEOUT_MS);
    await context.route('**/*', (route) => {
      const url = route.request().url();
      let allowed = false;
      try {
        const u = new URL(url);
        allowed = u.origin === origin || u.protocol === 'data:' || u.protocol === 'blob:';
      } catch {
        allowed = false;
      }
      if (allowed) return route.continue();
      problems.push(`request outside the preview server: ${route.request().method()} ${url}`);
      return route.abort('blockedbyclient');
    });
    const watch = (page) => {
      page.on('console', (msg) => {
        if (msg.type() === 'error') {
          const loc = msg.location();
          problems.push(`console error: ${msg.text()}${loc?.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
        }
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.stack ?? err.message}`));
    };
    context.on('page', watch);
    const page = await context.newPage();

    const helpers = {
      engine,
      assert,
      eventually,
      screenshot,
      expectNoSeriousAxeViolations,
      formatMoneyInPage,
      /**
       * Renders the sections that load when scrolled near (charts, analysis, breakdown table) without
       * scrolling, through the app's own event (src/components/deferred.tsx).
       */
      renderDeferred: (p = page) => p.evaluate(() => window.dispatchEvent(new Event('gpu-tco:render-all'))),
      /** Problems recorded so far in this test (the runner also fails the test on any of them). */
      problems: () => [...problems],
      /**
       * Removes and returns the recorded problems matching `pattern`: for tests that provoke a
       * problem on purpose (the runner's self-checks). Everything else still fails the test.
       */
      consumeProblems: (pattern) => {
        const taken = [];
        for (let i = problems.length - 1; i >= 0; i--) {
          if (pattern.test(problems[i])) taken.unshift(...problems.splice(i, 1));
        }
        return taken;
      },
      resultsDir,
    };

    let error = null;
    let timer;
    try {
      await Promise.race([
        t.run({ page, context, browser, baseUrl, helpers }),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`test did not finish within ${TEST_TIMEOUT_MS} ms (hang guard)`)),
            TEST_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      clearTimeout(timer);
    }
    if (problems.length > 0) {
      const msg = `browser reported ${problems.length} problem(s):\n    ${problems.join('\n    ')}`;
      error = error ? `${error}\n  ${msg}` : msg;
    }
    if (error) {
      for (const p of context.pages()) {
        await screenshot(p, `failure-${slug(t.name)}`, { fullPage: true }).catch(() => {});
        break;
      }
    }
    await context.close().catch(() => {});

    const ms = Date.now() - started;
    report.tests.push({ name: t.name, ok: error === null, error, ms });
    if (error === null) {
      report.passed++;
      console.log(`✓ ${t.name} (${ms} ms)`);
    } else {
      report.failed++;
      console.log(`✗ ${t.name}: ${error}`);
    }
  }

  writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${report.passed} passed, ${report.failed} failed (report: test-results/e2e-report.json)`);
  return report.failed === 0 && selected.length > 0;
}

let ok = false;
try {
  ok = await main();
} catch (e) {
  if (!interrupted) console.error(`e2e runner failed: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
} finally {
  await cleanup();
}
process.exit(interrupted ? 130 : ok ? 0 : 1);
