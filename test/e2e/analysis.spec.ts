/**
 * The uncertainty and sensitivity section in a real browser: the analysis worker runs (module worker
 * under the app's CSP), reports progress and its results match the engine run in Node.
 *
 * Hooks: data-testid="mc-progress" (role progressbar, aria-valuenow 0–100), "p-cheapest-<id>" with
 * data-percent (the whole percent shown, largest-remainder rounded so they sum to 100),
 * "tornado-row" rows with data-path, in the order shown.
 */
import type { Page } from '@playwright/test';
import { defaultScenario, STRATEGY_IDS, tornado } from '../../src/engine/index.ts';
import { monteCarlo } from '../../src/engine/uncertainty.ts';
import { expect, test } from './fixtures';
import { renderDeferred } from './helpers';

/** The same largest-remainder rounding the panel uses (src/features/analysis/analysis-data.ts). */
function roundedPercents(shares: readonly (number | null)[]): (number | null)[] {
  const out = shares.map((s) => (s === null ? null : Math.floor(s * 100)));
  const present = shares.flatMap((s, i) => (s === null ? [] : [{ i, s }]));
  const total = present.reduce((sum, x) => sum + x.s, 0);
  if (present.length === 0 || total <= 0) return out;
  const target = Math.round(total * 100);
  let assigned = present.reduce((sum, x) => sum + Math.floor(x.s * 100), 0);
  const rem = (x: { s: number }) => x.s * 100 - Math.floor(x.s * 100);
  for (const x of [...present].sort((a, b) => rem(b) - rem(a) || a.i - b.i)) {
    if (assigned >= target) break;
    out[x.i] = (out[x.i] ?? 0) + 1;
    assigned++;
  }
  return out;
}

async function openAnalysis(page: Page) {
  await page.goto('./');
  // The analysis section and the charts load when scrolled near: bring them all in.
  await renderDeferred(page);
  const section = page.getByTestId('analysis-section');
  await section.scrollIntoViewIfNeeded();
  return section;
}

async function waitForMonteCarloDone(page: Page) {
  const bar = page.getByRole('progressbar', { name: /monte carlo/i });
  await expect(async () => {
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('p-cheapest').count()).toBe(1);
  }).toPass();
}

test('analysis: Monte Carlo reaches 100 % in the worker and P(cheapest) matches the engine', async ({
  page,
  saveScreenshot,
}) => {
  await openAnalysis(page);
  await waitForMonteCarloDone(page);
  const expected = monteCarlo(defaultScenario);
  const expectedPercents = roundedPercents(STRATEGY_IDS.map((id) => expected.strategies[id].pCheapest));
  const shown: (number | null)[] = [];
  for (const id of STRATEGY_IDS) {
    const raw = await page.getByTestId(`p-cheapest-${id}`).getAttribute('data-percent');
    shown.push(raw === '' ? null : Number(raw));
  }
  expect(shown).toEqual(expectedPercents);
  const total = shown.reduce<number>((s, v) => s + (v ?? 0), 0);
  expect(total, `P(cheapest) shown sums to ${total}%`).toBe(100);
  // The visible text carries the same numbers.
  const platformText = await page.getByTestId('p-cheapest-platform').textContent();
  expect(platformText ?? '').toMatch(new RegExp(`${expectedPercents[2]}%`));
  await saveScreenshot(page, 'analysis-monte-carlo');
});

test('analysis: the tornado first row names the input the engine ranks first', async ({ page }) => {
  await openAnalysis(page);
  const first = page.getByTestId('tornado-row').first();
  await first.waitFor();
  const expected = tornado(defaultScenario).rows[0];
  expect(expected, 'the engine ranks at least one input').toBeDefined();
  expect(await first.getAttribute('data-path')).toBe(expected?.path);
  // "Server price" leads on the seed example; the row names it and states its break-even.
  expect((await first.textContent()) ?? '').toMatch(/Server price/);
  expect((await first.textContent()) ?? '').toMatch(
    /At today's load, self-build wins if the server price is below/,
  );
});

test('analysis: the crossover chart shades the Monte Carlo break-even band and the worker is its own chunk', async ({
  page,
  axe,
}) => {
  const scripts: string[] = [];
  page.on('worker', (w) => scripts.push(w.url()));
  await openAnalysis(page);
  await waitForMonteCarloDone(page);
  const band = page.locator('[data-chart="crossover"] .crossover-band');
  await band.first().waitFor();
  expect((await page.locator('[data-chart="crossover"]').textContent()) ?? '').toMatch(
    /P10–P90 of the load where self-build meets (renting whole servers|the pooled platform)/,
  );
  expect(
    scripts.some((u) => /analysis\.worker-[\w-]+\.js$/.test(u)),
    `worker scripts: ${scripts.join(', ')}`,
  ).toBe(true);
  await axe(page, { include: '[data-testid="analysis-section"]' });
});
