/**
 * Model v4, demand over the horizon, in a real browser: the training plan — a 70B model on
 * 2T tokens on H800 from week 10, done by week 30, plus 20,000 GPU-hours a month of fine-tunes —
 * typed into the plan form, and the platform's horizon cost read off its card
 * (`kpi-horizon-platform`). The expected figure is summed here from the plan's own numbers: the run's
 * GPU-hours once (6·N·D ÷ (989 TFLOPS × 35 % MFU, the mid-size default, × 3,600 s) × 1.1, the
 * reported-hours overhead) plus the recurring GPU-hours in every
 * one of the 36 months, each useful GPU-hour at the platform's price, premium, pooled efficiency and
 * the seed example's calibrated setup and failure amounts (its price path is flat).
 */
import { defaultScenario } from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard } from './helpers';

test('a 70B × 2T plan from week 10 to week 30 with recurring work is priced once: the platform’s horizon cost is the plan’s GPU-hours at its price, within 1 %', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Demand input' }).selectOption({ label: 'Training plan' });
  await page.getByRole('button', { name: 'Add run' }).click();
  const run = page.getByTestId('plan-run-0');
  await run.getByRole('textbox', { name: /^Parameters/ }).fill('70');
  await run.getByRole('textbox', { name: /^Tokens/ }).fill('2');
  await run.getByRole('textbox', { name: 'Start week', exact: true }).fill('10');
  await run.getByRole('textbox', { name: /^Deadline/ }).fill('30');
  await run.getByRole('textbox', { name: 'GPUs to use', exact: true }).fill('');
  await page.getByRole('textbox', { name: /^Recurring work/ }).fill('20000');

  // 6 · 70e9 · 2e12 FLOPs ÷ (989e12 FLOP/s × 0.35 × 3,600 s) × 1.1 = 741,490 H800 GPU-hours.
  const runGpuHours = ((6 * 70e9 * 2e12) / (989e12 * 0.35 * 3600)) * 1.1;
  await expect(page.getByTestId('plan-run-gpu-hours-0')).toContainText('741,490');
  const usefulGpuHours = runGpuHours + 36 * 20_000;

  const s = defaultScenario;
  expect(s.finance.gpuTimePriceDeclineFractionPerYear).toBe(0);
  const o = s.operations;
  const c = s.calibration;
  // A job: 24 h on 8 GPUs at the rental's 50 % = 96 useful GPU-hours.
  const jobsPerUseful = 1 / (s.demand.hoursPerJob * s.demand.gpusPerJob * s.rent.utilization);
  const perUseful =
    (s.platform.priceCnyPerGpuHour * (1 + s.platform.premiumFraction)) / s.platform.utilization +
    jobsPerUseful * (c.platformSetupCnyPerJob ?? 0) +
    (o.hwInterruptionsPerGpuHour / s.platform.utilization + o.swFailureProbabilityPerJob * jobsPerUseful) *
      (c.platformCostPerFailureCny ?? 0) +
    (o.platformOpsFraction / s.platform.utilization / o.gpusPerEngineer) * (o.engineerCnyPerYear / 12 / 730);
  const expected = usefulGpuHours * perUseful;

  const card = page.getByTestId('kpi-horizon-platform');
  await expect(card).not.toHaveText(/^$/);
  await expect
    .poll(async () => {
      const shown = Number(normalise(await card.textContent()).replace(/[^0-9.]/g, ''));
      return Math.abs(shown - expected) / expected;
    })
    .toBeLessThan(0.01);
  // The plan's 30 weeks repeated for 36 months would cost about five times that.
  expect(expected).toBeLessThan(30e6);
});
