import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate } from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { TrainingPlanSection } from '../../../src/features/training-plan';
import { useAppStore } from '../../../src/state/store-context';
import { renderWithStore } from '../../render-with-store';

function Section() {
  const scenario = useAppStore((s) => s.scenario);
  return <TrainingPlanSection scenario={scenario} evaluation={evaluate(scenario)} />;
}

const planMode = switchDemandMode(defaultScenario, 'plan');

describe('the plan form and the weekly maximum', () => {
  it('refuses recurring work that would fill a week past 1,000,000 GPUs beside the field, then takes a value within it', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: planMode });
    const recurring = screen.getByRole('textbox', { name: /^Recurring work/ });
    await user.clear(recurring);
    await user.type(recurring, '1000000000');
    expect(recurring).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Week 1 of the plan would need more than 1,000,000 GPUs, the most one week can hold',
    );
    expect(store.getState().scenario.trainingPlan.recurringGpuHoursPerMonth).toBe(100_000_000);
    await user.clear(recurring);
    await user.type(recurring, '5000');
    expect(recurring).toHaveAttribute('aria-invalid', 'false');
    expect(store.getState().scenario.trainingPlan.recurringGpuHoursPerMonth).toBe(5000);
  });
});
