import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { presets, type Scenario } from '../../../src/engine';
import { WizardView } from '../../../src/features/wizard';
import { resetWizardState, useWizardStore } from '../../../src/features/wizard/wizard-store';
import { createI18n } from '../../../src/i18n';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

vi.setConfig({ testTimeout: 30_000 });

function renderWizard() {
  const store = createAppStore({ scenario: presets.seedTeam as Scenario, locale: 'en' });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n('en')}>
        <WizardView onShowDashboard={vi.fn()} />
      </I18nextProvider>
    </StoreProvider>,
  );
  return { store, user: userEvent.setup() };
}

beforeEach(() => resetWizardState());

// After a CSV import the generator's fields describe the imported curve, and its dates go to the axis.
describe('self-assessment: a CSV import updates the generator fields', () => {
  const weeks = Array.from({ length: 26 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 0, 5 + 7 * i));
    return [d.toISOString().slice(0, 10), 100 + (i % 2) * 10] as const;
  });

  it('shows the file’s length and average in the generator fields, and keeps its dates', async () => {
    const { user, store } = renderWizard();
    const csv = ['week,gpus', ...weeks.map(([d, g]) => `${d},${g}`)].join('\n');
    await user.upload(
      screen.getByLabelText('Import usage CSV'),
      new File([csv], 'usage.csv', { type: 'text/csv' }),
    );
    await screen.findByText(/usage\.csv/);
    expect(store.getState().scenario.demand.weeklyGpus).toHaveLength(26);
    expect(screen.getByRole('textbox', { name: 'Weeks' })).toHaveValue('26');
    expect(screen.getByRole('textbox', { name: 'Average GPUs busy' })).toHaveValue('105');
    expect(useWizardStore.getState().csv?.dates?.[0]).toBe('2026-01-05');
    expect(useWizardStore.getState().csv?.dates).toHaveLength(26);
  });

  it('keeps week numbers (no dates) when the file numbers its weeks', async () => {
    const { user } = renderWizard();
    const csv = ['week,gpus', ...weeks.map(([, g], i) => `${i + 1},${g}`)].join('\n');
    await user.upload(
      screen.getByLabelText('Import usage CSV'),
      new File([csv], 'n.csv', { type: 'text/csv' }),
    );
    await screen.findByText(/n\.csv/);
    expect(useWizardStore.getState().csv?.dates).toBeNull();
  });
});
