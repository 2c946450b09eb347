/**
 * Issue 44, "a cluster sized to the demand it serves", in a real browser: a weekly CSV imported and a
 * training plan entered size self-build by the engine's rule; a size the user keeps or types stays, the
 * first screen says so beside the rule's (`cluster-size-note`, its "Use N GPUs" button), and whenever
 * the load rate the page shows is above 100 % the verdict sentence says so (`over-capacity`, inside the
 * headline beside `winner`). Sizes from the engine fed the same inputs.
 */
import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  defaultScenario,
  evaluate,
  newTrainingRun,
  switchDemandForm,
  withCapacityByHand,
  withRuleSize,
  withWeeklyCurve,
} from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard } from './helpers';

/** The load rate the page shows, read from the load-rate slider's spoken value ("587.5% — …"). */
async function shownLoad(page: Page): Promise<{ percent: number; label: string }> {
  const text = normalise(
    await page
      .getByRole('slider', { name: /^Load rate/ })
      .first()
      .getAttribute('aria-valuetext'),
  );
  const match = /([\d.]+)%/.exec(text);
  if (!match?.[1]) throw new Error(`no percent in the load rate's value: ${text}`);
  return { percent: Number(match[1]), label: match[0] };
}

/** Whatever the load rate shown, the verdict never compares against an overloaded cluster unsaid. */
async function expectHonestVerdict(page: Page): Promise<number> {
  const load = await shownLoad(page);
  const headline = page.getByTestId('winner').locator('xpath=..');
  if (load.percent > 100) {
    await expect(headline.getByTestId('over-capacity')).toContainText(
      `at a load of ${load.label}: it cannot do the work`,
    );
  } else {
    await expect(page.getByTestId('over-capacity')).toHaveCount(0);
  }
  return load.percent;
}

async function showTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

const curve = Array.from({ length: 30 }, (_, i) => 40 + ((i * 7) % 21));

function writeCurve(): string {
  const file = test.info().outputPath('usage.csv');
  writeFileSync(file, `周,GPU数\n${curve.map((g, i) => `${i + 1},${g}`).join('\n')}\n`);
  return file;
}

async function importCurve(page: Page, sizeToPeak: boolean) {
  await openDashboard(page);
  await showTab(page, 'Scenarios');
  await page.getByLabel('Import CSV').setInputFiles(writeCurve());
  const box = page.getByRole('checkbox', { name: /Size self-build capacity to the peak/ });
  // The example's cluster was never the user's: the box starts ticked.
  await expect(box).toBeChecked();
  if (!sizeToPeak) await box.uncheck();
  await page.getByRole('button', { name: 'Apply' }).click();
  await showTab(page, 'Dashboard');
}

const sized = withWeeklyCurve(defaultScenario, curve, true);
const ruleGpus = sized.selfBuild.capacityGpus;

test('a weekly CSV imported as it comes sizes self-build to its peak: load at most 100 %, no note', async ({
  page,
}) => {
  expect(ruleGpus, 'the engine sizes the 60-GPU peak beyond the example’s 8').toBeGreaterThan(100);
  await importCurve(page, true);
  const load = await expectHonestVerdict(page);
  expect(load).toBe(Math.round(evaluate(sized).loadRate * 1000) / 10);
  expect(load).toBeLessThanOrEqual(100);
  await expect(page.getByTestId('cluster-size-note')).toHaveCount(0);
});

test('a weekly CSV imported keeping 8 GPUs: the verdict says 8 GPUs cannot do the work, and “Use N GPUs” sizes it', async ({
  page,
  saveScreenshot,
}) => {
  await importCurve(page, false);
  const kept = withCapacityByHand(withWeeklyCurve(defaultScenario, curve, false), 8);
  const load = await expectHonestVerdict(page);
  expect(load).toBe(Math.round(evaluate(kept).loadRate * 1000) / 10);
  expect(load).toBeGreaterThan(100);
  await expect(page.getByTestId('over-capacity')).toContainText('Self-build here is 8 GPUs');
  await expect(page.getByTestId('cluster-size-note')).toContainText(
    `Self-build is your 8 GPUs; sized to the demand’s peak it would be ${ruleGpus} GPUs.`,
  );
  await saveScreenshot(page, 'cluster-size-csv-kept.png');

  await page.getByRole('button', { name: `Use ${ruleGpus} GPUs` }).click();
  await expect(page.getByTestId('cluster-size-note')).toHaveCount(0);
  expect(await expectHonestVerdict(page)).toBe(Math.round(evaluate(withRuleSize(kept)).loadRate * 1000) / 10);
});

/** A 70B model on 2T tokens on 512 GPUs, as the plan's one run. */
async function enterPlan(page: Page) {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Demand input' }).selectOption({ label: 'Training plan' });
  await expectHonestVerdict(page);
  await page.getByRole('button', { name: 'Add run' }).click();
  const run = page.getByTestId('plan-run-0');
  await run.getByRole('textbox', { name: /^Parameters/ }).fill('70');
  await run.getByRole('textbox', { name: /^Tokens/ }).fill('2');
  await run.getByRole('textbox', { name: 'GPUs to use', exact: true }).fill('512');
}

const planRun = {
  ...newTrainingRun(defaultScenario),
  paramsBillions: 70,
  tokensTrillions: 2,
  gpus: 512,
};
const plan = switchDemandForm(
  { ...defaultScenario, trainingPlan: { ...defaultScenario.trainingPlan, runs: [planRun] } },
  'plan',
);

test('a training plan: entering it sizes self-build to its peak; a size typed by hand stays through plan edits, and the verdict says when it is overloaded', async ({
  page,
  saveScreenshot,
}) => {
  await enterPlan(page);
  const planLoad = await expectHonestVerdict(page);
  expect(planLoad).toBe(Math.round(evaluate(plan).loadRate * 1000) / 10);
  await expect(page.getByTestId('cluster-size-note')).toHaveCount(0);

  // The user types a cluster of one server: theirs, so an edit of the plan keeps it.
  const group = page.locator('details.panel').filter({
    has: page.locator('summary').getByRole('heading', { name: 'Self-build', exact: true }),
  });
  if (!(await group.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator('summary').click();
  await expect(group).toHaveJSProperty('open', true);
  const capacity = page.getByRole('textbox', { name: 'Cluster capacity', exact: true });
  await capacity.fill('8');
  await capacity.blur();
  await page
    .getByTestId('plan-run-0')
    .getByRole('textbox', { name: /^Deadline/ })
    .fill('40');
  await expect(page.getByTestId('cluster-size-note')).toContainText(
    `Self-build is your 8 GPUs; sized to the demand’s peak it would be ${plan.selfBuild.capacityGpus.toLocaleString('en')} GPUs.`,
  );
  const hand = withCapacityByHand(
    { ...plan, trainingPlan: { ...plan.trainingPlan, runs: [{ ...planRun, deadlineWeek: 40 }] } },
    8,
  );
  const handLoad = await expectHonestVerdict(page);
  expect(handLoad).toBe(Math.round(evaluate(hand).loadRate * 1000) / 10);
  await saveScreenshot(page, 'cluster-size-plan-hand.png');
});
