import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate, newTrainingRun, runGpuHours } from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { TrainingPlanSection } from '../../../src/features/training-plan';
import { formatNumber } from '../../../src/lib/format';
import { useAppStore } from '../../../src/state/store-context';
import { renderWithStore } from '../../render-with-store';

function Section() {
  const scenario = useAppStore((s) => s.scenario);
  return <TrainingPlanSection scenario={scenario} evaluation={evaluate(scenario)} />;
}

describe('the plan total', () => {
  it('shows the runs and the recurring work over the plan’s weeks, and their sum', () => {
    const plan = switchDemandMode(defaultScenario, 'plan');
    const run = newTrainingRun(plan);
    const scenario = {
      ...plan,
      trainingPlan: { ...plan.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 14_600 },
    };
    renderWithStore(<Section />, { scenario });
    const total = screen.getByTestId('plan-gpu-hours');
    const runs = runGpuHours(run);
    const recurringWeeks = Number(total.getAttribute('data-weeks'));
    expect(recurringWeeks).toBeGreaterThanOrEqual(26);
    // 14,600 GPU-hours a month = 20 GPUs busy, 168 h a week.
    const recurring = 20 * 168 * recurringWeeks;
    expect(total).toHaveTextContent(
      `Plan total: ${formatNumber(runs + recurring, 'en')} GPU-hours — runs ${formatNumber(runs, 'en')} + recurring work ${formatNumber(recurring, 'en')} over the plan’s ${recurringWeeks} weeks`,
    );
  });
});
