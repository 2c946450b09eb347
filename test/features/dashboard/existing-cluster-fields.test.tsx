// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { ExistingClusterFields } from '../../../src/features/dashboard/existing-cluster-fields';
import { createAppStore } from '../../../src/state/store';
import { renderWithStore } from '../../render-with-store';

const lab = presets.steadyLab as Scenario;

/** The fields as the panel renders them: with the evaluation of the store's scenario at each render. */
function Fields({ store }: { store: ReturnType<typeof createAppStore> }) {
  return <ExistingClusterFields evaluation={evaluate(store.getState().scenario)} />;
}

describe('a cluster already owned, on the page', () => {
  it('the switch enters one at the self-build’s size, two years old, at today’s price, in one undo step; off removes it', async () => {
    const store = createAppStore({ scenario: lab, locale: 'en' });
    const { user } = renderWithStore(<Fields store={store} />, { store });
    await user.click(screen.getByLabelText('We already own servers of this kind'));
    const sb = lab.selfBuild;
    expect(store.getState().scenario.existing).toEqual({
      servers: Math.ceil(sb.capacityGpus / sb.gpusPerServer),
      ageMonths: 24,
      pricePaidCnyPerServer: sb.serverPriceCny,
    });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    await user.click(screen.getByLabelText('We already own servers of this kind'));
    expect(store.getState().scenario.existing).toBeNull();
  });

  it('typed numbers apply through the door; a number out of range is refused with the field named, nothing changed', async () => {
    const store = createAppStore({ scenario: presets.ownedH800s as Scenario, locale: 'en' });
    const { user } = renderWithStore(<Fields store={store} />, { store });
    const servers = screen.getByLabelText('Servers already owned');
    await user.clear(servers);
    await user.type(servers, '32');
    expect(store.getState().scenario.existing?.servers).toBe(32);
    // Typed key by key, one undo step for the field.
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    const age = screen.getByLabelText('Age at month 1, in months');
    await user.clear(age);
    await user.paste('150');
    expect(screen.getByRole('alert')).toHaveTextContent('between 0 and 120');
    expect(store.getState().scenario.existing?.ageMonths).toBe(24);
    const paid = screen.getByLabelText('Price paid per server (CNY)');
    await user.clear(paid);
    await user.paste('2400000');
    expect(store.getState().scenario.existing?.pricePaidCnyPerServer).toBe(2_400_000);
  });

  it('the lens is one choice, and the values under the fields are the engine’s for 64 servers of 2.7 M bought 24 months ago', async () => {
    const s = presets.ownedH800s as Scenario;
    const store = createAppStore({ scenario: s, locale: 'en' });
    const { user } = renderWithStore(<Fields store={store} />, { store });
    await user.click(screen.getByLabelText(/^Full cost/));
    expect(store.getState().scenario.finance.lens).toBe('full');
    expect(screen.getByTestId('existing-lens')).toHaveAttribute('data-lens', 'full');
    // By hand: what it cost, its straight-line book at 24 of 60 months, and the resale rule at 2 years.
    const sb = s.selfBuild;
    const paid =
      64 * 2_700_000 * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
      64 * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
    const life = sb.depreciationYears * 12;
    const book = paid * (1 - (1 - sb.residualFraction) * (24 / life));
    const market = Math.min(book, paid * (1 - s.finance.resaleValueDeclineFractionPerYear) ** 2);
    const yuan = (v: number) => `CN¥${Math.round(v).toLocaleString('en-US')}`;
    expect(screen.getByTestId('existing-values')).toHaveTextContent(
      `Book value today ${yuan(book)}; it would fetch ${yuan(market)} if sold in month 1; selling makes a loss on disposal of ${yuan(book - market)}.`,
    );
  });
});
