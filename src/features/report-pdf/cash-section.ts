import { cashReport, type Scenario, type StrategyId, type VatInput } from '../../engine';
import type { Locale } from '../../lib/format';
import {
  type CashDetailRow,
  type CashSummaryRow,
  cashTable,
  type ReturnRow,
  type YearColumn,
} from '../../view-model/cash-table';

/**
 * The report's cash-by-year content, shared by the PDF and the Excel export: the engine's
 * `cashReport` (src/engine/cash-report.ts) shaped by `cashTable` (src/view-model/cash-table.ts), the same
 * two functions behind the dashboard's "Cash by year", so the three show the same numbers. Amounts
 * stay in CNY here (each output converts to its display currency as it formats): per strategy the
 * cash out per year, total, resale value at the end and NPV; each strategy's lines (capex, resale,
 * the six cost categories, cash out, running total); self-build against each rental comparator (NPV
 * of building instead, IRR, discounted payback); and the VAT view the amounts are stated in.
 */

export interface CashSection {
  columns: YearColumn[];
  /** One row per strategy, CNY; `eligible` false where compliance rules the strategy out. */
  summary: CashSummaryRow[];
  /** Per strategy, its lines by year, CNY. */
  detail: CashDetailRow[];
  /** Self-build against renting servers and against the pooled platform. */
  returns: ReturnRow[];
  discountRateFractionPerYear: number;
  horizonMonths: number;
  vat: VatInput;
  /** The eligible strategy with the lowest NPV (the cheapest in today's money), or null. */
  lowestNpv: StrategyId | null;
}

export function cashSection(scenario: Scenario, locale: Locale): CashSection {
  const report = cashReport(scenario);
  // CNY at 1:1 and whole units: the outputs convert and format themselves.
  const table = cashTable(report, { locale, currency: 'CNY', cnyPerUsd: 1, scale: 'unit' });
  let lowestNpv: StrategyId | null = null;
  let best = Number.POSITIVE_INFINITY;
  for (const row of table.summary) {
    if (row.eligible && row.npv < best) {
      best = row.npv;
      lowestNpv = row.strategy;
    }
  }
  return {
    columns: table.columns,
    summary: table.summary,
    detail: table.detail,
    returns: table.returns,
    discountRateFractionPerYear: report.discountRateFractionPerYear,
    horizonMonths: report.horizonMonths,
    vat: report.vat,
    lowestNpv,
  };
}

/** The summary row of a strategy (every strategy has one). */
export function summaryOf(cash: CashSection, id: StrategyId): CashSummaryRow {
  const row = cash.summary.find((r) => r.strategy === id);
  if (!row) throw new Error(`no cash row for ${id}`);
  return row;
}

/** Capex per strategy over the horizon (Σ of its capex line; 0 when it buys nothing). */
export function capexTotal(cash: CashSection, id: StrategyId): number {
  return cash.detail.find((r) => r.strategy === id && r.line.kind === 'capex')?.total ?? 0;
}
