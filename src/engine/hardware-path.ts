import { buildLeadTimeMonthsOf } from './capability';
import { type HardwarePrices, hardwareDepreciationFactor } from './market';
import { type MarketPath, shapedPath, steadyPath } from './price-path';
import type { FinanceInput, Scenario } from './types';

/**
 * Hardware on price paths of its own (docs/model.md §2 "Hardware purchase and resale paths", model
 * v4): the hardware purchase path — what a batch bought later in the horizon pays, each refresh when a
 * batch's life ends — and the resale path — what used hardware fetches. The first cluster is ordered today at the
 * price entered; the build lead time delays its delivery, not its price. Without shapes every batch
 * costs today's price and resale follows age alone (v14, to the bit).
 */

/** The hardware purchase path: its own shape, else today's price every month (v14). */
export function hardwarePath(finance: FinanceInput): MarketPath {
  const shape = finance.hardwarePriceShape;
  return shape === null ? steadyPath(0) : shapedPath(shape.points);
}

/** The resale (used hardware) path: its own shape, else the hardware purchase path. */
export function resalePath(finance: FinanceInput): MarketPath {
  const shape = finance.resalePriceShape;
  return shape === null ? hardwarePath(finance) : shapedPath(shape.points);
}

export type { HardwarePrices } from './market';

/**
 * An own cluster's hardware prices by month of service (market.ts hardwareLife): the purchase and
 * resale indices of the horizon month a service month falls in — delivery after the build lead time
 * (whole months, as the cash flow counts them) plus the service month, rounded as purchases are.
 * Null when neither path has a shape: every batch at today's price, resale by age alone (v14, to the
 * bit).
 */
export function hardwarePrices(finance: FinanceInput, leadMonths: number): HardwarePrices | null {
  if (finance.hardwarePriceShape === null && finance.resalePriceShape === null) return null;
  const purchase = hardwarePath(finance);
  const used = resalePath(finance);
  const lead = Math.round(leadMonths);
  return {
    purchaseAt: (t) => purchase.factorAt(lead + Math.round(t)),
    resaleAt: (t) => used.factorAt(lead + Math.round(t)),
  };
}

/**
 * An own cluster's hardware prices in the accounting view: a horizon of service from delivery (as
 * the iteration risk counts it), on the purchase and resale paths, and what they do to depreciation.
 */
export function ownHardwarePrices(s: Scenario): {
  hardwarePrices: HardwarePrices | null;
  hardwareDepreciationFactor: number;
} {
  const prices = hardwarePrices(s.finance, buildLeadTimeMonthsOf(s));
  return {
    hardwarePrices: prices,
    hardwareDepreciationFactor: hardwareDepreciationFactor(
      s.selfBuild.depreciationYears * 12,
      s.horizonMonths,
      prices,
    ),
  };
}

/** The hardware purchase or resale path's indices for months 1..months (a sparkline, an export). */
export function hardwarePathIndices(
  finance: FinanceInput,
  months: number,
  market: 'hardware' | 'resale',
): number[] {
  const path = market === 'hardware' ? hardwarePath(finance) : resalePath(finance);
  return Array.from({ length: Math.max(0, months) }, (_, i) => path.factorAt(i + 1));
}
