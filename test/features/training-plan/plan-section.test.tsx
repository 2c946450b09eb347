import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate, runGpuHours, switchDemandMode } from '../../../src/engine';
import { TrainingPlanSection } from '../../../src/features/training-plan';
import { useAppStore } from '../../../src/state/store-context';
import { renderWithStore } from '../../render-with-store';

/** The section as the dashboard mounts it: the store's scenario and its evaluation. */
function Section() {
  const scenario = useAppStore((s) => s.scenario);
  return <TrainingPlanSection scenario={scenario} evaluation={evaluate(scenario)} />;
}

const planMode = switchDemandMode(defaultScenario, 'plan');

describe('the training plan section', () => {
  it('is not shown unless the plan is the demand form', () => {
    renderWithStore(<Section />);
    expect(screen.queryByRole('button', { name: 'Add run' })).toBeNull();
  });

  it('"Add run" adds a run through the door; its GPU-hours and the total are the engine’s', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: planMode });
    await user.click(screen.getByRole('button', { name: 'Add run' }));
    const run = store.getState().scenario.trainingPlan.runs[0];
    expect(run).toBeDefined();
    expect(screen.getByTestId('plan-gpu-hours')).toHaveAttribute('data-gpu-hours', String(runGpuHours(run!)));
    expect(store.getState().scenario.demand.weeklyGpus.length).toBeGreaterThanOrEqual(26);
    expect(screen.getByTestId('on-time-cheapest')).toHaveTextContent(
      'Cheapest way that meets every deadline',
    );
  });

  it('a bad value is refused beside its field, the last good plan kept', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: planMode });
    await user.click(screen.getByRole('button', { name: 'Add run' }));
    const tokens = within(screen.getByTestId('plan-run-0')).getByRole('textbox', {
      name: 'Tokens (trillions)',
    });
    await user.clear(tokens);
    await user.type(tokens, '0');
    expect(tokens).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be more than 0');
    expect(store.getState().scenario.trainingPlan.runs[0]?.tokensTrillions).toBe(1);
  });
});
