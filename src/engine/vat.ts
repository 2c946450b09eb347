import type { VatInput } from './types';

/**
 * The VAT view (schema v4): which rate each kind of cash carries, and the factor that restates an
 * amount as entered into the amount the company really bears.
 *
 * Rates: China's VAT law sets 13 % for goods, for leasing of tangible movable property (renting whole
 * servers) and for repair services, and 6 % for modern services such as cloud, platform and
 * colocation services (Ministry of Finance, State Taxation Administration and General Administration
 * of Customs, Announcement No. 39 of 2019 on deepening VAT reform, 2019-03). The tax item on the
 * contract's invoice decides which applies — a GPU rental invoiced as a cloud service carries 6 % — so
 * all three are editable (docs/model.md §5, the VAT view).
 *
 * The factor, with r the item's rate:
 * | prices entered | input VAT deductible | borne = entered × |
 * | incl. VAT      | yes                  | 1 ÷ (1 + r)        |
 * | incl. VAT      | no                   | 1                  |
 * | excl. VAT      | yes                  | 1                  |
 * | excl. VAT      | no                   | 1 + r              |
 * With the view off every factor is exactly 1, so nothing changes.
 */

/** Allowed range of each VAT rate (schema v4). */
export const VAT_RATE_RANGE = { min: 0, max: 0.3 } as const;

/** The VAT settings a new or migrated scenario gets: the view off, China's default rates. */
export function defaultVat(): VatInput {
  return {
    enabled: false,
    pricesIncludeVat: true,
    hardwareRateFraction: 0.13,
    servicesRateFraction: 0.06,
    leasingRateFraction: 0.13,
    inputVatDeductible: true,
  };
}

/**
 * What an amount is for VAT: goods (hardware, electricity), leasing or repairs (whole servers rented,
 * the own cluster's maintenance), services (platform, colocation, licences) or outside VAT (staff,
 * time, failures).
 */
export type VatClass = 'hardware' | 'leasing' | 'services' | 'none';

function rateOf(vat: VatInput, kind: Exclude<VatClass, 'none'>): number {
  if (kind === 'hardware') return vat.hardwareRateFraction;
  return kind === 'leasing' ? vat.leasingRateFraction : vat.servicesRateFraction;
}

/** Multiply an amount as entered by this to get the amount borne, for one VAT class. */
export function vatFactor(vat: VatInput, kind: VatClass): number {
  if (!vat.enabled || kind === 'none') return 1;
  const rate = rateOf(vat, kind);
  if (vat.pricesIncludeVat) return vat.inputVatDeductible ? 1 / (1 + rate) : 1;
  return vat.inputVatDeductible ? 1 : 1 + rate;
}

/** What the amounts of a report are: as entered (view off), net of VAT or including it. */
export type VatBasis = 'asEntered' | 'net' | 'gross';

export function vatBasis(vat: VatInput): VatBasis {
  if (!vat.enabled) return 'asEntered';
  return vat.inputVatDeductible ? 'net' : 'gross';
}
