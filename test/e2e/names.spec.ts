/**
 * Issue 21, names in view: the whole scenario name shows (on hover on a wide screen, wrapped on a
 * phone), the "Modified" mark is on screen, and the Save and Copy-link panels never cover the title or
 * the name.
 *
 * Hooks used: the text field "Scenario name" (data-testid="scenario-name"); data-testid="name-modified";
 * the header's "Copy link", "Save" and, on a phone, "Actions".
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard } from './helpers';

const LONG_NAME = 'Budget 2027 for the Pengcheng training cluster, reviewed by finance (modified)';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element is not laid out');
  return b;
}

async function nameLong(page: Page): Promise<Locator> {
  const field = page.getByRole('textbox', { name: 'Scenario name', exact: true });
  await field.fill(LONG_NAME);
  await field.blur();
  return field;
}

test('a long name: whole on hover (title), the Modified mark on screen, and neither panel covers the title or the name', async ({
  page,
}) => {
  await openDashboard(page);
  const field = await nameLong(page);
  await expect(field).toHaveAttribute('title', LONG_NAME);
  await expect(page.getByTestId('name-modified')).toBeInViewport();
  const title = page.getByRole('heading', { level: 1 });
  const covered = [await box(title), await box(field)];

  await page.getByRole('button', { name: 'Copy link' }).click();
  const linkPanel = page.locator('.action-panel').filter({ has: page.getByTestId('share-link') });
  await expect(linkPanel).toBeVisible();
  for (const b of covered)
    expect(overlaps(await box(linkPanel), b), 'the link panel leaves the title').toBe(false);
  // The title keeps its width: the panel does not squeeze it.
  expect((await box(title)).width).toBeCloseTo(covered[0]?.width ?? 0, 0);
  await linkPanel.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saveForm = page.getByRole('form', { name: 'Save the current scenario in this browser' });
  await expect(saveForm).toBeVisible();
  for (const b of covered)
    expect(overlaps(await box(saveForm), b), 'the save panel leaves the title').toBe(false);
});

test('on a phone the whole name shows, wrapped, and the actions menu opens below the title and the name @phone', async ({
  page,
}) => {
  await openDashboard(page);
  const field = await nameLong(page);
  // Nothing of the name is hidden: the field is as tall and as wide as its text.
  const hidden = await field.evaluate((el) => ({
    down: el.scrollHeight - el.clientHeight,
    across: el.scrollWidth - el.clientWidth,
  }));
  expect(hidden).toEqual({ down: 0, across: 0 });
  await expect(page.getByTestId('name-modified')).toBeInViewport();
  const covered = [await box(page.getByRole('heading', { level: 1 })), await box(field)];
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const saveForm = page.getByRole('form', { name: 'Save the current scenario in this browser' });
  await expect(saveForm).toBeVisible();
  for (const b of covered)
    expect(overlaps(await box(saveForm), b), 'the save panel leaves the title').toBe(false);
});
