// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { ScenarioActions } from '../../../src/features/scenarios/scenario-actions';
import { ScenariosView } from '../../../src/features/scenarios/scenarios-view';
import { formatMoney } from '../../../src/lib/format';
import { loadSaved } from '../../../src/scenario';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import { renderWithStore } from '../../render-with-store';

const CNY = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
const bursty = presets.burstyResearch as Scenario;

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

function store(entries: unknown[]) {
  localStorage.setItem(SAVED_KEY, JSON.stringify(entries));
}

async function openView() {
  const rendered = renderWithStore(<ScenariosView onShowDashboard={() => {}} />);
  await screen.findByLabelText('Import CSV');
  return rendered;
}

describe('saved entries', () => {
  it('show their winner and its monthly cost, from the engine, formatted as the dashboard does', async () => {
    store([{ id: 'b', name: 'Campaigns', savedAt: '', scenario: { ...bursty, name: 'Campaigns' } }]);
    await openView();
    const evaluation = evaluate({ ...bursty, name: 'Campaigns' });
    const winner = evaluation.recommendation.strategy;
    const item = screen.getByRole('listitem', { name: 'Campaigns' });
    const strategyName = { rent: 'Rent', platform: 'Platform', selfBuild: 'Self-build', hybrid: 'Hybrid' };
    expect(within(item).getByTestId('saved-summary')).toHaveTextContent(
      `Cheapest: ${strategyName[winner]} · ${formatMoney(evaluation.strategies[winner].monthlyCny, CNY)} a month`,
    );
  });

  it('"Reset to preset" offers the entry’s own preset; an entry saved before presets were kept offers the first', async () => {
    store([
      {
        id: 'b',
        name: 'Campaigns',
        savedAt: '',
        presetId: 'burstyResearch',
        scenario: { ...bursty, name: 'Campaigns' },
      },
      { id: 'o', name: 'Old entry', savedAt: '', scenario: { ...bursty, name: 'Old entry' } },
    ]);
    await openView();
    const own = within(screen.getByRole('listitem', { name: 'Campaigns' }));
    expect(own.getByRole('combobox', { name: 'Preset for “Campaigns”' })).toHaveValue('burstyResearch');
    const old = within(screen.getByRole('listitem', { name: 'Old entry' }));
    expect(old.getByRole('combobox', { name: 'Preset for “Old entry”' })).toHaveValue('seedTeam');
  });

  it('are saved with the preset the scenario was made from', async () => {
    const { user } = renderWithStore(<ScenarioActions />, { scenario: bursty });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Save' }));
    const stored = loadSaved(localStorage).entries;
    expect(stored[0]).toMatchObject({ presetId: 'burstyResearch' });
  });
});
