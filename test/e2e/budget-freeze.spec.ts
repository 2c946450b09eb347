/**
 * Freeze a budget version (issue 39 item 1) in a real browser: the scenario shown is frozen as
 * "Budget FY27" by a named preparer; the saved list groups it under the budget, without rename or
 * reset; the page says "Frozen" and the address carries the stamp; the link opens in a fresh browser
 * as that frozen version; a change there is a draft (the address drops the stamp) with a way back; the
 * draft frozen again is version 2 of the same budget; a link whose figures were changed under the
 * stamp opens as an ordinary scenario and says so. The fingerprint is worked out here, in Node, from
 * its definition (FNV-1a over the scenario's JSON with sorted keys) on the entry the browser stored.
 */
import type { Page } from '@playwright/test';
import type { Scenario } from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';

interface StoredEntry {
  id: string;
  name: string;
  scenario: Scenario;
  budget?: { budgetId: string; label: string; version: number; preparedBy: string; hash: string };
}

/** FNV-1a (32 bits) over UTF-16 code units, written out here independently of the app's. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** JSON with keys sorted at every level (undefined members dropped, as JSON.stringify drops them). */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

async function storedEntries(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('gpu-tco:saved:v2:'))
      .map((k) => JSON.parse(localStorage.getItem(k) ?? '{}')),
  );
}

test('freeze as budget: frozen, grouped, opened from its link in a fresh browser, edited into a draft, frozen again as version 2', async ({
  page,
  browser,
  baseURL,
  guardContext,
  saveScreenshot,
  axe,
}) => {
  await openDashboard(page, `./#${encodeScenarioHash(preset('largeLab'))}`);
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await page.getByRole('heading', { name: 'Budget of record' }).waitFor();
  await page.getByLabel('Budget name').fill('Budget FY27');
  await page.locator('.budget-freeze').getByLabel('Prepared by').fill('Li Wei');
  await page.getByRole('button', { name: 'Freeze as budget' }).click();

  const [entry] = await storedEntries(page);
  if (!entry?.budget) throw new Error('no frozen entry was stored');
  expect(entry.name).toBe('Budget FY27 · v1');
  expect(entry.budget).toMatchObject({ label: 'Budget FY27', version: 1, preparedBy: 'Li Wei' });
  // Frozen as it was: the large-lab figures, named by the version.
  expect(entry.scenario).toEqual({ ...preset('largeLab'), name: 'Budget FY27 · v1' });
  const hash = fnv1a(sortedJson(entry.scenario));
  expect(entry.budget.hash).toBe(hash);
  await expect(
    page.getByText(new RegExp(`^Frozen as “.?Budget FY27 · v1.?” \\(fingerprint ${hash}\\)\\.$`)),
  ).toBeVisible();

  const badge = page.getByTestId('frozen-badge');
  await expect(badge).toHaveText('Frozen');
  const banner = page.locator('.budget-banner');
  await expect(banner).toContainText(/Budget FY27 · v1.*prepared by .?Li Wei.? · fingerprint/);
  await expect(banner).toContainText(hash);
  // The saved list: the budget's group, its version without rename or reset.
  const group = page.getByTestId('budget-group');
  await expect(group.getByRole('heading', { name: /Budget FY27.*1 version/ })).toBeVisible();
  await expect(group.getByTestId('saved-frozen')).toContainText(hash);
  await expect(group.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Open' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Budget of record' }).locator('..')).toBeVisible();
  await expect(page.getByTestId('budget-frozen-already')).toContainText('Budget FY27 · v1');
  await saveScreenshot(page, 'budget-frozen.png', { fullPage: false });
  expect(await axe(page, { include: '.budget-banner' })).toEqual([]);

  // The address carries the stamp while the frozen version is shown.
  await expect.poll(() => new URL(page.url()).hash).toContain('&b=');
  const link = page.url();

  if (!baseURL) throw new Error('use.baseURL must name the preview server');
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  try {
    await guardContext(context);
    const other = await context.newPage();
    await openDashboard(other, link);
    await expect(other.getByTestId('frozen-badge')).toHaveText('Frozen');
    await expect(other.locator('.budget-banner')).toContainText('Read-only: this version never changes.');
    await expect(other.locator('.budget-banner')).toContainText(hash);

    // A change is a draft beside the frozen version; the address no longer claims the stamp.
    const name = other.getByRole('textbox', { name: 'Scenario name', exact: true });
    await name.fill('Budget FY27 what-if');
    await name.blur();
    await expect(other.getByTestId('budget-draft')).toContainText(
      /Changed from the frozen version .{0,2}Budget FY27 · v1.{0,2}: what you see is a draft/,
    );
    await expect(other.getByTestId('frozen-badge')).toHaveCount(0);
    await expect.poll(() => new URL(other.url()).hash).not.toContain('&b=');
    await other.getByRole('button', { name: 'Back to the frozen version' }).click();
    await expect(other.getByTestId('frozen-badge')).toBeVisible();
    await expect(name).toHaveValue('Budget FY27 · v1');

    // The same stamp under other figures: opened as an ordinary scenario, and said.
    const stampParam = new URL(link).hash.split('&').find((p) => p.startsWith('b='));
    const forged = `./#${encodeScenarioHash({ ...preset('largeLab'), horizonMonths: 24 })}&${stampParam}`;
    const third = await context.newPage();
    await openDashboard(third, forged);
    await expect(third.getByTestId('budget-mismatch')).toContainText(
      /The link says it is the frozen budget .{0,2}Budget FY27.{0,2}, but its figures are not the ones frozen/,
    );
    await expect(third.getByTestId('frozen-badge')).toHaveCount(0);
  } finally {
    await context.close();
  }

  // Back in the first browser: edit, then freeze the draft as the next version of the same budget.
  const field = page.getByRole('textbox', { name: 'Scenario name', exact: true });
  await field.fill('Budget FY27 revised');
  await field.blur();
  await expect(page.getByTestId('budget-draft')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Version 2 of “.?Budget FY27.?”$/ })).toBeChecked();
  await page.locator('.budget-freeze').getByLabel('Prepared by').fill('Li Wei');
  await page.getByRole('button', { name: 'Freeze as budget' }).click();
  await expect(page.getByTestId('frozen-badge')).toBeVisible();
  await expect(group.getByRole('heading', { name: /Budget FY27.*2 versions/ })).toBeVisible();
  const versions = (await storedEntries(page))
    .filter((e) => e.budget)
    .map((e) => [e.name, e.budget?.version, e.budget?.budgetId === entry.budget?.budgetId]);
  expect(versions.sort()).toEqual([
    ['Budget FY27 · v1', 1, true],
    ['Budget FY27 · v2', 2, true],
  ]);
  const names = (await group.locator('.saved-item__name').allTextContents()).map((t) => normalise(t).trim());
  expect(names).toEqual(['Budget FY27 · v1', 'Budget FY27 · v2']);
});

test('冻结为预算：中文界面冻结、标记与分组 @zh', async ({ page, saveScreenshot }) => {
  await openDashboard(page, `./#${encodeScenarioHash(preset('steadyLab'))}`);
  await page.getByRole('tab', { name: '场景' }).click();
  await page.getByRole('heading', { name: '预算版本' }).waitFor();
  await page.getByLabel('预算名称').fill('FY27 预算');
  await page.locator('.budget-freeze').getByLabel('编制人').fill('李伟');
  await page.getByRole('button', { name: '冻结为预算' }).click();
  const [entry] = await storedEntries(page);
  const hash = fnv1a(sortedJson(entry?.scenario));
  expect(entry?.budget?.hash).toBe(hash);
  await expect(
    page.getByText(new RegExp(`^已冻结为“.?FY27 预算 · 第 1 版.?”（指纹 ${hash}）。$`)),
  ).toBeVisible();
  await expect(page.getByTestId('frozen-badge')).toHaveText('已冻结');
  await expect(page.locator('.budget-banner')).toContainText(/编制人 .?李伟.? · 指纹/);
  await expect(page.getByTestId('budget-group').locator('.saved-group__title')).toContainText('1 个版本');
  await saveScreenshot(page, 'budget-frozen-zh.png', { fullPage: false });
});

test('freeze as budget: the frozen banner and the version group read on a 390 px phone', {
  tag: '@phone',
}, async ({ page, axe, saveScreenshot }) => {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await page.getByLabel('Budget name').fill('Budget FY27 for the board meeting');
  await page.getByRole('button', { name: 'Freeze as budget' }).click();
  await expect(page.getByTestId('frozen-badge')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, 'budget-frozen-phone.png', { fullPage: false });
  expect(await axe(page, { include: '.budget-banner' })).toEqual([]);
});
