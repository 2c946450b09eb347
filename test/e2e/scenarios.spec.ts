/**
 * Scenarios in a real browser: share links, saved scenarios, JSON and CSV files. Expected numbers come
 * from the engine and are formatted by the page's own Intl.
 *
 * Hooks used: the button "Copy link" and the read-only field "Share link" it opens; the file inputs
 * labelled "Import JSON" and "Import CSV" (in the Scenarios tab); data-testid="kpi-monthly-<id>".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  defaultScenario,
  type Evaluation,
  evaluate,
  STRATEGY_IDS,
  type StrategyId,
  withWeeklyCurve,
} from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import {
  formatMoneyInPage,
  normalise as normaliseSpaces,
  openDashboard,
  preset,
  renderDeferred,
} from './helpers';
import { savedStorageTexts, storedSavedNames } from './saved-storage';

/** The list as releases before issue 42 stored it (still read; src/scenario/storage.ts). */
const SAVED_KEY = 'gpu-tco:saved:v1';

function normalise(text: string | null | undefined): string {
  return normaliseSpaces(text).trim();
}

/** Every KPI card's text (amounts, facts, badges), strategy by strategy. */
async function kpiTexts(page: Page): Promise<Record<StrategyId, string>> {
  const out: Partial<Record<StrategyId, string>> = {};
  for (const id of STRATEGY_IDS) {
    out[id] = normalise(
      await page
        .getByTestId(`kpi-monthly-${id}`)
        .first()
        .evaluate((el) => el.closest('li')?.textContent ?? el.textContent),
    );
  }
  return out as Record<StrategyId, string>;
}

async function expectEngineKpis(page: Page, evaluation: Evaluation) {
  await expect(async () => {
    for (const id of STRATEGY_IDS) {
      const s = evaluation.strategies[id];
      if (!s.eligible) continue;
      const amount = await formatMoneyInPage(page, s.monthlyCny, 'en', 'CNY');
      const shown = normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent());
      expect(shown, `${id} monthly cost`).toBe(normalise(amount));
    }
  }).toPass();
}

async function showTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

async function copyLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Copy link' }).click();
  return page.getByRole('textbox', { name: 'Share link' }).inputValue();
}

test('scenarios: change a slider, the currency and the rate, copy the link, open it in a new browser context: every KPI is the same', async ({
  page,
  browser,
  guardContext,
}) => {
  await openDashboard(page);
  const slider = page.getByRole('slider', { name: /load rate/i }).first();
  await slider.focus();
  await slider.press('End');
  // The reader's currency and exchange rate travel with the link too.
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  await page.getByRole('textbox', { name: 'CNY per USD' }).fill('7.05');
  let before: Record<StrategyId, string> | null = null;
  await expect(async () => {
    const k = await kpiTexts(page);
    expect(k.selfBuild, 'KPIs shown in USD').toMatch(/\$/);
    before = k;
  }).toPass();
  const link = await copyLink(page);
  expect(link, 'the link carries the currency and rate').toMatch(/&cur=USD&fx=7\.05$/);
  expect(link, 'the link carries the scenario in its hash').toMatch(/#s=2\./);
  // The address follows the scenario after the debounce (one writer, replaceState).
  await expect(page).toHaveURL(link);

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    // The fresh context is guarded like the test's own: outside requests and errors fail the test.
    await guardContext(other);
    const errors: string[] = [];
    const fresh = await other.newPage();
    fresh.on('pageerror', (e) => errors.push(e.message));
    fresh.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await openDashboard(fresh, link);
    await expect(async () => expect(await kpiTexts(fresh)).toEqual(before)).toPass();
    expect(await fresh.getByRole('alert').count(), 'no alert for a good link').toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await other.close();
  }
});

test('scenarios: a broken link shows an alert naming the problem and the default scenario’s KPIs', async ({
  page,
  saveScreenshot,
}) => {
  await openDashboard(page, './#s=1.garbage');
  const alert = page.getByRole('alert').filter({ hasText: 'This link could not be opened' });
  await alert.waitFor({ state: 'visible' });
  expect(normalise(await alert.textContent())).toMatch(/damaged or cut short/);
  await expectEngineKpis(page, evaluate(defaultScenario));
  await saveScreenshot(page, 'scenarios-broken-link.png');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await alert.waitFor({ state: 'detached' });
});

test('scenarios: CSV import with Chinese headers → preview → apply: KPIs and demand chart follow the engine', async ({
  page,
  saveScreenshot,
}) => {
  const curve = Array.from({ length: 30 }, (_, i) => 20 + ((i * 7) % 11));
  const file = test.info().outputPath('usage-chinese-headers.csv');
  // UTF-8 with BOM, as Excel saves "CSV UTF-8".
  writeFileSync(file, `\uFEFF周,GPU数\n${curve.map((g, i) => `${i + 1},${g}`).join('\n')}\n`);
  await openDashboard(page);
  await showTab(page, 'Scenarios');
  await page.getByLabel('Import CSV').setInputFiles(file);
  await page.getByRole('heading', { name: /^Preview of usage-/ }).waitFor();
  expect(normalise(await page.getByTestId('csv-weeks').textContent())).toBe('30');
  expect(normalise(await page.getByTestId('csv-peak').textContent())).toBe(String(Math.max(...curve)));
  await saveScreenshot(page, 'scenarios-csv-preview.png', { fullPage: true });
  await page.getByRole('button', { name: 'Apply' }).click();

  // The import sizes the example's cluster to the curve's peak by the engine's rule (issue 44).
  const scenario = withWeeklyCurve(defaultScenario, curve, true);
  await showTab(page, 'Dashboard');
  await expectEngineKpis(page, evaluate(scenario));
  // The demand chart's accessible summary now describes the imported 30-week curve.
  await renderDeferred(page);
  await page
    .getByRole('img', { name: /over 30 weeks/ })
    .first()
    .waitFor();
});

test('scenarios: Export JSON then Import JSON in a fresh page restores the scenario', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const path = test.info().outputPath('scenario-export.json');
  await download.saveAs(path);
  const saved = JSON.parse(readFileSync(path, 'utf8')) as { scenario: unknown };
  expect(saved.scenario).toEqual(preset('steadyLab'));

  // Opened again without a link, the app resumes the scenario worked on (issue 21): start over.
  await openDashboard(page);
  await page.getByRole('button', { name: 'Start from an example' }).click();
  await expectEngineKpis(page, evaluate(defaultScenario));
  await showTab(page, 'Scenarios');
  await page.getByLabel('Import JSON').setInputFiles(path);
  await page.getByText(/^Loaded “\u2068.*\u2069” from \u2068scenario-/).waitFor();
  await showTab(page, 'Dashboard');
  await expectEngineKpis(page, evaluate(preset('steadyLab')));
});

test('scenarios: a saved scenario survives a reload and opens again', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('burstyResearch');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bursty <b>plan</b>');
  await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved as “Bursty <b>plan</b>”.').waitFor();

  await openDashboard(page);
  await showTab(page, 'Scenarios');
  const item = page.getByRole('listitem', { name: 'Bursty <b>plan</b>' });
  await item.waitFor();
  await item.getByRole('button', { name: 'Open' }).click();
  await showTab(page, 'Dashboard');
  await expectEngineKpis(page, evaluate(preset('burstyResearch')));
  expect(await page.locator('b', { hasText: 'plan' }).count(), 'the name is text, not HTML').toBe(0);
});

test('scenarios: “Save” pressed twice, with the scenario changed in between, saves two entries and confirms each', async ({
  page,
}) => {
  await openDashboard(page);
  const status = page.getByTestId('save-status');
  const saveAs = async (name: string) => {
    await page.getByRole('button', { name: 'Save', exact: true, expanded: false }).click();
    const form = page.getByRole('form', { name: 'Save the current scenario in this browser' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(status).toHaveText(`Saved as “${name}”.`);
    await expect(form, 'the form closes after a save').toBeHidden();
  };

  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  await saveAs('Lab first');
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('largeLab');
  await expect(status, 'a change takes the last confirmation down').toHaveText('');
  await saveAs('Large second');

  expect(await storedSavedNames(page)).toEqual(['Lab first', 'Large second']);
  await showTab(page, 'Scenarios');
  await expect(page.getByRole('listitem', { name: 'Lab first' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Large second' })).toBeVisible();
});

test('scenarios: opening a share link never changes the saved scenarios', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lab plan');
  await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved as “Lab plan”.').waitFor();
  const before = await savedStorageTexts(page);
  expect(Object.keys(before), 'the save is stored').toHaveLength(1);

  // A colleague's link to another scenario, opened in the same browser.
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('growingCompany');
  const link = await copyLink(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('seedTeam');
  await page.goto('about:blank');
  await openDashboard(page, link);
  await expectEngineKpis(page, evaluate(preset('growingCompany')));
  expect(await savedStorageTexts(page)).toEqual(before);
  await showTab(page, 'Scenarios');
  await page.getByRole('listitem', { name: 'Lab plan' }).waitFor();
});

test('scenarios: a corrupted saved entry is kept aside (exportable) and the app keeps working', async ({
  page,
}) => {
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [
      SAVED_KEY,
      '[{"id":"x","name":"Broken","savedAt":"","scenario":{"schemaVersion":2,"horizonMonths":"soon"}}',
    ] as const,
  );
  await openDashboard(page);
  await showTab(page, 'Scenarios');
  const aside = page.getByRole('region', { name: 'Entries kept aside' });
  await aside.waitFor();
  expect(normalise(await aside.textContent())).toMatch(/"name":"Broken"/);
  const kept = await page.evaluate((k) => localStorage.getItem(k) ?? '', SAVED_KEY);
  expect(kept, 'the broken entry stays stored where it was, not deleted').toContain('"name":"Broken"');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    aside.getByRole('button', { name: 'Export kept-aside entries' }).click(),
  ]);
  const path = test.info().outputPath('kept-aside.json');
  await download.saveAs(path);
  expect(readFileSync(path, 'utf8')).toMatch(/Broken/);
  await showTab(page, 'Dashboard');
  await expectEngineKpis(page, evaluate(defaultScenario));
});

test('scenarios: the Scenarios view has no serious axe violations and no horizontal overflow at 390×844', {
  tag: '@phone',
}, async ({ page, axe, saveScreenshot }) => {
  expect(page.viewportSize(), 'the phone project’s screen').toEqual({ width: 390, height: 844 });
  await openDashboard(page);
  // On a phone the header's actions are behind one "Actions" button.
  await page.getByRole('button', { name: /^Actions/ }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
  // The menu stays open over the tabs until dismissed.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();
  await showTab(page, 'Scenarios');
  await axe(page);
  const [scroll = 0, client = 0] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `page is ${scroll}px wide on a ${client}px screen`).toBeLessThanOrEqual(client);
  await saveScreenshot(page, 'scenarios-phone.png', { fullPage: true });
});
