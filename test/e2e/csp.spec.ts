/**
 * The app's Content-Security-Policy (index.html: `script-src 'self' 'wasm-unsafe-eval'`: no
 * 'unsafe-eval'; WebAssembly only for the PDF's font subsetter) is never violated while it loads and
 * validates scenarios or prepares a PDF. zod compiles object parsers with `new Function`
 * unless it is configured jitless (src/lib/zod.ts); when the bundler drops that module's side effect,
 * the first validated link or slider step reports an `eval` violation. The page records every
 * `securitypolicyviolation` event of the document from before its own scripts run, so a violation is
 * caught whether or not the browser also logs it to the console.
 */
import type { Page } from '@playwright/test';
import { presets, type Scenario } from '../../src/engine/index.ts';
import { appHash } from '../../src/state/url-sync.ts';
import { expect, test } from './fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

test('opening a share link validates it without any Content-Security-Policy violation', async ({ page }) => {
  await recordViolations(page);
  const scenario = structuredClone(presets.seedTeam as Scenario);
  scenario.name = 'CSP check';
  await page.goto(`./#${appHash(scenario, { currency: 'CNY', cnyPerUsd: 7.2 })}`);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  // The link was read and validated: the header shows the link's own name.
  await expect(page.getByRole('textbox', { name: 'Scenario name' })).toHaveValue('CSP check');
  // A slider step goes through the same validation again (the one door).
  await page.getByRole('slider').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#s=/);
  expect(await violations(page)).toEqual([]);
});

test('a plain load, a slider step and a reload of the written link cause no Content-Security-Policy violation', async ({
  page,
}) => {
  await recordViolations(page);
  await page.goto('./');
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  await page.getByRole('slider').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/#s=/);
  await page.reload();
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  expect(await violations(page)).toEqual([]);
});

test('the PDF dialog loads the font subsetter (WebAssembly) without any Content-Security-Policy violation', async ({
  page,
}) => {
  await recordViolations(page);
  await page.goto('./');
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Export PDF', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Notes', exact: true }).fill('Budget 😀');
  // The list appears only once the fonts are read and the subsetter is compiled.
  await expect(dialog.getByTestId('export-unprintable')).toHaveText(/😀$/);
  expect(await violations(page)).toEqual([]);
});
