/**
 * Issue 37: deadlines that respect spot's preemptions and the market. A training plan due in week 6
 * on a ladder of spot servers, 32 GPUs to be had on demand: the ladder section says, in the engine's
 * numbers, that the run misses its deadline and that spot's preemptions are counted; the PDF's page
 * says the same. Hook: `data-testid="ladder-deadlines"`.
 */

import { switchDemandMode } from '../../src/engine/demand-mode.ts';
import {
  defaultScenario,
  LADDER_TIER_IDS,
  ladderDeadlines,
  ladderPlan,
  newTrainingRun,
  type Scenario,
} from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { ladderDeadlineText } from '../../src/view-model/ladder-text.ts';
import { exportFile, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise, openDashboard } from './helpers';
import { addressScenario } from './ladder-words';
import { nodeT } from './node-i18n';

function plannedOnSpot(): Scenario {
  const run = {
    ...newTrainingRun(defaultScenario),
    name: 'Pre-train',
    sizeBy: 'gpuHours' as const,
    gpuHours: 64 * 168 * 4,
    modelId: 'h800',
    gpus: 64,
    startWeek: 1,
    deadlineWeek: 6,
  };
  const s: Scenario = {
    ...defaultScenario,
    trainingPlan: { runs: [run], recurringGpuHoursPerMonth: 0, onDemandGpus: 32 },
    ladder: {
      ...defaultScenario.ladder,
      spotPreemptionsPerServerMonth: 20,
      tiers: Object.fromEntries(
        LADDER_TIER_IDS.map((id) => [id, id === 'spot']),
      ) as Scenario['ladder']['tiers'],
    },
  };
  return switchDemandMode(s, 'plan');
}

test('a plan on spot servers within a 32-GPU market: the ladder says the run is late by the engine’s weeks, preemptions counted, and the PDF says it too', async ({
  page,
}) => {
  await openDashboard(page, `./#${encodeScenarioHash(plannedOnSpot())}`);
  const scenario = addressScenario(page);
  const d = ladderDeadlines(scenario, ladderPlan(scenario));
  // 32 of 64 GPUs, stretched by preemptions: past week 8, so late against week 6.
  expect(d.allOnTime).toBe(false);
  expect(d.worstSlipWeeks ?? 0).toBeGreaterThan(2);
  const count = (n: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(n);
  const expected = ladderDeadlineText(d, nodeT('en'), { money: String, count, percent: String });
  await page.getByRole('heading', { name: 'Every way to commit', exact: true }).scrollIntoViewIfNeeded();
  const line = page.getByTestId('ladder-deadlines');
  await expect.poll(async () => normalise(await line.textContent())).toBe(normalise(expected));
  await expect(line).toHaveAttribute('data-on-time', 'false');
  await expect(line).toContainText('Spot');

  const { path } = await exportFile(page, 'pdf', 'en');
  const { text } = await pdfText(path);
  expect(normalise(text).replace(/\s+/g, '')).toContain(normalise(expected).replace(/\s+/g, '').slice(0, 70));
});
