/**
 * At 390 px in Chinese (issue 43): the budget plan's and the uncertainty ranges' tables never split an
 * amount from its unit (¥93.3 / 万, 元/千 / 瓦时) and never stack a label one character per line
 * (第 / 1 / 季 / 度). Every cell holding ¥ or 万, and every unit, lays out on one line: one line box
 * (getClientRects of its text) and no text wider than the cell. The tables scroll sideways instead;
 * the budget plan's caption is outside the scroller and wraps within the screen.
 */
import type { Locator, Page } from '@playwright/test';
import { encodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset, renderDeferred } from './helpers';

test.use({ locale: 'zh-CN' });

/**
 * Cells whose text breaks over more than one line: [text, line count]. Lines are the distinct tops of
 * the client rects of the cell's text nodes; a unit set on its own line (`.analysis-table__sub`) is
 * checked on its own, not counted as a line of its label.
 */
async function brokenCells(cells: Locator): Promise<[string, number][]> {
  return cells.evaluateAll((els) =>
    els.flatMap((el): [string, number][] => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const tops = new Set<number>();
      let text = '';
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (el !== node.parentElement && node.parentElement?.closest('.analysis-table__sub')) continue;
        if ((node.textContent ?? '').trim() === '') continue;
        text += node.textContent;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size > 1 ? [[text.trim(), tops.size]] : [];
    }),
  );
}

async function openPlan(page: Page) {
  await openDashboard(page, `./#${encodeScenarioHash(preset('largeLab'))}`);
  await renderDeferred(page);
  const panel = page.getByTestId('sizing-panel');
  await panel.scrollIntoViewIfNeeded();
  const bar = page.getByRole('progressbar', { name: /规模区间/ });
  await expect(async () => expect(await bar.getAttribute('aria-valuenow')).toBe('100')).toPass();
  // The large lab's budget is the ladder's plan; buy-N is the alternative behind it, opened here.
  await expect(page.getByTestId('budget-plan-ladder')).toBeVisible();
  await page.getByTestId('budget-plan-alternative').locator('summary').click();
}

test('390 px, Chinese: the budget plan keeps each amount with its unit and each label on one line @phone', async ({
  page,
}) => {
  await openPlan(page);
  for (const testId of ['budget-plan-ladder-quarters-table', 'budget-plan-table'] as const)
    await expectAmountsWhole(page, testId);
});

async function expectAmountsWhole(page: Page, testId: string) {
  const table = page.getByTestId(testId);
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  const amounts = table.locator('td').filter({ hasText: /[¥万]/ });
  expect(await amounts.count(), 'the plan shows amounts in ¥ or 万').toBeGreaterThan(4);
  expect(await brokenCells(amounts)).toEqual([]);
  // Column headers keep to one line; a row label may wrap between words, never one character a line.
  expect(await brokenCells(table.locator('thead th'))).toEqual([]);
  for (const [text, lines] of await brokenCells(table.locator('th[scope="row"]')))
    expect(lines, text).toBeLessThanOrEqual(Math.ceil(text.length / 4));
  // The caption is outside the scroller: it ends within the screen.
  const caption = page.locator(`#${await table.getAttribute('aria-labelledby')}`);
  const box = await caption.boundingBox();
  expect(box, 'the caption is shown').not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('390 px, Chinese: the uncertainty ranges keep each unit and value on one line @phone', async ({
  page,
}) => {
  await openDashboard(page, './');
  await renderDeferred(page);
  // The Monte Carlo results fill the card above the ranges when they arrive; a click while they push
  // the summary down can start on it and end elsewhere (no click): wait for them first.
  await expect(page.getByTestId('mc-progress')).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await page.getByTestId('mc-percentiles').waitFor();
  await page.getByText(/^编辑范围/).click();
  const table = page.locator('.analysis-table--ranges');
  await table.scrollIntoViewIfNeeded();
  const units = table.locator('.analysis-table__sub');
  expect(await units.count()).toBeGreaterThan(10);
  expect(await brokenCells(units)).toEqual([]);
  // The current value of each input (the bounds are text boxes), with its unit where it has one.
  const values = table.locator('td').filter({ hasText: /\d/ });
  expect(await values.count(), 'the ranges show each input’s current value').toBeGreaterThan(10);
  expect(await brokenCells(values)).toEqual([]);
  // A row label breaks only between words, never one character per line: at most 3 lines at 8 em.
  const labels = await brokenCells(table.locator('th[scope="row"]'));
  for (const [text, lines] of labels) expect(lines, text).toBeLessThanOrEqual(Math.ceil(text.length / 4));
});
