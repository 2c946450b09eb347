import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cashReport, defaultScenario, type Scenario } from '../../../src/engine';
import { VatSettings } from '../../../src/features/finance/vat-settings';
import { renderWithStore } from '../../render-with-store';

const vatOn: Scenario = { ...defaultScenario, vat: { ...defaultScenario.vat, enabled: true } };

describe('the VAT view’s three rates (goods, leasing and repairs, services)', () => {
  it('shows the leasing rate at 13 % and commits a typed 6 % through the door, restating rented servers at 6 %', () => {
    const { store } = renderWithStore(<VatSettings scenario={vatOn} />, { scenario: vatOn });
    const field = screen.getByLabelText(/renting whole servers and repairs/);
    expect(field).toHaveValue('13');
    fireEvent.change(field, { target: { value: '6' } });
    const after = store.getState().scenario;
    expect(after.vat.leasingRateFraction).toBeCloseTo(0.06, 12);
    // Rent's first-year compute: as entered ÷ 1.06 now (was ÷ 1.13), prices including deductible VAT.
    const asEntered = cashReport(defaultScenario).strategies.rent.years[0]!.opexCny.compute;
    expect(cashReport(after).strategies.rent.years[0]!.opexCny.compute).toBeCloseTo(asEntered / 1.06, 6);
    expect(cashReport(vatOn).strategies.rent.years[0]!.opexCny.compute).toBeCloseTo(asEntered / 1.13, 6);
  });

  it('says in Chinese that the contract’s invoiced tax item decides', () => {
    renderWithStore(<VatSettings scenario={vatOn} />, { scenario: vatOn, locale: 'zh-CN' });
    expect(screen.getByLabelText(/整机租赁、维修增值税率/)).toHaveValue('13');
    expect(screen.getByText(/以合同开票税目为准/)).toBeInTheDocument();
  });
});
