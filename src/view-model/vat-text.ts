import type { TFunction } from 'i18next';
import type { VatInput } from '../engine';
import { formatPercent, type Locale } from '../lib/format';

/** The VAT basis the cash amounts are stated in, in one sentence (dashboard, PDF and Excel). */
export function vatStateText(t: TFunction, vat: VatInput, locale: Locale): string {
  if (!vat.enabled) return t('finance:vat.stateOff');
  return t(vat.inputVatDeductible ? 'finance:vat.stateNet' : 'finance:vat.stateGross', {
    hardware: formatPercent(vat.hardwareRateFraction, locale, 0),
    services: formatPercent(vat.servicesRateFraction, locale, 0),
    leasing: formatPercent(vat.leasingRateFraction, locale, 0),
    entered: t(vat.pricesIncludeVat ? 'finance:vat.enteredIncl' : 'finance:vat.enteredExcl'),
  });
}
