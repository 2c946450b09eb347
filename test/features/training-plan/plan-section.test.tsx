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

  it('"Mixture of experts" sets the run’s MFU default to 30 % with its sources, through the door', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: planMode });
    await user.click(screen.getByRole('button', { name: 'Add run' }));
    const run = screen.getByTestId('plan-run-0');
    // The new run is on the seed's H800: Meta's 40 %.
    expect(screen.getByTestId('plan-mfu-source-0')).toHaveTextContent('Blank: the default 40 % — Meta');
    const dense = store.getState().scenario.trainingPlan.runs[0];
    await user.click(
      within(run).getByRole('checkbox', { name: 'Mixture of experts (size in active parameters)' }),
    );
    const moe = store.getState().scenario.trainingPlan.runs[0];
    expect(moe?.mixtureOfExperts).toBe(true);
    expect(screen.getByTestId('plan-mfu-source-0')).toHaveTextContent(
      'Blank: the mixture-of-experts default 30 % — Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026',
    );
    expect(runGpuHours(moe!) / runGpuHours(dense!)).toBeCloseTo(0.4 / 0.3, 12);
    expect(screen.getByTestId('plan-run-gpu-hours-0')).toHaveAttribute(
      'data-gpu-hours',
      String(runGpuHours(moe!)),
    );
  });
});
