// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { presetHardwareShape, presets, type Scenario, steadyShape } from '../../../src/engine';
import { HardwarePathFields } from '../../../src/features/dashboard/hardware-path-fields';
import type { BudgetStamp } from '../../../src/scenario/budget-stamp';
import { createAppStore } from '../../../src/state/store';
import { renderWithStore } from '../../render-with-store';
import { LiveSliders } from './render-dashboard';

const lab = presets.steadyLab as Scenario;
const stamp: BudgetStamp = {
  budgetId: 'fy27',
  label: 'Budget FY27',
  version: 1,
  frozenAt: '2026-12-03T09:00:00.000Z',
  preparedBy: 'Li Wei',
  hash: 'x',
};

describe('the hardware and resale path fields', () => {
  it('a preset is one undo step that edits this scenario: an open budget version stays beside it', async () => {
    const store = createAppStore({ scenario: lab, locale: 'en' });
    store.getState().setBudget(stamp);
    const { user } = renderWithStore(<HardwarePathFields />, { store });
    await user.selectOptions(screen.getByLabelText('Hardware price path'), 'shortage');
    expect(store.getState().scenario.finance.hardwarePriceShape).toEqual(presetHardwareShape('shortage'));
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    // The range the hint says, by hand: 2.8 M ÷ 2.0 M = 140 % from month 8 on, the lab's horizon 36.
    expect(lab.horizonMonths).toBe(36);
    expect(screen.getByText(/The path goes from/)).toHaveTextContent(
      "The path goes from 100% of today's price in month 1 to 140% in month 36.",
    );
    expect(store.getState().budget?.stamp).toEqual(stamp);
  });

  it('a price file is taken as the resale path, said in a status line; an open budget version stays', async () => {
    const store = createAppStore({ scenario: lab, locale: 'en' });
    store.getState().setBudget(stamp);
    const { user } = renderWithStore(<HardwarePathFields />, { store });
    const csv = new File(['# source: broker\nmonth,price\n1,1000000\n24,700000\n'], 'used.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Import resale price path'), csv);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 points from used.csv'));
    expect(store.getState().scenario.finance.resalePriceShape?.points).toEqual([
      { month: 1, index: 1 },
      { month: 24, index: 0.7 },
    ]);
    expect(store.getState().budget?.stamp).toEqual(stamp);
  });
});

describe('a steady hardware path', () => {
  it('is chosen at 25 %/yr down, and a typed rate becomes the path; a rate beyond ±40 % is refused with nothing changed', async () => {
    const store = createAppStore({ scenario: lab, locale: 'en' });
    const { user } = renderWithStore(<HardwarePathFields />, { store });
    await user.selectOptions(screen.getByLabelText('Hardware price path'), 'steady');
    expect(store.getState().scenario.finance.hardwarePriceShape).toEqual(steadyShape(0.25));
    expect(screen.getByTestId('hardware-price-path')).toHaveTextContent('Steady, −25%/yr');
    const rate = screen.getByLabelText('Hardware prices: yearly decline (%; negative: a rise)');
    await user.clear(rate);
    await user.type(rate, '-10{Enter}');
    expect(store.getState().scenario.finance.hardwarePriceShape).toEqual(steadyShape(-0.1));
    expect(screen.getByTestId('hardware-price-path')).toHaveTextContent('Steady, +10%/yr');
    // Pasted at once (typed key by key, its first 5 would apply as 5 %, as any field applies as typed).
    await user.clear(rate);
    await user.paste('55');
    expect(screen.getByRole('alert')).toHaveTextContent('between −40% and 40%');
    expect(store.getState().scenario.finance.hardwarePriceShape).toEqual(steadyShape(-0.1));
  });
});

describe('a steady term path', () => {
  it('starts at the on-demand steady rate; a typed rate becomes the term path alone, one undo step each', async () => {
    const store = createAppStore({ scenario: lab, locale: 'en' });
    const { user } = renderWithStore(<LiveSliders />, { store });
    await user.selectOptions(screen.getByLabelText('Term price path'), 'steady');
    expect(store.getState().scenario.finance.termPriceShape).toEqual(
      steadyShape(lab.finance.gpuTimePriceDeclineFractionPerYear),
    );
    expect(screen.getByTestId('term-price-path')).toHaveTextContent('Steady, −15%/yr');
    const rate = screen.getByLabelText('Term prices: yearly decline (%; negative: a rise)');
    await user.clear(rate);
    await user.type(rate, '-20{Enter}');
    expect(store.getState().scenario.finance.termPriceShape).toEqual(steadyShape(-0.2));
    expect(store.getState().scenario.finance.gpuTimePriceShape).toBeNull();
    expect(screen.getByTestId('term-price-path')).toHaveTextContent('Steady, +20%/yr');
    expect(store.temporal.getState().pastStates).toHaveLength(2);
  });
});
