/**
 * Issue 37, "one plan, not two": when committing in rungs wins, the dashboard budgets that plan. The
 * ladder's section and the sizing card show the same plan by quarter (the engine's ladderBudget of
 * the scenario in the address), the buy-N plan stays one click away as the alternative, and the
 * PDF's sizing page carries the same plan. Hooks: `data-testid="ladder-budget"`,
 * `"budget-plan-ladder"`, `"budget-plan-alternative"`.
 */
import { ladderBudget, ladderPlan } from '../../src/engine/index.ts';
import { ladderWins } from '../../src/view-model/ladder-text.ts';
import { exportFile, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise, openDashboard, renderDeferred } from './helpers';
import { addressScenario } from './ladder-words';

test('the steady lab: the ladder’s plan by quarter is the budget in its section, in the sizing card and in the PDF', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  await expect.poll(() => addressScenario(page).demand.weeklyGpus.length).toBeGreaterThan(1);
  const s = addressScenario(page);
  const plan = ladderPlan(s);
  expect(ladderWins(plan)).toBe(true);
  const budget = ladderBudget(s, plan);
  const q1 = normalise(
    await formatMoneyInPage(page, budget.quarters[0]?.totalCny ?? Number.NaN, 'en', 'CNY'),
  );
  const horizon = normalise(await formatMoneyInPage(page, budget.total.totalCny, 'en', 'CNY'));
  await renderDeferred(page);

  // The ladder's section: under its schedule (its details open when the plan wins).
  const section = page.getByTestId('ladder-budget-table');
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('tbody tr')).toHaveCount(budget.quarters.length);
  await expect
    .poll(async () => normalise(await section.locator('tr[data-quarter="1"] td').last().textContent()))
    .toBe(q1);
  await expect
    .poll(async () => normalise(await section.locator('tr[data-quarter="sum"] td').last().textContent()))
    .toBe(horizon);

  // The sizing card: the same plan, and buy-N behind it as the alternative.
  const card = page.getByTestId('sizing-panel');
  await card.scrollIntoViewIfNeeded();
  const ofRecord = page.getByTestId('budget-plan-ladder-quarters-table');
  await expect(ofRecord).toBeVisible();
  await expect(page.getByTestId('budget-plan-ladder')).toContainText(
    'Budget plan: the plan with every way to commit',
  );
  expect(normalise(await ofRecord.locator('tr[data-quarter="sum"] td').last().textContent())).toBe(horizon);
  const alternative = page.getByTestId('budget-plan-alternative');
  await expect(alternative).not.toHaveAttribute('open');
  await alternative.locator('summary').click();
  await expect(alternative.getByTestId('budget-plan-table')).toBeVisible();

  // The PDF's sizing page budgets the same plan, buy-N after it as the alternative.
  const { path } = await exportFile(page, 'pdf', 'en');
  const { text } = await pdfText(path);
  const flat = text.replace(/\s+/g, '');
  expect(flat).toContain('Budgetplan:theplanwitheverywaytocommit');
  expect(flat).toContain(horizon.replace(/\s+/g, ''));
  const alternativeAt = flat.search(/Instead:buy/);
  expect(alternativeAt).toBeGreaterThan(flat.indexOf('Budgetplan:theplanwitheverywaytocommit'));
});
