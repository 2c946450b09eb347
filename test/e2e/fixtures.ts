/**
 * Fixtures for the browser tests. Import `test` and `expect` from here, not from @playwright/test.
 *
 * Every test's browser context is guarded ("nothing leaves the browser"): a request to anything but
 * the preview server (or a data:/blob: URL) is aborted and recorded, and so is every console error
 * and uncaught page error. After the test, any recorded problem fails it (with a screenshot of the
 * page attached). Fixtures:
 * - `problems`: the record. `list()`, `consume(pattern)` (take out what a test provoked on purpose),
 *   `assertNone()` (the check the guard runs after every test).
 * - `guardContext(context)`: guards a context the test opens itself with `browser.newContext()`.
 * - `axe(page, { include })`: injects axe-core from node_modules, runs it and fails on any serious
 *   or critical violation; returns all violations found.
 * - `saveScreenshot(page, name, options)`: saves a PNG in the test's output folder and attaches it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type PageScreenshotOptions,
} from '@playwright/test';
import { waitForApp } from './helpers';

declare global {
  interface Window {
    axe?: typeof import('axe-core');
  }
}

export interface Problems {
  /** Records a problem (the guard does this; a test has no need to). */
  record(problem: string): void;
  /** Problems recorded so far in this test. */
  list(): string[];
  /** Removes and returns the recorded problems matching `pattern` (for problems provoked on purpose). */
  consume(pattern: RegExp): string[];
  /** Throws when any problem is recorded: what the guard checks after every test. */
  assertNone(): void;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

interface Fixtures {
  problems: Problems;
  guardContext: (context: BrowserContext) => Promise<void>;
  axe: (page: Page, options?: { include?: string }) => Promise<AxeViolation[]>;
  saveScreenshot: (page: Page, name: string, options?: PageScreenshotOptions) => Promise<string>;
}

function createProblems(): Problems {
  const recorded: string[] = [];
  return {
    record: (problem) => {
      recorded.push(problem);
    },
    list: () => [...recorded],
    consume(pattern) {
      const taken: string[] = [];
      for (let i = recorded.length - 1; i >= 0; i--) {
        if (pattern.test(recorded[i] ?? '')) taken.unshift(...recorded.splice(i, 1));
      }
      return taken;
    },
    assertNone() {
      if (recorded.length > 0) {
        throw new Error(
          `the browser reported ${recorded.length} problem(s):\n    ${recorded.join('\n    ')}`,
        );
      }
    },
  };
}

let axeSource: string | null = null;
function axeScript(): string {
  const path = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  axeSource ??= `${readFileSync(path, 'utf8')}\n;void 0;`;
  return axeSource;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  problems: async ({}, use) => {
    await use(createProblems());
  },

  guardContext: async ({ problems, baseURL }, use) => {
    if (!baseURL) throw new Error('use.baseURL must name the preview server');
    const origin = new URL(baseURL).origin;
    await use(async (context) => {
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
        problems.record(`request outside the preview server: ${route.request().method()} ${url}`);
        return route.abort('blockedbyclient');
      });
      const watch = (page: Page) => {
        // A navigation to the app ends when the app has taken the prerendered page over: before that
        // the first screen is on view but does not answer input yet (src/main.tsx).
        const goto = page.goto.bind(page);
        const reload = page.reload.bind(page);
        const settled = async <R>(result: R, waitUntil: string | undefined): Promise<R> => {
          if (waitUntil !== 'commit' && page.url().startsWith(origin)) await waitForApp(page);
          return result;
        };
        page.goto = async (url, options) => settled(await goto(url, options), options?.waitUntil);
        page.reload = async (options) => settled(await reload(options), options?.waitUntil);
        page.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          const loc = msg.location();
          problems.record(`console error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
        });
        page.on('pageerror', (err) => problems.record(`page error: ${err.stack ?? err.message}`));
      };
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
    });
  },

  context: async ({ context, guardContext, problems }, use, testInfo) => {
    await guardContext(context);
    await use(context);
    if (problems.list().length > 0) {
      const page = context.pages()[0];
      if (page) {
        await page
          .screenshot({ path: testInfo.outputPath('guard-failure.png'), fullPage: true })
          .then((body) => testInfo.attach('guard-failure', { body, contentType: 'image/png' }))
          .catch(() => {});
      }
      problems.assertNone();
    }
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  axe: async ({}, use) => {
    await use(async (page, options = {}) => {
      // The app's CSP (script-src 'self') blocks page.addScriptTag's inline script, and bypassCSP
      // would hide the app's own CSP violations; evaluating the source through the DevTools protocol
      // is not subject to the page's CSP.
      if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(axeScript());
      const violations = await page.evaluate(async (include) => {
        const axe = window.axe;
        if (!axe) throw new Error('axe-core did not load');
        const result = await axe.run(include ?? document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        }));
      }, options.include ?? null);
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const lines = serious.map((v) => `${v.id} (${v.impact}: ${v.help}) at ${v.targets.join(', ')}`);
      expect(
        serious.map((v) => v.id),
        `serious/critical axe violations:\n  ${lines.join('\n  ')}`,
      ).toEqual([]);
      return violations;
    });
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  saveScreenshot: async ({}, use, testInfo) => {
    await use(async (page, name, options = {}) => {
      const path = testInfo.outputPath(name.endsWith('.png') ? name : `${name}.png`);
      await page.screenshot({ ...options, path });
      await testInfo.attach(name, { path, contentType: 'image/png' });
      return path;
    });
  },
});

export { expect };
