/**
 * Issue 44, item 4 (no input dropped): the prerendered answer shows well before the app takes the page
 * over, and a preset chosen in between was silently dropped. Here the app's script is held back (its
 * request waits until the test lets it through), so the choice is made on the prerendered page,
 * before hydration, however fast or slow the machine: once the app answers, the chosen preset is the
 * scenario and its numbers are the engine's.
 *
 * Hooks used: <meta name="gpu-tco:app"> (the app's script, scripts/prerender-plugin.ts),
 * [data-prerender-locale] (gone once the app has taken the page over), <html data-early-input>,
 * the header's "Preset" menu, data-testid="kpi-monthly-<id>".
 */
import { readFileSync } from 'node:fs';
import { evaluate, STRATEGY_IDS } from '../../src/engine/index.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { expect, test } from './fixtures';
import { normalise, preset } from './helpers';

/** The app's module script as the built page names it (fetched by public/first-paint.js). */
function appEntry(): string {
  const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
  const entry = /<meta name="gpu-tco:app" content="\.?\/?([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/index.html names no app script');
  return entry;
}

function monthlyTexts(id: string): Record<string, string> {
  const evaluation = evaluate(preset(id));
  const money = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
  return Object.fromEntries(
    STRATEGY_IDS.map((s) => [s, normalise(formatMoney(evaluation.strategies[s].monthlyCny, money))]),
  );
}

test('a preset chosen on the prerendered page before the app takes it over is applied once the app answers', async ({
  page,
}) => {
  const chosen = 'steadyLab';
  expect(monthlyTexts(chosen), 'the chosen preset shows other numbers than the default').not.toEqual(
    monthlyTexts('seedTeam'),
  );

  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(`**/${appEntry()}`, async (route) => {
    held = true;
    await released;
    await route.continue();
  });

  // 'commit': the page's load may wait for the held script.
  await page.goto('./', { waitUntil: 'commit' });
  const prerendered = page.locator('[data-prerender-locale="en"]');
  const menu = prerendered.getByRole('combobox', { name: 'Preset' });
  await expect(menu).toBeVisible();
  await menu.selectOption(chosen);

  // Still the prerendered page: the app's script has not been let through.
  await expect(prerendered).toHaveCount(1);
  await expect(page.locator('html'), 'the page shows it is busy with the choice').toHaveAttribute(
    'data-early-input',
    'pending',
  );
  await expect.poll(() => held, { message: 'the app’s script was asked for and held' }).toBe(true);
  release();

  await expect(page.locator('[data-prerender-locale]')).toHaveCount(0);
  const expected = monthlyTexts(chosen);
  for (const id of STRATEGY_IDS) {
    await expect
      .poll(async () => normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent()))
      .toBe(expected[id]);
  }
  await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveValue(chosen);
  await expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/);
});
