/**
 * A second browser engine: the built app in Firefox (firefox-esr over WebDriver BiDi), checked
 * against the engine as the Chromium suite checks it — the first screen's monthly costs, a load-rate
 * step, the share link opened in a fresh context, a PDF and an Excel download — with no console
 * error, page error, Content-Security-Policy violation or outside request on the way.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'puppeteer-core';
import { scaleToLoadRate } from '../../src/engine/demand.ts';
import { defaultScenario, type Evaluation, evaluate, STRATEGY_IDS } from '../../src/engine/index.ts';
import { cspViolations, type FirefoxSession, startFirefox, waitForDownload } from './firefox-session';

let session: FirefoxSession;
let page: Page;

beforeAll(async () => {
  session = await startFirefox();
  page = await session.freshPage();
});

afterAll(async () => {
  await session?.close();
});

afterEach(async () => {
  // Each step must leave the browser quiet, as the Playwright guards require in Chromium.
  const violations = page ? await cspViolations(page) : [];
  // Taken out of the record, so the next test is judged on its own.
  expect([...session.problems.splice(0), ...violations]).toEqual([]);
});

const normalise = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Each eligible strategy's monthly cost as Firefox's own Intl writes it (en, CNY, whole units). */
async function expectedKpis(p: Page, evaluation: Evaluation): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const id of STRATEGY_IDS) {
    const s = evaluation.strategies[id];
    if (!s.eligible) continue;
    out[id] = normalise(
      await p.evaluate(
        (v) =>
          new Intl.NumberFormat('en', {
            style: 'currency',
            currency: 'CNY',
            maximumFractionDigits: 0,
            minimumFractionDigits: 0,
          }).format(v),
        s.monthlyCny,
      ),
    );
  }
  return out;
}

/** The KPI amounts on screen, by strategy. */
function shownKpis(p: Page, ids: string[]): Promise<Record<string, string>> {
  return p.evaluate((list) => {
    const out: Record<string, string> = {};
    for (const id of list)
      out[id] = document.querySelector(`[data-testid="kpi-monthly-${id}"]`)?.textContent ?? '';
    return out;
  }, ids);
}

/** Waits (a hang guard, not a speed check) until the KPIs show `expected`. */
async function waitForKpis(p: Page, expected: Record<string, string>): Promise<void> {
  let shown: Record<string, string> = {};
  for (let i = 0; i < 200; i++) {
    shown = Object.fromEntries(
      Object.entries(await shownKpis(p, Object.keys(expected))).map(([k, v]) => [k, normalise(v)]),
    );
    if (Object.entries(expected).every(([id, amount]) => shown[id] === amount)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(shown).toEqual(expected);
}

async function openApp(p: Page, url: string): Promise<void> {
  await p.goto(url);
  await p.waitForSelector('[data-testid="kpi-monthly-platform"]', { visible: true });
}

/** The load-rate range input's value and maximum (a percent scale when its max is above 1). */
function loadRateSlider(p: Page) {
  return p.evaluate(() => {
    const label = [...document.querySelectorAll('label.slider__label')].find((l) =>
      /load rate/i.test(l.textContent ?? ''),
    );
    const input = label ? document.getElementById(label.getAttribute('for') ?? '') : null;
    if (!(input instanceof HTMLInputElement)) throw new Error('no load-rate slider');
    return { id: input.id, value: Number(input.value), max: Number(input.max) };
  });
}

let shareUrl = '';
let afterStep: Record<string, string> = {};

describe('Firefox smoke test', () => {
  it('the first screen shows the engine’s monthly costs for the seed example', async () => {
    await openApp(page, session.baseUrl);
    const ev = evaluate(defaultScenario);
    expect(ev.strategies.rent.monthlyCny).toBe(57000);
    expect(ev.strategies.platform.monthlyCny).toBe(37500);
    const expected = await expectedKpis(page, ev);
    await waitForKpis(page, expected);
    expect(expected.rent).toBe('CN¥57,000');
    expect(expected.platform).toBe('CN¥37,500');
  });

  it('a load-rate step with the keyboard moves the costs to the engine’s at the new load rate', async () => {
    const before = await loadRateSlider(page);
    const addressBefore = page.url();
    await page.focus(`[id="${before.id}"]`);
    await page.keyboard.press('ArrowRight');
    let after = before;
    for (let i = 0; i < 100 && after.value === before.value; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await loadRateSlider(page);
    }
    expect(after.value).toBeGreaterThan(before.value);
    const loadRate = after.max > 1 ? after.value / 100 : after.value;
    const ev = evaluate(scaleToLoadRate(defaultScenario, loadRate));
    afterStep = await expectedKpis(page, ev);
    expect(afterStep).not.toEqual(await expectedKpis(page, evaluate(defaultScenario)));
    await waitForKpis(page, afterStep);
    // The address follows the scenario, rewritten a moment after the last change.
    for (let i = 0; i < 100 && page.url() === addressBefore; i++) await new Promise((r) => setTimeout(r, 50));
    shareUrl = page.url();
    expect(shareUrl).not.toBe(addressBefore);
    expect(shareUrl).toContain('#s=');
  });

  it('the link opened in a fresh browser context shows the same costs', async () => {
    const other = await session.freshPage();
    try {
      await openApp(other, shareUrl);
      await waitForKpis(other, afterStep);
      expect(await cspViolations(other)).toEqual([]);
    } finally {
      await other.browserContext().close();
    }
  });

  it('Export PDF downloads a PDF whose text holds the costs on screen', async () => {
    const before = new Set(readdirSync(session.downloads));
    await page.click('[data-testid="export-pdf"]');
    await page.waitForSelector('dialog[open] button[type="submit"]', { visible: true });
    await page.click('dialog[open] button[type="submit"]');
    const bytes = await waitForDownload(session.downloads, '.pdf', before);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const file = join(mkdtempSync(join(tmpdir(), 'firefox-pdf-')), 'report.pdf');
    writeFileSync(file, bytes);
    const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
    const text = normalise(stdout);
    for (const amount of Object.values(afterStep)) expect(text).toContain(amount);
  });

  it('Export Excel downloads a workbook with its sheets', async () => {
    const before = new Set(readdirSync(session.downloads));
    await page.click('[data-testid="export-excel"]');
    await page.waitForSelector('dialog[open] button[type="submit"]', { visible: true });
    await page.click('dialog[open] button[type="submit"]');
    const bytes = await waitForDownload(session.downloads, '.xlsx', before);
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toContain('xl/workbook.xml');
    const workbook = strFromU8(files['xl/workbook.xml'] ?? new Uint8Array());
    expect(workbook.match(/<sheet /g)?.length ?? 0).toBeGreaterThan(1);
  });
});
