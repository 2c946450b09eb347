import type { VatInput } from './types';

/**
 * The VAT view (schema v4): which rate each kind of cash carries, and the factor that restates an
 * amount as entered into the amount the company really bears.
 *
 * Rates: China's VAT law sets 13 % for goods and 6 % for modern services (Ministry of Finance, State
 * Taxation Administration and General Administration of Customs, Announcement No. 39 of 2019 on
 * deepening VAT reform, 2019-03); both are editable.
 *
 * The factor, with r the item's rate:
 * | prices entered | input VAT deductible | borne = entered × |
 * | incl. VAT      | yes                  | 1 ÷ (1 + r)        |
 * | incl. VAT      | no                   | 1                  |
 * | excl. VAT      | yes                  | 1                  |
 * | excl. VAT      | no                   | 1 + r              |
 * With the view off every factor is exactly 1, so nothing changes.
 */

/** Allowed range of either VAT rate (schema v4). */
export const VAT_RATE_RANGE = { min: 0, max: 0.3 } as const;

/** The VAT settings a new or migrated scenario gets: the view off, China's default rates. */
export function defaultVat(): VatInput {
  return {
    enabled: false,
    pricesIncludeVat: true,
    hardwareRateFraction: 0.13,
    servicesRateFraction: 0.06,
    inputVatDeductible: true,
  };
}

export type VatClass = 'hardware' | 'services' | 'none';

/** Multiply an amount as entered by this to get the amount borne, for one VAT class. */
export function vatFactor(vat: VatInput, kind: VatClass): number {
  if (!vat.enabled || kind === 'none') return 1;
  const rate = kind === 'hardware' ? vat.hardwareRateFraction : vat.servicesRateFraction;
  if (vat.pricesIncludeVat) return vat.inputVatDeductible ? 1 / (1 + rate) : 1;
  return vat.inputVatDeductible ? 1 : 1 + rate;
}

/** What the amounts of a report are: as entered (view off), net of VAT or including it. */
export type VatBasis = 'asEntered' | 'net' | 'gross';

export function vatBasis(vat: VatInput): VatBasis {
  if (!vat.enabled) return 'asEntered';
  return vat.inputVatDeductible ? 'net' : 'gross';
}
