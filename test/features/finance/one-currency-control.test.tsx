import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../../src/engine';
import { CashByYear } from '../../../src/features/finance/cash-by-year';
import { renderWithStore } from '../../render-with-store';

// One currency control: the header's currency governs the cash table; it has no select of its own.
describe('cash by year follows the one currency control', () => {
  it('has no amount or currency select of its own (the only select is the VAT view’s)', () => {
    renderWithStore(<CashByYear scenario={defaultScenario} />);
    const selects = screen.queryAllByRole('combobox');
    expect(selects).toHaveLength(1);
    expect(selects[0]).toHaveAccessibleName('Prices entered');
    for (const option of screen.queryAllByRole('option')) expect(option).not.toHaveTextContent(/CNY|USD/);
  });

  it('states its amounts in the store’s currency, and follows it when it changes', () => {
    const { store } = renderWithStore(<CashByYear scenario={defaultScenario} />);
    expect(screen.getByTestId('cash-table').querySelector('caption')).toHaveTextContent('CNY');
    act(() => store.getState().setCurrency('USD'));
    expect(screen.getByTestId('cash-table').querySelector('caption')).toHaveTextContent('USD');
  });

  it('reads Chinese tables in 万元 (the charts’ scale)', () => {
    renderWithStore(<CashByYear scenario={defaultScenario} />, { locale: 'zh-CN' });
    expect(screen.getByTestId('cash-table').querySelector('caption')).toHaveTextContent('万元');
  });
});
