import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate, runGpuHours, runGpus } from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { TrainingPlanSection } from '../../../src/features/training-plan';
import { formatNumber } from '../../../src/lib/format';
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

  it('the MFU default follows the run’s size and "Mixture of experts", each with its sources, through the door', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: planMode });
    await user.click(screen.getByRole('button', { name: 'Add run' }));
    const run = screen.getByTestId('plan-run-0');
    // The new run is a 7B on the seed's H800: the small-model 30 %.
    expect(screen.getByTestId('plan-mfu-source-0')).toHaveTextContent(
      'Blank: the default 30 % for a dense model of under 20 B parameters on this GPU — Ai2, "Olmo 3", Nov 2025',
    );
    const params = within(run).getByRole('textbox', { name: /^Parameters/ });
    await user.clear(params);
    await user.type(params, '70');
    const dense = store.getState().scenario.trainingPlan.runs[0];
    expect(dense?.paramsBillions).toBe(70);
    expect(screen.getByTestId('plan-mfu-source-0')).toHaveTextContent(
      'Blank: the default 35 % for a dense model of 20–150 B parameters on this GPU — Ai2, "Olmo 3", Nov 2025 (32B',
    );
    await user.click(
      within(run).getByRole('checkbox', { name: 'Mixture of experts (size in active parameters)' }),
    );
    const moe = store.getState().scenario.trainingPlan.runs[0];
    expect(moe?.mixtureOfExperts).toBe(true);
    expect(screen.getByTestId('plan-mfu-source-0')).toHaveTextContent(
      'Blank: the mixture-of-experts default 30 % — Huawei, "Pangu Ultra MoE", May 2025; NVIDIA, NeMo performance summary, Feb 2026',
    );
    expect(runGpuHours(moe!) / runGpuHours(dense!)).toBeCloseTo(0.35 / 0.3, 12);
    expect(screen.getByTestId('plan-run-gpu-hours-0')).toHaveAttribute(
      'data-gpu-hours',
      String(runGpuHours(moe!)),
    );
  });

  it('shows the reported-hours overhead beside the MFU with its sources, and the run’s GPU-hours include it, in both languages', async () => {
    for (const [locale, label, factor, words, source] of [
      [
        'en',
        'Reported-hours overhead',
        '×1.1',
        'interruptions are not in it, the failure cost holds them',
        'Meta, Llama 3.1 model card and "The Llama 3 Herd of Models", Jul 2024',
      ],
      [
        'zh-CN',
        '报告卡时系数',
        '×1.1',
        '不含故障中断，中断由故障成本计入',
        'Meta，Llama 3.1 模型卡及“The Llama 3 Herd of Models”，2024 年 7 月',
      ],
    ] as const) {
      const { user, store } = renderWithStore(<Section />, { scenario: planMode, locale });
      await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Add run' : '添加训练任务' }));
      // The run's own factor is a field (blank: the default); the factor in use is shown beside it.
      expect(within(screen.getByTestId('plan-run-0')).getByRole('textbox', { name: label })).toHaveValue('');
      expect(screen.getByTestId('plan-overhead-factor-0')).toHaveTextContent(factor);
      const hint = screen.getByTestId('plan-overhead-source-0');
      expect(hint).toHaveTextContent(words);
      expect(hint).toHaveTextContent(source);
      expect(hint).toHaveTextContent(/BLOOM/);
      // 7B × 1T on H800: 6 × 7e9 × 1e12 ÷ (989e12 × 0.30) ÷ 3600 × 1.1 GPU-hours.
      const run = store.getState().scenario.trainingPlan.runs[0]!;
      const expected = ((6 * 7e9 * 1e12) / (989e12 * 0.3) / 3600) * 1.1;
      expect(runGpuHours(run) / expected).toBeCloseTo(1, 12);
      expect(
        Number(screen.getByTestId('plan-run-gpu-hours-0').getAttribute('data-gpu-hours')) / expected,
      ).toBeCloseTo(1, 12);
      cleanup();
    }
  });

  describe('a blank “GPUs to use” and a deadline agree with the plan in either order of entry', () => {
    /** The run's fields, the plan's run and what the page says of it, after typing in `order`. */
    async function enter(order: 'blank first' | 'deadline first') {
      const { user, store } = renderWithStore(<Section />, { scenario: planMode });
      await user.click(screen.getByRole('button', { name: 'Add run' }));
      const run = screen.getByTestId('plan-run-0');
      const gpus = within(run).getByRole('textbox', { name: 'GPUs to use' });
      const deadline = within(run).getByRole('textbox', { name: /^Deadline/ });
      if (order === 'blank first') {
        await user.clear(gpus);
        // Blank without a deadline: refused beside the field, not silently kept.
        expect(gpus).toHaveAttribute('aria-invalid', 'true');
        expect(within(run).getByRole('alert')).toHaveTextContent('GPUs to use or a deadline');
        await user.type(deadline, '20');
      } else {
        await user.type(deadline, '20');
        await user.clear(gpus);
      }
      return { store, run, gpus };
    }

    for (const order of ['blank first', 'deadline first'] as const) {
      it(`${order}: the plan's run has no GPU count (as few as meet week 20), the field is blank and valid, no message`, async () => {
        const { store, run, gpus } = await enter(order);
        const planned = store.getState().scenario.trainingPlan.runs[0];
        expect(planned?.gpus).toBeNull();
        expect(planned?.deadlineWeek).toBe(20);
        expect(gpus).toHaveValue('');
        expect(gpus).toHaveAttribute('aria-invalid', 'false');
        expect(within(run).queryByRole('alert')).toBeNull();
        // The run's line states the engine's count for the deadline, not the 64 the run started with.
        const count = runGpus(planned!);
        expect(count).not.toBe(64);
        expect(screen.getByTestId('plan-run-gpu-hours-0')).toHaveTextContent(
          `${formatNumber(count, 'en')} GPUs`,
        );
      });
    }

    it('both orders end in the same plan and the same finish weeks', async () => {
      const first = await enter('blank first');
      const a = first.store.getState().scenario.trainingPlan;
      const aWeeks = screen.getByTestId('finish-week-platform').textContent;
      cleanup();
      const second = await enter('deadline first');
      expect(second.store.getState().scenario.trainingPlan).toEqual(a);
      expect(screen.getByTestId('finish-week-platform').textContent).toBe(aWeeks);
    });
  });
});
