/**
 * Issue 37: the ladder as the verdict. When committing in rungs is cheaper than the best single way
 * (the steady large lab reserves on the platform and bursts the rest), the first screen says the
 * plan under the headline, the recommendation names it and page 1 of the PDF carries it, each in the
 * words of the engine's plan for the scenario in the address; when it is not (the seed team), the
 * first screen keeps it behind Details. Hooks: `data-testid="ladder-verdict"` (first screen),
 * `"recommendation-ladder"`, each with a `-sentence` part.
 */
import { ladderPlan } from '../../src/engine/index.ts';
import { ladderChart } from '../../src/view-model/ladder-chart.ts';
import { ladderWins } from '../../src/view-model/ladder-text.ts';
import { exportFile, pageText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise, openDashboard } from './helpers';
import { addressScenario, addressScenarioOrDefault, expectedSentence } from './ladder-words';

const text = async (locator: import('@playwright/test').Locator) => normalise(await locator.textContent());

test('the ladder wins: its plan is the verdict on the first screen, in the recommendation and on page 1 of the PDF', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  await expect.poll(() => addressScenario(page).demand.weeklyGpus.length).toBeGreaterThan(1);
  const plan = ladderPlan(addressScenario(page));
  expect(ladderWins(plan)).toBe(true);
  const sentence = normalise(await expectedSentence(page, plan, 'en'));

  const verdict = page.getByTestId('ladder-verdict');
  await expect.poll(() => text(page.getByTestId('ladder-verdict-sentence'))).toBe(sentence);
  await expect(verdict).toHaveAttribute('data-wins', 'true');
  await expect(verdict).toContainText('Cheaper still: commit in rungs.');
  // On the first screen: under the headline, inside the window the dashboard opens on.
  await expect(verdict).toBeInViewport();
  const box = await verdict.boundingBox();
  const headline = await page.getByTestId('winner').boundingBox();
  expect(box && headline && box.y > headline.y).toBe(true);

  // The load-duration chart drawn small beside it: one band per tier the plan uses.
  await expect(page.getByTestId('ladder-verdict-chart').locator('path')).toHaveCount(
    ladderChart(plan).keys.length,
  );
  await expect(page.getByTestId('ladder-verdict-chart')).toBeInViewport();

  // "See the plan" brings the section's chart into view.
  await verdict.getByRole('button', { name: 'See the plan' }).click();
  await expect(page.locator('[data-chart="ladder"]')).toBeInViewport();

  // The recommendation names the same plan.
  await expect.poll(() => text(page.getByTestId('recommendation-ladder-sentence'))).toBe(sentence);

  // Page 1 of the PDF says it under the verdict.
  const { path } = await exportFile(page, 'pdf', 'en');
  const first = (await pageText(path, 1)).replace(/\s+/g, '');
  expect(first).toContain('Cheaperstill:commitinrungs.');
  expect(first).toContain(sentence.replace(/\s+/g, '').slice(0, 80));
});

test('the ladder does not win: the first screen keeps it behind Details, with the engine’s words', async ({
  page,
}) => {
  await openDashboard(page);
  const plan = ladderPlan(addressScenarioOrDefault(page));
  expect(ladderWins(plan)).toBe(false);
  // The details region holds it (hidden) once the plan is solved; the headline never does.
  const verdict = page.getByTestId('ladder-verdict');
  await expect(verdict).toHaveCount(1);
  await expect(verdict).toBeHidden();
  await page.getByRole('button', { name: 'Details', exact: true }).first().click();
  await expect(verdict).toBeVisible();
  await expect(verdict).toHaveAttribute('data-wins', 'false');
  await expect(verdict).toContainText('Committing in rungs saves nothing here.');
  await expect
    .poll(() => text(page.getByTestId('ladder-verdict-sentence')))
    .toBe(normalise(await expectedSentence(page, plan, 'en')));
  // The recommendation, drawn below the first screen, names no plan.
  await page.getByTestId('recommendation').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('recommendation')).toBeVisible();
  await expect(page.getByTestId('recommendation-ladder')).toHaveCount(0);
});

test('组合胜出：首屏在结论下写出引擎求得的组合 @zh', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: '预设场景' }).selectOption('largeLab');
  await expect.poll(() => addressScenario(page).demand.weeklyGpus.length).toBeGreaterThan(1);
  const plan = ladderPlan(addressScenario(page));
  expect(ladderWins(plan)).toBe(true);
  await expect
    .poll(() => text(page.getByTestId('ladder-verdict-sentence')))
    .toBe(normalise(await expectedSentence(page, plan, 'zh-CN')));
  await expect(page.getByTestId('ladder-verdict')).toContainText('分档承诺更省。');
  await expect(page.getByTestId('ladder-verdict')).toBeInViewport();
});
