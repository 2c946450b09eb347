/**
 * Issue 24, item 1: the answer in the first paint. The built index.html carries the first screen of
 * the default scenario in both languages (scripts/prerender-plugin.ts); these check, in Chromium
 * against the built app:
 * - without any script, the page already shows the default scenario's KPIs and crossovers, and they
 *   are the engine's numbers (computed here in Node from src/engine, formatted as the app does);
 * - with scripts, the reader's language is the one shown, the app takes the prerendered screen over
 *   without changing a number (a sampler from document start sees one value per KPI) and without a
 *   layout shift;
 * - opening a link, or coming back to a kept scenario, never shows the default's numbers: from the
 *   document's start, every frame and every DOM change is sampled, and no visible KPI ever reads the
 *   default's figure.
 *
 * Hooks used: data-testid="kpi-monthly-<id>", "crossover-vs-<id>" (the prerendered ones carry the same
 * ids as the live ones), data-prerender-locale on the prerendered screens, the kept scenario's storage
 * key (src/scenario/resume-storage.ts).
 */
import type { Page } from '@playwright/test';
import {
  COMPARATOR_IDS,
  defaultScenario,
  evaluate,
  type Scenario,
  STRATEGY_IDS,
  withInput,
} from '../../src/engine/index.ts';
import { formatMoney, type Locale } from '../../src/lib/format.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { RESUME_KEY } from '../../src/scenario/resume-storage.ts';
import { crossoverText } from '../../src/view-model/comparison-text.ts';
import { expect, test } from './fixtures';
import { normalise } from './helpers';
import { nodeT } from './node-i18n';

/** What the first screen shows for `scenario`, as the engine computes it, keyed by test id. */
function engineFirstScreen(scenario: Scenario, locale: Locale): Record<string, string> {
  const evaluation = evaluate(scenario);
  const money = { locale, currency: 'CNY' as const, cnyPerUsd: 7.2 };
  const t = nodeT(locale);
  const out: Record<string, string> = {};
  for (const id of STRATEGY_IDS)
    out[`kpi-monthly-${id}`] = normalise(formatMoney(evaluation.strategies[id].monthlyCny, money));
  for (const id of COMPARATOR_IDS)
    out[`crossover-vs-${id}`] = normalise(crossoverText(evaluation.comparisons[id], money, t));
  return out;
}

/** The texts of those test ids inside `scope` (a CSS selector), as shown. */
function shownTexts(page: Page, scope: string, ids: string[]): Promise<Record<string, string>> {
  return page
    .evaluate(
      ([s, list]) => {
        const root = document.querySelector(s);
        const out: Record<string, string> = {};
        for (const id of list)
          out[id] = root?.querySelector(`[data-testid="${id}"]`)?.textContent ?? '(none)';
        return out;
      },
      [scope, ids] as const,
    )
    .then((raw) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, normalise(v)])));
}

/**
 * From the document's first byte: every animation frame and every DOM change, the monthly cost of
 * self-build as the reader could see it then (the visible element's text, or nothing), in order.
 */
async function sampleFromDocumentStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __kpiSeen: string[] }).__kpiSeen = seen;
    // Nothing is on screen before the first frame (the page's stylesheet blocks it): a change made
    // while the document is still parsing counts from the first frame on.
    let framed = false;
    const sample = () => {
      if (!framed) return;
      for (const el of document.querySelectorAll<HTMLElement>('[data-testid="kpi-monthly-selfBuild"]')) {
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const text = (el.textContent ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
        if (seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    new MutationObserver(sample).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    const frame = () => {
      framed = true;
      sample();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const seenKpis = (page: Page) =>
  page.evaluate(() => (window as unknown as { __kpiSeen: string[] }).__kpiSeen);

const IDS = Object.keys(engineFirstScreen(defaultScenario, 'en'));

test.describe('the first screen in the built page', () => {
  test('without scripts, the page shows the default scenario in both languages, the engine’s numbers', async ({
    browser,
    guardContext,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    await guardContext(context);
    const page = await context.newPage();
    await page.goto('./');
    for (const locale of ['en', 'zh-CN'] as const) {
      const shown = await shownTexts(page, `[data-prerender-locale="${locale}"]`, IDS);
      expect(shown, locale).toEqual(engineFirstScreen(defaultScenario, locale));
    }
    // The prerendered screen carries the crossover chart, drawn.
    await expect(
      page.locator('[data-prerender-locale="en"] [data-chart="crossover"] path.crossover-curve').first(),
    ).toBeVisible();
    // Without the language script, English is the one on screen.
    await expect(page.locator('[data-prerender-locale="en"]')).toBeVisible();
    await expect(page.locator('[data-prerender-locale="zh-CN"]')).toBeHidden();
    await context.close();
  });

  test('the app takes the prerendered screen over without changing a number or moving it', async ({
    page,
  }) => {
    await sampleFromDocumentStart(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('./');
    // Hydrated: the app has lifted the prerender's marks and answers input.
    await expect(page.locator('[data-prerender-locale]')).toHaveCount(0);
    await page
      .getByRole('slider', { name: /load rate/i })
      .first()
      .focus();
    const expected = engineFirstScreen(defaultScenario, 'en');
    expect(await shownTexts(page, 'body', IDS)).toEqual(expected);
    expect(await seenKpis(page)).toEqual([expected['kpi-monthly-selfBuild']]);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((a, b) => a + b, 0)).toBe(0);
    // Live after the take-over: a slider step changes the numbers.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('kpi-monthly-selfBuild')).not.toHaveText(
      expected['kpi-monthly-selfBuild'] ?? '',
    );
  });

  test('@zh a Chinese reader sees the Chinese first screen at once, the engine’s numbers, unchanged by the app', async ({
    page,
  }) => {
    await sampleFromDocumentStart(page);
    await page.goto('./');
    const expected = engineFirstScreen(defaultScenario, 'zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('[data-prerender-locale]')).toHaveCount(0);
    await expect(page.getByRole('slider', { name: /负载率/ }).first()).toBeVisible();
    expect(await shownTexts(page, 'body', IDS)).toEqual(expected);
    expect(await seenKpis(page)).toEqual([expected['kpi-monthly-selfBuild']]);
  });
});

test.describe('another scenario never shows the default’s numbers as its own', () => {
  const other = withInput(defaultScenario, 'selfBuild.serverPriceCny', 1_234_000);
  const defaultSelfBuild = engineFirstScreen(defaultScenario, 'en')['kpi-monthly-selfBuild'];
  const otherSelfBuild = engineFirstScreen(other, 'en')['kpi-monthly-selfBuild'];

  test('opening a share link', async ({ page }) => {
    expect(otherSelfBuild).not.toBe(defaultSelfBuild);
    await sampleFromDocumentStart(page);
    await page.goto(`./#${encodeScenarioHash(other)}`);
    await expect(page.getByTestId('kpi-monthly-selfBuild')).toHaveText(otherSelfBuild ?? '');
    await expect(page.locator('[data-prerender-locale]')).toHaveCount(0);
    expect(await seenKpis(page)).toEqual([otherSelfBuild]);
  });

  test('coming back to the scenario kept from the last visit', async ({ page }) => {
    // A first visit opens the other scenario and works on it (a slider step); the app keeps it.
    await page.goto(`./#${encodeScenarioHash(other)}`);
    await expect(page.getByTestId('kpi-monthly-selfBuild')).toHaveText(otherSelfBuild ?? '');
    await page
      .getByRole('slider', { name: /load rate/i })
      .first()
      .focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('kpi-monthly-selfBuild')).not.toHaveText(otherSelfBuild ?? '');
    await expect
      .poll(() => page.evaluate((key) => window.localStorage.getItem(key) !== null, RESUME_KEY))
      .toBe(true);
    const kept = normalise(await page.getByTestId('kpi-monthly-selfBuild').textContent());
    expect(kept).not.toBe(defaultSelfBuild);
    // A new visit without the link resumes it, and never shows the default's figure on the way.
    await sampleFromDocumentStart(page);
    await page.goto('about:blank');
    await page.goto('./');
    await expect(page.getByTestId('kpi-monthly-selfBuild')).toHaveText(kept);
    await expect(page.locator('[data-prerender-locale]')).toHaveCount(0);
    expect(await seenKpis(page)).toEqual([kept]);
  });
});
