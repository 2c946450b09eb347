/**
 * The first screen's right size links to the sizing curve: "See the sizing curve" / "查看规模曲线"
 * brings the sizing card (Uncertainty section, drawn on demand) into view and leaves the address — the
 * scenario in `#s=…` — as it was. Hooks: data-testid="right-size-gpus", "see-sizing-curve",
 * "sizing-panel" (id="sizing"), "sizing-optimum-gpus"; the button "Details" / "详情".
 */
import type { Page } from '@playwright/test';
import { withInput } from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset } from './helpers';

/** The steady lab with a larger own cluster, opened from its link (so the address holds a scenario). */
async function openFromLink(page: Page): Promise<string> {
  const scenario = withInput(preset('steadyLab'), 'selfBuild.capacityGpus', 128);
  const hash = `#${encodeScenarioHash(scenario)}`;
  await openDashboard(page, `./${hash}`);
  return new URL(page.url()).hash;
}

/** Opens the details when the right size is one of them (hidden until then). */
async function showRightSize(page: Page, details: string): Promise<void> {
  const figure = page.getByTestId('right-size-gpus').first();
  if (!(await figure.isVisible())) await page.getByRole('button', { name: details }).click();
  await expect(figure).toBeVisible();
}

test('"See the sizing curve" brings the sizing card into view and keeps the scenario in the address', async ({
  page,
}) => {
  const before = await openFromLink(page);
  expect(before).toMatch(/^#s=[12]\./);
  await showRightSize(page, 'Details');
  const rightSize = await page.getByTestId('right-size-gpus').first().getAttribute('data-gpus');
  await page.getByRole('button', { name: 'See the sizing curve' }).click();
  const card = page.getByTestId('sizing-panel');
  // Its section's code loads and its curve is priced first: on a loaded machine that once took over
  // 15 s (the jump waits up to 20 s for it).
  await expect(card).toBeInViewport({ timeout: 30_000 });
  // The card's top is near the top of the window (under the sticky section bar), not merely peeking in.
  const top = await card.evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeLessThan(page.viewportSize()!.height / 2);
  // The same engine figure on both: the curve's cheapest size is the first screen's right size.
  await expect(page.getByTestId('sizing-optimum-gpus')).toHaveAttribute('data-gpus', rightSize ?? '');
  expect(new URL(page.url()).hash).toBe(before);
});

test('“查看规模曲线”滚动到规模曲线卡片，地址中的方案不变 @zh', { tag: '@zh' }, async ({ page }) => {
  const before = await openFromLink(page);
  await showRightSize(page, '详情');
  await page.getByRole('button', { name: '查看规模曲线' }).click();
  await expect(page.getByTestId('sizing-panel')).toBeInViewport({ timeout: 30_000 });
  expect(new URL(page.url()).hash).toBe(before);
});

test('on a phone the link reaches the sizing card too @phone', { tag: '@phone' }, async ({ page }) => {
  const before = await openFromLink(page);
  await showRightSize(page, 'Details');
  await page.getByRole('button', { name: 'See the sizing curve' }).click();
  await expect(page.getByTestId('sizing-panel')).toBeInViewport({ timeout: 30_000 });
  expect(new URL(page.url()).hash).toBe(before);
});
