/** Page helpers shared by the browser tests (no fixtures: plain functions of a page). */
import type { Page } from '@playwright/test';
import { presets, type Scenario } from '../../src/engine/index.ts';

/** Visible text with the space variants Intl uses (NBSP, narrow NBSP, thin space) made plain, runs of whitespace as one. */
export function normalise(text: string | null | undefined): string {
  return (text ?? '').replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/\s+/g, ' ');
}

/** Intl currency string the page itself produces (so the browser's ICU data decides the symbols). */
export function formatMoneyInPage(
  page: Page,
  value: number,
  locale: string,
  currency: string,
): Promise<string> {
  return page.evaluate(
    ([v, l, c]) =>
      new Intl.NumberFormat(l, {
        style: 'currency',
        currency: c,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(v),
    [value, locale, currency] as const,
  );
}

/**
 * Renders the sections that load when scrolled near (charts, analysis, breakdown table) without
 * scrolling, through the app's own event (src/components/deferred.tsx).
 */
export function renderDeferred(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.dispatchEvent(new Event('gpu-tco:render-all'));
  });
}

/** Opens the app at `url` (relative to the preview server) and waits for the KPIs. */
export async function openDashboard(page: Page, url = './'): Promise<void> {
  await page.goto(url);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  await waitForApp(page);
}

/**
 * Waits until the app has taken the page over: the prerendered first screen (shown before any script
 * ran, src/main.tsx) is hydrated and answers input. A page whose scripts never ran (JavaScript off:
 * first-paint.js did not name the language) has nothing to wait for.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.locale === undefined ||
      document.querySelector('[data-prerender-locale]') === null,
    null,
    { polling: 50 },
  );
}

/** A preset scenario of the engine, by id (fails loudly when the id is gone). */
export function preset(id: string): Scenario {
  const scenario = presets[id];
  if (!scenario) throw new Error(`the engine has no preset "${id}"`);
  return scenario;
}
