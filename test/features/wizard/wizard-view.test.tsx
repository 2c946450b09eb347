// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { WizardView } from '../../../src/features/wizard';
import { resetWizardState } from '../../../src/features/wizard/wizard-store';
import { createI18n } from '../../../src/i18n';
import { MAX_CSV_BYTES } from '../../../src/scenario/csv-limits';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import { englishWords } from '../../english-words';

vi.setConfig({ testTimeout: 30_000 });

function renderWizard(scenario: Scenario = presets.seedTeam as Scenario, locale: 'en' | 'zh-CN' = 'en') {
  const store = createAppStore({ scenario, locale });
  const onShowDashboard = vi.fn();
  const tree = (
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <WizardView onShowDashboard={onShowDashboard} />
      </I18nextProvider>
    </StoreProvider>
  );
  const view = render(tree);
  return { store, onShowDashboard, user: userEvent.setup(), tree, ...view };
}

beforeEach(() => resetWizardState());

describe('self-assessment wizard', () => {
  it('step 1 offers the flat curve the jobs imply, and “Next” goes on with it (same costs)', async () => {
    const { user, store } = renderWizard();
    expect(screen.getByTestId('wizard-jobs-curve')).toHaveTextContent(
      `${(evaluate(presets.seedTeam as Scenario).demand.meanGpus).toFixed(1)} GPUs busy every week for 52 weeks`,
    );
    const before = store.getState().scenario;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Step 2 of 4');
    const after = store.getState().scenario;
    expect(after.demand.mode).toBe('weekly');
    expect(after.demand.weeklyGpus).toHaveLength(52);
    expect(evaluate(after).strategies.platform.monthlyCny).toBeCloseTo(
      evaluate(before).strategies.platform.monthlyCny,
      6,
    );
  });

  it('“Start from this flat curve” lays it out in step 1 for editing', async () => {
    const { user, store } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Start from this flat curve' }));
    expect(store.getState().scenario.demand.mode).toBe('weekly');
    expect(screen.getByTestId('wizard-curve-stats')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Step 1 of 4: Usage curve');
  });

  it('picking a generator writes a weekly curve into the shared scenario and shows the verdict', async () => {
    const { user, store } = renderWizard();
    // Typed over the prefilled mean (clearing the field refills it with the scenario's mean).
    await user.tripleClick(screen.getByLabelText('Average GPUs busy'));
    await user.keyboard('40');
    await user.click(screen.getByRole('radio', { name: /Steady/ }));
    const s = store.getState().scenario;
    expect(s.demand.mode).toBe('weekly');
    expect(s.demand.weeklyGpus).toHaveLength(52);
    const mean = s.demand.weeklyGpus.reduce((a, b) => a + b, 0) / 52;
    expect(Math.abs(mean - 40)).toBeLessThan(0.5);
    expect(screen.getByTestId('wizard-curve-verdict')).toHaveTextContent('High, steady baseline');
  });

  it('an out-of-range week count is explained and not applied', async () => {
    const { user, store } = renderWizard();
    const weeks = screen.getByLabelText('Weeks');
    await user.clear(weeks);
    await user.type(weeks, '20');
    await user.click(screen.getByRole('radio', { name: /Pulse/ }));
    // The range is the scenario schema's (26–104 weeks), not a copy in the wizard.
    expect(screen.getByText('Needs 26–104 weeks. Not applied.')).toBeInTheDocument();
    expect(store.getState().scenario.demand.mode).toBe('jobs');
  });

  it('says which inputs a wizard change made and undoes them with one button (one history step)', async () => {
    const start = presets.seedTeam as Scenario;
    const { user, store } = renderWizard(start);
    await user.click(screen.getByRole('radio', { name: /Steady/ }));
    const note = screen.getByTestId('wizard-changed-inputs');
    expect(note).toHaveTextContent('Inputs changed (2): Demand input, Weekly usage curve');
    // The self-assessment marks the scenario's name modified, in the same step.
    expect(store.getState().scenario.name).toBe(
      'Industry article example: 10-person team, 20 jobs × 24 h × 8 GPUs (modified)',
    );
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    await user.click(within(note).getByRole('button', { name: 'Undo these changes' }));
    expect(store.getState().scenario).toBe(start);
    expect(screen.queryByTestId('wizard-changed-inputs')).not.toBeInTheDocument();
  });

  it('names the changed inputs in Chinese on the Chinese page', async () => {
    const { user } = renderWizard(presets.seedTeam as Scenario, 'zh-CN');
    await user.click(screen.getAllByRole('radio')[0] as HTMLElement);
    const note = screen.getByTestId('wizard-changed-inputs');
    expect(note).toHaveTextContent('已更改 2 项输入');
    expect(within(note).getByRole('button', { name: '撤销这些更改' })).toBeInTheDocument();
  });

  it('typing a week in the table changes that week of the scenario', async () => {
    const { user, store } = renderWizard(presets.steadyLab as Scenario);
    await user.click(screen.getByText('Edit weeks in a table'));
    const week3 = screen.getByLabelText('Week 3');
    await user.clear(week3);
    await user.type(week3, '500');
    expect(store.getState().scenario.demand.weeklyGpus[2]).toBe(500);
  });

  it('walks the four steps with back/next and ends in the engine recommendation', async () => {
    const { user, store } = renderWizard(presets.steadyLab as Scenario);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('wizard-tco-table')).toBeInTheDocument();
    // The TCO step gives self-build's cash payback against each comparator, named.
    const labEval = evaluate(store.getState().scenario);
    // The steady lab (model v3) never pays back against renting whole servers either.
    expect(labEval.comparisons.rent.paybackMonth).toBeNull();
    expect(screen.getByTestId('wizard-payback-vs-rent')).toHaveTextContent(
      'Against renting whole servers: Never within the 3-year horizon',
    );
    expect(screen.getByTestId('wizard-payback-vs-platform')).toHaveTextContent(
      'Against the pooled platform: Never within the 3-year horizon',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Step 1 of 4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(screen.getByLabelText('Measured throughput per GPU'), '2500');
    expect(store.getState().scenario.throughput.unitsPerUsefulGpuHour).toBe(9_000_000);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.click(screen.getByRole('button', { name: 'See the result' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer all four questions');
    await user.click(screen.getByRole('radio', { name: 'Yes, capacity is there when we need it' }));
    await user.click(screen.getByRole('radio', { name: 'No checkpoints, restart by hand' }));
    await user.click(screen.getByRole('radio', { name: 'Poorly: it falls behind fast' }));
    await user.click(screen.getByRole('radio', { name: 'Nobody dedicated' }));
    const s = store.getState().scenario;
    expect(s.selfBuild.recovery).toBe('manual');
    expect(s.operations.checkpointIntervalHours).toBe(0);
    expect(s.finance.resaleValueDeclineFractionPerYear).toBe(0.45);
    expect(s.teamCapability).toBe(1);
    await user.click(screen.getByRole('button', { name: 'See the result' }));

    const result = screen.getByTestId('wizard-result');
    const expected = evaluate(store.getState().scenario).recommendation.strategy;
    expect(result).toHaveAttribute('data-strategy', expected);
    expect(within(result).getByRole('heading', { name: 'Migration path' })).toBeInTheDocument();
    expect(within(result).getByText(/Start on elastic, rented capacity/)).toBeInTheDocument();
    // Both comparisons, each naming its comparator.
    expect(within(result).getByTestId('wizard-comparison-rent')).toHaveTextContent(
      /^Against renting whole servers: /,
    );
    expect(within(result).getByTestId('wizard-comparison-platform')).toHaveTextContent(
      /^Against the pooled platform: .*; cash payback /,
    );
  });

  it('keeps the step and answers when the view is unmounted and mounted again', async () => {
    const first = renderWizard(presets.steadyLab as Scenario);
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    first.unmount();
    renderWizard(presets.steadyLab as Scenario);
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Step 3 of 4: Utilization');
  });

  it('the result opens the dashboard', async () => {
    const { user, onShowDashboard } = renderWizard(presets.steadyLab as Scenario);
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const name of [
      'Usually, with short waits',
      'Automatic checkpoint and resume',
      'Typically',
      'An experienced ops team',
    ])
      await user.click(screen.getByRole('radio', { name }));
    await user.click(screen.getByRole('button', { name: 'See the result' }));
    await user.click(screen.getByRole('button', { name: 'Open the dashboard' }));
    expect(onShowDashboard).toHaveBeenCalledOnce();
  });

  it('speaks Chinese: the CSV input is labelled 导入用量 CSV', () => {
    renderWizard(presets.seedTeam as Scenario, 'zh-CN');
    expect(screen.getByLabelText('导入用量 CSV')).toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('第 1 步（共 4 步）：用量曲线');
  });
});

describe('self-assessment wizard: CSV files that do not load', () => {
  const rows = Array.from({ length: 30 }, (_, i) => `${i + 1},${10 + i}`);

  it('refuses a CSV above the size limit without reading it', async () => {
    const { user, store } = renderWizard();
    const file = new File(['week,gpus'], 'huge.csv', { type: 'text/csv' });
    const read = vi.fn(async () => new ArrayBuffer(0));
    Object.defineProperty(file, 'size', { value: MAX_CSV_BYTES + 1 });
    Object.defineProperty(file, 'arrayBuffer', { value: read });
    await user.upload(screen.getByLabelText('Import usage CSV'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is larger than 2 MB, too large for weekly usage.',
    );
    expect(read).not.toHaveBeenCalled();
    expect(store.getState().scenario).toBe(presets.seedTeam);
  });

  it('says the file could not be read when reading fails, instead of failing silently', async () => {
    const { user, store } = renderWizard();
    const file = new File(['x'], 'gone.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'arrayBuffer', {
      value: async () => {
        throw new DOMException('gone', 'NotReadableError');
      },
    });
    await user.upload(screen.getByLabelText('Import usage CSV'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be read.');
    expect(store.getState().scenario).toBe(presets.seedTeam);
  });

  it('gives the GPU limit (not the week count) for a value too big', async () => {
    const { user } = renderWizard();
    const bad = [...rows];
    bad[2] = '3,2000000';
    await user.upload(
      screen.getByLabelText('Import usage CSV'),
      new File([['week,gpus', ...bad].join('\n')], 'usage.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Line 4, column “gpus”: “2000000” is more than 1,000,000.',
    );
  });

  it('explains CSV problems in Chinese, with numbers in the Chinese format', async () => {
    const { user } = renderWizard(presets.seedTeam as Scenario, 'zh-CN');
    const bad = [...rows];
    bad[2] = '3,很多';
    await user.upload(
      screen.getByLabelText('导入用量 CSV'),
      new File([['周,GPU数', ...bad.slice(0, 10)].join('\n')], 'usage.csv', { type: 'text/csv' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('第 4 行，“GPU数”列：“很多”不是数字。');
    expect(englishWords(alert.textContent ?? '')).toEqual([]);

    await user.upload(
      screen.getByLabelText('导入用量 CSV'),
      new File([['周,GPU数', ...rows.slice(0, 10)].join('\n')], 'usage.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('只有 10 周；至少需要 26 周。')).toBeInTheDocument();
  });
});
