/**
 * Issue 42 item 4 in Chromium: an update while two tabs are open. Two builds are served one after the
 * other from one origin (a small server of this test): the build under test, then a "next release" —
 * the same build with every hashed file renamed (as a real new release renames its chunks) and a new
 * worker version, so the previous release's chunks are gone from the server, as after a deployment.
 * - the first tab applies the update (Reload in its notice) and runs the next release;
 * - the second tab, still on the previous release, opens Scenarios for the first time and shows its
 *   text (its chunks come from the previous release's store, which the new worker keeps while a tab
 *   runs it), not translation keys;
 * - Reload in the second tab reloads it onto the next release (the update was applied elsewhere);
 * - once no tab runs the previous release, its store is deleted.
 *
 * Hooks: data-testid="update-notice" (its button "Reload"); <meta name="gpu-tco:app"> names the
 * release's entry script; the Scenarios tab and its "Compare scenarios" card.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const DIST = new URL('../../dist/', import.meta.url).pathname;

/** A free loopback port, found synchronously (test.use needs the address when this file loads). */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
const PORT = Number(freePort());
const ORIGIN = `http://127.0.0.1:${PORT}/`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
};
const TEXT = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => extname(f) !== '');
}

/** Another character of the same class, so a renamed file keeps its length. */
const shift = (c: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const i = alphabet.indexOf(c);
  return i < 0 ? c : (alphabet[(i + 7) % alphabet.length] ?? c);
};

/**
 * The next release: a copy of `from` whose hashed assets all have new names (references rewritten in
 * every text file) and whose worker has a new version. Returns the new worker version.
 */
function makeNextRelease(from: string, to: string): string {
  cpSync(from, to, { recursive: true });
  const renames = new Map<string, string>();
  for (const file of readdirSync(join(to, 'assets'))) {
    const m = /^(.+)-([A-Za-z0-9_-]{8})(\.[a-z0-9]+)$/.exec(file);
    if (!m) continue;
    const renamed = `${m[1]}-${[...(m[2] ?? '')].map(shift).join('')}${m[3]}`;
    renames.set(file, renamed);
    renameSync(join(to, 'assets', file), join(to, 'assets', renamed));
  }
  const sw = readFileSync(join(to, 'sw.js'), 'utf8');
  const version = /\\"version\\":\\"([0-9a-f]{16})\\"/.exec(sw)?.[1] ?? '';
  const next = version.replace(/[0-9a-f]/g, (c) => ((Number.parseInt(c, 16) + 1) % 16).toString(16));
  for (const file of filesUnder(to)) {
    if (!TEXT.has(extname(file))) continue;
    const path = join(to, file);
    let text = readFileSync(path, 'utf8');
    for (const [old, renamed] of renames) text = text.split(old).join(renamed);
    if (file === 'sw.js') text = text.replace(version, next);
    writeFileSync(path, text);
  }
  return next;
}

let serving = '';
let server: Server | null = null;
let previous = '';
let next = '';
let nextVersion = '';

test.describe('an update while two tabs are open', () => {
  test.use({ serviceWorkers: 'allow', baseURL: ORIGIN });

  test.beforeAll(async () => {
    if (!existsSync(join(DIST, 'sw.js'))) throw new Error('dist/ has no sw.js: build first (vite build)');
    const root = mkdtempSync(join(tmpdir(), 'gpu-tco-update-'));
    previous = join(root, 'previous');
    next = join(root, 'next');
    cpSync(DIST, previous, { recursive: true });
    nextVersion = makeNextRelease(previous, next);
    serving = previous;
    server = createServer((request, response) => {
      const path =
        decodeURIComponent(new URL(request.url ?? '/', ORIGIN).pathname).replace(/^\/+/, '') || 'index.html';
      const file = join(serving, path);
      if (path.includes('..') || !existsSync(file)) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      response.end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server?.listen(PORT, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  /** The release a page runs: the entry script its page names. */
  const entryOf = (page: Page) =>
    page.evaluate(() => document.querySelector('meta[name="gpu-tco:app"]')?.getAttribute('content') ?? '');
  const entryIn = (dir: string) =>
    /<meta name="gpu-tco:app" content="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];

  async function openControlled(page: Page): Promise<void> {
    await page.goto('./');
    await page.getByTestId('kpi-monthly-platform').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
        timeout: 60_000,
      })
      .toBe('activated');
  }

  test('Reload in a second tab reloads it after another tab applied the update, and the tab on the previous release opens Scenarios with its text', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await openControlled(page);
    const second = await context.newPage();
    await openControlled(second);
    expect(await entryOf(second)).toBe(entryIn(previous));

    // The next release is deployed; the first tab finds it and applies it.
    serving = next;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const notice = page.getByTestId('update-notice');
    await expect(notice).toHaveText(/A new version is ready/, { timeout: 60_000 });
    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByTestId('kpi-monthly-platform').first().waitFor();
    expect(await entryOf(page)).toBe(entryIn(next));

    // The second tab still runs the previous release, whose chunks the server no longer has.
    expect(await entryOf(second)).toBe(entryIn(previous));
    await second.getByRole('tab', { name: 'Scenarios' }).click();
    await expect(second.getByRole('heading', { name: 'Saved scenarios' })).toBeVisible();
    const compare = second.getByRole('region', { name: 'Compare scenarios' });
    await expect(compare).toContainText('Up to four scenarios side by side');
    await expect(compare.getByRole('button', { name: 'Add' })).toBeVisible();

    // Its notice offers the reload, and Reload reloads it (the update is no longer waiting).
    const secondNotice = second.getByTestId('update-notice');
    await expect(secondNotice).toBeVisible();
    await Promise.all([
      second.waitForEvent('load'),
      secondNotice.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await second.getByTestId('kpi-monthly-platform').first().waitFor();
    expect(await entryOf(second)).toBe(entryIn(next));

    // No tab runs the previous release any more: only the next release's store remains.
    await expect
      .poll(() =>
        second.evaluate(async () => (await caches.keys()).filter((n) => n !== 'gpu-tco-meta').sort()),
      )
      .toEqual([`gpu-tco-${nextVersion}`]);
  });
});
