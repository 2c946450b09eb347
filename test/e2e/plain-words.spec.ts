/**
 * Plain words and the layout defects of issue 25: every glossary word on the dashboard has its
 * one-sentence explanation reachable by keyboard (en and zh-CN); the hardware comparison's last
 * column is in view at 1280 px; "Method" in the section bar marks itself; on a phone the hardware
 * comparison never sits on a "computing" line once in view. Hooks: "term" (the "?" button of a
 * glossary word, data-term = its id), "term-explanation" (its tooltip).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { normalise, openDashboard, renderDeferred } from './helpers';

interface Glossary {
  terms: Record<string, { term: string; explanation: string }>;
}
const glossaryOf = (locale: 'en' | 'zh-CN'): Glossary =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/${locale}/glossary.json`, import.meta.url), 'utf8'));
const enGlossary = glossaryOf('en');
const zhGlossary = glossaryOf('zh-CN');

/**
 * Every glossary "?" on the page is a button in the tab order whose description is its word's
 * explanation; the first visible one of each word is then focused from the keyboard: its tooltip
 * shows, and Escape closes it. Returns the number of distinct words checked by keyboard.
 */
async function checkTermsByKeyboard(page: Page, glossary: Glossary): Promise<number> {
  await renderDeferred(page);
  const terms = page.getByTestId('term');
  await expect(terms.first()).toBeAttached();
  const all = await terms.evaluateAll((buttons) =>
    buttons.map((b) => ({
      id: b.getAttribute('data-term') ?? '',
      tabIndex: (b as HTMLElement).tabIndex,
      description: document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      // Not inside a closed panel (a closed <details> hides its content without display: none).
      visible: b.checkVisibility(),
    })),
  );
  expect(all.length, 'the dashboard explains its words').toBeGreaterThanOrEqual(10);
  for (const term of all) {
    const entry = glossary.terms[term.id];
    expect(entry, `a glossary entry for ${term.id}`).toBeDefined();
    expect(term.tabIndex, term.id).toBe(0);
    expect(normalise(term.description), term.id).toContain(normalise(entry?.explanation));
  }
  const seen = new Set<string>();
  for (let i = 0; i < all.length; i++) {
    const term = all[i];
    if (!term?.visible || seen.has(term.id)) continue; // closed panels: reached once opened
    const button = terms.nth(i);
    await button.focus();
    await expect(button).toBeFocused();
    const tip = page.locator(`[id="${await button.getAttribute('aria-describedby')}"]`);
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    seen.add(term.id);
  }
  return seen.size;
}

test('every glossary word on the dashboard has its explanation reachable by keyboard', async ({ page }) => {
  await openDashboard(page);
  const distinct = await checkTermsByKeyboard(page, enGlossary);
  expect(distinct).toBeGreaterThanOrEqual(8);
  // Tab order: from the load-rate slider, the next stop is its "?" (the word's explanation).
  const slider = page.getByRole('slider').first();
  await slider.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-term', 'loadRate');
});

test('术语说明：看板上的每个术语都可用键盘打开一句话解释 @zh', { tag: '@zh' }, async ({ page }) => {
  await openDashboard(page);
  const distinct = await checkTermsByKeyboard(page, zhGlossary);
  expect(distinct).toBeGreaterThanOrEqual(8);
  await expect(page.getByRole('button', { name: '“利用率”是什么意思' }).first()).toBeVisible();
});

test('the hardware comparison shows its last column at 1280 px, and "Method" marks itself in the section bar', async ({
  page,
}) => {
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  await openDashboard(page);
  await renderDeferred(page);
  const table = page.getByTestId('hardware-compare-table');
  await table.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('hardware-compare-row').first()).toBeVisible();
  const fit = await table.evaluate((el) => {
    const box = el.parentElement as HTMLElement;
    const last = el.querySelector('thead th:last-child') as HTMLElement;
    return {
      overflow: box.scrollWidth - box.clientWidth,
      lastRight: last.getBoundingClientRect().right,
      boxRight: box.getBoundingClientRect().right,
    };
  });
  expect(fit.overflow, 'the table fits its box').toBeLessThanOrEqual(1);
  expect(fit.lastRight).toBeLessThanOrEqual(fit.boxRight + 1);
  await expect(table.getByRole('button', { name: 'vs best rental, monthly', exact: true })).toBeInViewport();

  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Method', exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Method', exact: true })).toHaveAttribute(
    'aria-current',
    'location',
  );
  await expect(nav.getByRole('link', { name: 'Assumptions', exact: true })).not.toHaveAttribute(
    'aria-current',
    'location',
  );
});

test('on a phone the hardware comparison is ready once scrolled into view, its table with a scroll cue @phone', {
  tag: '@phone',
}, async ({ page }) => {
  await openDashboard(page);
  const heading = page.locator('#sec-compare-hardware');
  await heading.scrollIntoViewIfNeeded();
  // The comparison runs as it mounts: its rows, not a "computing" line, a moment after it is in view.
  await expect(page.getByTestId('hardware-compare-row').first()).toBeAttached({ timeout: 3_000 });
  const box = page.getByTestId('hardware-compare-table').locator('..');
  await expect(box).toHaveAttribute('data-overflow', /end|both/);
  await expect(box).toHaveAttribute('data-scroll-hint', /.+/);
});

test('after a CSV import in the self-assessment the generator shows the file’s average and the axis its dates', async ({
  page,
}, testInfo) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Self-assessment' }).click();
  const wizard = page.locator('#panel-wizard');
  const rows = Array.from({ length: 26 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 0, 5 + 7 * i));
    return `${d.toISOString().slice(0, 10)},${100 + (i % 2) * 10}`;
  });
  const path = testInfo.outputPath('dated-usage.csv');
  writeFileSync(path, ['week,gpus', ...rows].join('\n'));
  await wizard.getByLabel('Import usage CSV').setInputFiles(path);
  await expect(wizard.getByLabel('Average GPUs busy')).toHaveValue('105');
  await expect(wizard.getByLabel('Weeks', { exact: true })).toHaveValue('26');
  // The axis ticks are the file's dates, not week numbers.
  await wizard.locator('.wizard-chart').scrollIntoViewIfNeeded();
  // Recharts draws tick labels in its own layer: the chart's tick texts, dates for x, GPUs for y.
  const ticks = wizard.locator('.wizard-chart .recharts-cartesian-axis-tick-value');
  await expect(ticks.filter({ hasText: /^2026-01-05$/ })).toHaveCount(1);
  const texts = await ticks.allTextContents();
  expect(texts.filter((x) => /^2026-\d{2}-\d{2}$/.test(x)).length).toBeGreaterThanOrEqual(3);
});
