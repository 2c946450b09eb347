// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  evaluate,
  newTrainingRun,
  type Scenario,
  withCapacityByHand,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { TrainingPlanSection } from '../../../src/features/training-plan';
import { emptyNotes } from '../../../src/scenario/cluster-log-types';
import { measuredUsage, withMeasuredUsage } from '../../../src/scenario/cluster-log-usage';
import { useAppStore } from '../../../src/state/store-context';
import { makeWeeklyScenario } from '../../factories';
import { renderWithStore } from '../../render-with-store';
import {
  LiveAssumptions,
  LiveRecommendation,
  LiveWinnerSummary,
  panelGroup,
  renderDashboard,
} from './render-dashboard';

/**
 * Issue 44, "a cluster sized to the demand it serves", through the store's door: new demand (a form
 * switch, a plan edit, an imported log) sizes self-build by the engine's rule unless the user sized it
 * by hand; then the first screen says so and offers the rule's size in one click; and a verdict against
 * a cluster loaded above 100 % says so. Sizes worked by hand: the default team's own cluster reaches
 * 45 %, so a 100-GPU week needs 100 ÷ 45 % = 222.2 → 28 servers of 8 = 224 GPUs, and the default run
 * (64 GPUs) 64 ÷ 45 % = 142.2 → 18 servers = 144 GPUs.
 */

const flat100 = makeWeeklyScenario(new Array<number>(52).fill(100), 8);
/** The example with one default run in its plan, the demand still the job form. */
const withRun: Scenario = {
  ...defaultScenario,
  trainingPlan: { ...defaultScenario.trainingPlan, runs: [newTrainingRun(defaultScenario)] },
};

describe('the first screen on a cluster the user sized', () => {
  it('says the user’s 8 GPUs and the rule’s 224, and “Use 224 GPUs” sizes it in one click through the door', async () => {
    const { user, store } = renderDashboard(<LiveWinnerSummary />, {
      scenario: withCapacityByHand(flat100, 8),
    });
    const note = screen.getByTestId('cluster-size-note');
    expect(note).toHaveTextContent(
      'Self-build is your 8 GPUs; sized to the demand’s peak it would be 224 GPUs.',
    );
    // 100 GPUs a week on 8: a load of 100 ÷ 8 = 1,250 %, said in the verdict sentence.
    expect(screen.getByTestId('over-capacity')).toHaveTextContent(
      'Self-build here is 8 GPUs at a load of 1250%: it cannot do the work; it is priced with the rest sent to the platform.',
    );
    expect(screen.getByTestId('over-capacity').closest('p')).toBe(screen.getByTestId('winner').closest('p'));

    await user.click(screen.getByRole('button', { name: 'Use 224 GPUs' }));
    expect(store.getState().scenario.selfBuild).toMatchObject({ capacityGpus: 224, capacitySizedBy: 'rule' });
    expect(screen.queryByTestId('cluster-size-note')).toBeNull();
    expect(screen.queryByTestId('over-capacity')).toBeNull();
    // Undo brings the user's size back: the click was one step through the door.
    store.getState().undo();
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(8);
  });

  it('in Chinese: 您设定的 8 张, 按需求峰值 224 张, 改用 224 张, and the load in the verdict', async () => {
    renderDashboard(<LiveWinnerSummary />, { scenario: withCapacityByHand(flat100, 8), locale: 'zh-CN' });
    expect(await screen.findByTestId('cluster-size-note')).toHaveTextContent(
      '自建集群按您设定的 8 张计算；按需求峰值应为 224 张。',
    );
    expect(screen.getByRole('button', { name: '改用 224 张' })).toBeInTheDocument();
    expect(screen.getByTestId('over-capacity')).toHaveTextContent(
      '这里的自建集群为 8 张卡，负载率 1250%：集群无法完成全部工作，成本按超出部分转到智算平台计算。',
    );
  });

  it('shows no note for the rule’s size, and no load warning at 100 % or below', () => {
    renderDashboard(<LiveWinnerSummary />, { scenario: defaultScenario });
    expect(screen.queryByTestId('cluster-size-note')).toBeNull();
    expect(screen.queryByTestId('over-capacity')).toBeNull();
  });

  it('on premises only, the rest waits (recommendation panel too)', () => {
    const onPrem = { ...flat100, compliance: 'onPrem' as const };
    renderDashboard(
      <>
        <LiveWinnerSummary />
        <LiveRecommendation />
      </>,
      { scenario: onPrem },
    );
    const waits =
      'Self-build here is 8 GPUs at a load of 1250%: it cannot do the work; it is priced with the rest waiting on premises, valued at the platform’s price.';
    expect(screen.getByTestId('over-capacity')).toHaveTextContent(waits);
    expect(screen.getByTestId('recommendation-over-capacity')).toHaveTextContent(waits);
  });
});

describe('switching the demand form', () => {
  it('to the plan sizes the example’s 8 GPUs to the plan’s peak: 144 GPUs', async () => {
    const { user, store } = renderDashboard(<LiveAssumptions />, { scenario: withRun });
    await user.selectOptions(panelGroup('Workload').getByRole('combobox', { name: 'Demand input' }), 'plan');
    expect(store.getState().scenario.demand.mode).toBe('plan');
    expect(store.getState().scenario.selfBuild).toMatchObject({ capacityGpus: 144, capacitySizedBy: 'rule' });
  });

  it('keeps a size typed into “Cluster capacity” (16 GPUs), and the first screen offers the rule’s 144', async () => {
    const { user, store } = renderDashboard(
      <>
        <LiveWinnerSummary />
        <LiveAssumptions />
      </>,
      { scenario: withRun },
    );
    const capacity = panelGroup('Self-build').getByRole('textbox', { name: 'Cluster capacity' });
    await user.clear(capacity);
    await user.type(capacity, '16');
    await user.tab();
    expect(store.getState().scenario.selfBuild).toMatchObject({ capacityGpus: 16, capacitySizedBy: 'user' });
    await user.selectOptions(panelGroup('Workload').getByRole('combobox', { name: 'Demand input' }), 'plan');
    expect(store.getState().scenario.demand.mode).toBe('plan');
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(16);
    expect(screen.getByTestId('cluster-size-note')).toHaveTextContent(
      'Self-build is your 16 GPUs; sized to the demand’s peak it would be 144 GPUs.',
    );
  });
});

/** The plan section as the dashboard mounts it. */
function Section() {
  const scenario = useAppStore((s) => s.scenario);
  return <TrainingPlanSection scenario={scenario} evaluation={evaluate(scenario)} />;
}

describe('editing the plan', () => {
  const planMode = switchDemandMode(defaultScenario, 'plan');

  it('“Add run” sizes the example’s 8 GPUs to the run’s 64-GPU peak: 144 GPUs', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: planMode });
    await user.click(screen.getByRole('button', { name: 'Add run' }));
    expect(store.getState().scenario.selfBuild).toMatchObject({ capacityGpus: 144, capacitySizedBy: 'rule' });
  });

  it('“Add run” keeps a cluster the user sized (8 GPUs)', async () => {
    const { user, store } = renderWithStore(<Section />, { scenario: withCapacityByHand(planMode, 8) });
    await user.click(screen.getByRole('button', { name: 'Add run' }));
    expect(store.getState().scenario.trainingPlan.runs).toHaveLength(1);
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(8);
  });
});

describe('importing cluster logs', () => {
  // 30 weeks of 20–24 GPUs held on a 32-GPU cluster: useful ÷ held = 22 ÷ 32 = 68.75 % measured.
  const weeklyGpus = Array.from({ length: 30 }, (_, w) => 20 + (w % 5));
  const usage = measuredUsage(
    {
      format: 'slurm',
      sourceColumn: 'AllocTRES',
      periodStartMs: Date.UTC(2026, 0, 5),
      periodEndMs: Date.UTC(2026, 0, 5) + 30 * 168 * 3_600_000,
      periodHours: 30 * 168,
      weeklyGpus,
      usefulGpuHours: weeklyGpus.reduce((a, g) => a + g * 168, 0),
      peakConcurrentGpus: 27,
      gpusSeen: 0,
      sampleIntervalSeconds: 0,
      records: 100,
      notes: emptyNotes(),
    },
    32,
  );

  it('sizes the example’s cluster to the logs’ peak at the measured efficiency: 24 ÷ 68.75 % = 34.9 → 40 GPUs', () => {
    expect(usage.efficiency).toBe(0.6875);
    const { store } = renderWithStore(<LiveWinnerSummary />);
    store.getState().commitScenario((s) => withMeasuredUsage(s, usage, 'sacct.txt'), { source: 'import' });
    expect(store.getState().scenario.selfBuild).toMatchObject({ capacityGpus: 40, capacitySizedBy: 'rule' });
  });

  it('keeps a cluster the user sized (16 GPUs) and offers the rule’s 40 on the first screen', async () => {
    const { store } = renderWithStore(<LiveWinnerSummary />, {
      scenario: withCapacityByHand(defaultScenario, 16),
    });
    act(() => {
      store.getState().commitScenario((s) => withMeasuredUsage(s, usage, 'sacct.txt'), { source: 'import' });
    });
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(16);
    expect(store.getState().scenario.demand.weeklyGpus).toEqual(weeklyGpus);
    expect(await screen.findByTestId('cluster-size-note')).toHaveTextContent(
      'Self-build is your 16 GPUs; sized to the demand’s peak it would be 40 GPUs.',
    );
  });
});
