// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { defaultScenario, presets, readInput, type Scenario, withInput } from '../../../src/engine';
import { HeaderBar } from '../../../src/features/dashboard/header-bar';
import { ScenarioNameField } from '../../../src/features/finance/scenario-name-field';
import { ResumeOffer } from '../../../src/features/scenarios/resume-offer';
import { renderDashboard } from './render-dashboard';

const seed = presets.seedTeam as Scenario;
const steady = presets.steadyLab as Scenario;
const header = <HeaderBar nameField={<ScenarioNameField />} />;

beforeEach(() => vi.restoreAllMocks());

describe('a name the user typed', () => {
  it('is not replaced by a preset without asking; declined, it stays, marked modified, on the preset’s values', async () => {
    const { user, store } = renderDashboard(header, { scenario: { ...seed, name: 'Budget 2027' } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'steadyLab');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toContain('Budget 2027');
    expect(store.getState().scenario).toEqual({ ...steady, name: 'Budget 2027 (modified)' });
    expect(screen.getByTestId('name-modified')).toHaveTextContent('Modified');
    // The preset picker still names the preset the values come from.
    expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveValue('steadyLab');
  });

  it('is replaced by the preset’s name when the person agrees', async () => {
    const { user, store } = renderDashboard(header, { scenario: { ...seed, name: 'Budget 2027' } });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'steadyLab');
    expect(store.getState().scenario).toBe(steady);
    expect(screen.queryByTestId('name-modified')).not.toBeInTheDocument();
  });

  it('a preset’s own name, in either language, is replaced without asking', async () => {
    const { user, store } = renderDashboard(header, { scenario: seed, locale: 'zh-CN' });
    const confirm = vi.spyOn(window, 'confirm');
    await user.selectOptions(screen.getByRole('combobox', { name: '预设场景' }), 'steadyLab');
    expect(confirm).not.toHaveBeenCalled();
    expect(store.getState().scenario).toBe(steady);
  });

  it('shows whole on hover: the field’s title is the full name', () => {
    const name = `Budget 2027 ${'for the Pengcheng training cluster '.repeat(4)}`.trim();
    renderDashboard(header, { scenario: { ...seed, name } });
    expect(screen.getByRole('textbox', { name: 'Scenario name' })).toHaveAttribute('title', name);
  });
});

describe('where the scenario came from', () => {
  it('resumed: "Start from an example" opens the example as one undo step', async () => {
    const edited = withInput(steady, 'selfBuild.serverPriceCny', 1_700_000);
    const { user, store } = renderDashboard(<ResumeOffer />, { scenario: edited });
    act(() => store.getState().setOffer({ kind: 'resumed' }));
    const shown = store.getState().scenario;
    await user.click(screen.getByRole('button', { name: 'Start from an example' }));
    expect(store.getState().scenario).toBe(defaultScenario);
    expect(store.getState().presetId).toBe('seedTeam');
    act(() => store.getState().undo());
    expect(store.getState().scenario).toBe(shown);
  });

  it('replaced by a link: "Restore my previous scenario" brings it back with its display settings', async () => {
    const previous = withInput(steady, 'selfBuild.serverPriceCny', 1_700_000);
    const { user, store } = renderDashboard(<ResumeOffer />, { scenario: seed, locale: 'zh-CN' });
    act(() =>
      store.getState().setOffer({
        kind: 'replaced',
        previous: { scenario: previous, currency: 'USD', cnyPerUsd: 6.9, presetId: 'steadyLab' },
      }),
    );
    await user.click(screen.getByRole('button', { name: '恢复我之前的场景' }));
    expect(readInput(store.getState().scenario, 'selfBuild.serverPriceCny')).toBe(1_700_000);
    expect(store.getState().scenario.name).toBe(steady.name);
    expect(store.getState()).toMatchObject({
      currency: 'USD',
      cnyPerUsd: 6.9,
      presetId: 'steadyLab',
      offer: null,
    });
  });
});
