import {
  type CashReport,
  COMPARATOR_IDS,
  COST_CATEGORIES,
  type ComparatorId,
  type CostCategory,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';
import { type Currency, convertCny, type Locale, type MoneyFormat } from '../lib/format';

/**
 * The cash-by-year report shaped into tables, as numbers (never text), for every view that shows it:
 * the dashboard's table now, the PDF and the Excel workbook next.
 *
 *   cashTable(report: CashReport, options: CashTableOptions): CashTable
 *
 * - Amounts are in the display currency (CNY, or USD at the stated rate) divided by the unit's
 *   divisor: `amountUnit` — 元 / 万元 (÷ 10,000) in Chinese, CNY / k CNY (÷ 1,000) in English, the
 *   same for USD. The unit's label is the i18n key `finance:cash.unit.<currency>.<scale>`.
 * - `summary`: one row per strategy: cash out per year, total, resale value at the end, NPV.
 * - `detail`: per strategy, the lines of its cash: capex, resale (only where there is any), each of the
 *   six cost categories with any cash, cash out and the running total; each row has its per-year values
 *   and its total (null for the running total, where a sum means nothing).
 * - `returns`: self-build against each rental comparator: NPV of building instead (in the unit), the
 *   IRR as a fraction per year or why there is none, and the discounted payback as a month (with its
 *   year), "at once" or "never within the horizon".
 * Row labels are i18n keys in the `finance` namespace (or `common:strategy.*`, `charts:category.*`),
 * so each view words them in its language.
 */

export type AmountScale = 'unit' | 'large';

export interface AmountUnit {
  currency: Currency;
  scale: AmountScale;
  /** Display-currency amount ÷ divisor = the number shown. */
  divisor: number;
  /** i18n key of the unit's name, e.g. "万元" or "k CNY". */
  labelKey: string;
}

/**
 * The scale a table's amounts are read in, by language: 万 in Chinese (the charts' scale), whole
 * amounts in English. The dashboard's cash table always uses it (the header's currency is the one
 * money control); the export dialog starts from it.
 */
export function defaultAmountScale(locale: Locale): AmountScale {
  return locale === 'zh-CN' ? 'large' : 'unit';
}

/** 万 (10,000) is the large unit in Chinese tables, thousands in English. */
export function amountUnit(locale: Locale, currency: Currency, scale: AmountScale): AmountUnit {
  const large = locale === 'zh-CN' ? 10_000 : 1_000;
  return {
    currency,
    scale,
    divisor: scale === 'large' ? large : 1,
    labelKey: `finance:cash.unit.${currency}.${scale}`,
  };
}

/** Decimals a table shows in a unit: whole yuan/dollars, one decimal in 万元 / thousands. */
export function amountDigits(scale: AmountScale): number {
  return scale === 'large' ? 1 : 0;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount already in the table's unit, with the unit's fixed decimals ("22,601.7", "9,632.0"), or
 * `digits` of them; a negative amount takes the minus sign (U+2212, "−84.6") every other figure uses,
 * never a hyphen.
 */
export function formatAmount(
  value: number,
  locale: Locale,
  scale: AmountScale,
  digits: number = amountDigits(scale),
): string {
  const key = `${locale}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: 'negative',
    });
    formatters.set(key, f);
  }
  // −0 (a tiny negative rounded away) reads 0.
  return f.format(value === 0 ? 0 : value).replace(/^-/, '\u2212');
}

export interface CashTableOptions extends MoneyFormat {
  scale: AmountScale;
}

export interface YearColumn {
  year: number;
  months: number;
}

export interface CashSummaryRow {
  strategy: StrategyId;
  eligible: boolean;
  /** Cash out per year. */
  years: number[];
  total: number;
  residualValue: number;
  npv: number;
}

export type CashLine =
  | { kind: 'capex' }
  | { kind: 'resale' }
  | { kind: 'category'; category: CostCategory }
  | { kind: 'cashOut' }
  | { kind: 'cumulative' };

export interface CashDetailRow {
  strategy: StrategyId;
  line: CashLine;
  years: number[];
  /** Σ years; null for the running total. */
  total: number | null;
}

export type IrrCell =
  | { kind: 'rate'; fractionPerYear: number }
  | { kind: 'none'; reason: 'neverSaves' | 'neverCostsMore' };

export type PaybackCell =
  | { kind: 'month'; month: number; year: number }
  | { kind: 'immediate' }
  | { kind: 'never'; horizonYears: number };

export interface ReturnRow {
  comparator: ComparatorId;
  eligible: boolean;
  npvAdvantage: number;
  irr: IrrCell;
  payback: PaybackCell;
}

export interface CashTable {
  unit: AmountUnit;
  columns: YearColumn[];
  summary: CashSummaryRow[];
  detail: CashDetailRow[];
  returns: ReturnRow[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export function cashTable(report: CashReport, options: CashTableOptions): CashTable {
  const unit = amountUnit(options.locale, options.currency, options.scale);
  const v = (cny: number) => convertCny(cny, options) / unit.divisor;
  const first = report.strategies.selfBuild;
  const columns = first.years.map((y) => ({ year: y.year, months: y.months }));

  const summary: CashSummaryRow[] = STRATEGY_IDS.map((id) => {
    const s = report.strategies[id];
    return {
      strategy: id,
      eligible: s.eligible,
      years: s.years.map((y) => v(y.cashOutCny)),
      total: v(s.totalCashCny),
      residualValue: v(s.residualValueCny),
      npv: v(s.npvCny),
    };
  });

  const detail: CashDetailRow[] = [];
  for (const id of STRATEGY_IDS) {
    const years = report.strategies[id].years;
    const row = (line: CashLine, values: number[], total: number | null = sum(values)) =>
      detail.push({ strategy: id, line, years: values, total });
    const capex = years.map((y) => v(y.capexCny));
    if (capex.some((x) => x !== 0)) row({ kind: 'capex' }, capex);
    const resale = years.map((y) => v(y.resaleCny));
    if (resale.some((x) => x !== 0)) row({ kind: 'resale' }, resale);
    for (const category of COST_CATEGORIES) {
      const values = years.map((y) => v(y.opexCny[category]));
      if (values.some((x) => Math.abs(x) > 1e-9)) row({ kind: 'category', category }, values);
    }
    row(
      { kind: 'cashOut' },
      years.map((y) => v(y.cashOutCny)),
    );
    row(
      { kind: 'cumulative' },
      years.map((y) => v(y.cumulativeCny)),
      null,
    );
  }

  const returns: ReturnRow[] = COMPARATOR_IDS.map((comparator) => {
    const r = report.selfBuildVs[comparator];
    const anySaving = r.savingCny.some((x) => x > 0) || r.endResaleCreditCny > 0;
    const irr: IrrCell =
      r.irrFractionPerYear !== null
        ? { kind: 'rate', fractionPerYear: r.irrFractionPerYear }
        : { kind: 'none', reason: anySaving ? 'neverCostsMore' : 'neverSaves' };
    const m = r.discountedPaybackMonth;
    const payback: PaybackCell =
      m === null
        ? { kind: 'never', horizonYears: report.horizonMonths / 12 }
        : m === 0
          ? { kind: 'immediate' }
          : { kind: 'month', month: m, year: Math.max(1, Math.ceil(m / 12)) };
    return { comparator, eligible: r.eligible, npvAdvantage: v(r.incrementalNpvCny), irr, payback };
  });

  return { unit, columns, summary, detail, returns };
}
