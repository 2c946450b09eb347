import type { StrategyResult } from './types';

/**
 * Cash by year: when the money actually goes out, from a strategy's monthly cash flow (types.ts: month
 * 0 is the purchase, months 1…horizon the running costs). Year 1 carries month 0, so the capex shows
 * in the first year; the last year may be partial.
 */

/** Months in each year of a horizon: 12, 12, …, remainder. */
export function yearMonths(horizonMonths: number): number[] {
  const out: number[] = [];
  for (let left = horizonMonths; left > 0; left -= 12) out.push(Math.min(12, left));
  return out;
}

export interface CashYear {
  /** 1-based year of the horizon. */
  year: number;
  months: number;
  /** Capex paid in this year (the month-0 purchase, so year 1 only). */
  capexCny: number;
  /** All cash paid in this year, capex included. */
  cashOutCny: number;
  /** Cash paid from the purchase to the end of this year. */
  cumulativeCny: number;
}

export interface CashByYear {
  years: CashYear[];
  /** Cash over the horizon; minus the hardware's residual value it equals the strategy's horizon cost. */
  totalCny: number;
}

export function cashByYear(
  result: Pick<StrategyResult, 'cashflowCny' | 'capexCny'>,
  horizonMonths: number,
): CashByYear {
  const years: CashYear[] = [];
  let month = 0;
  let cumulative = 0;
  yearMonths(horizonMonths).forEach((months, i) => {
    const last = month + months;
    let sum = 0;
    for (let m = i === 0 ? 0 : month + 1; m <= last; m++) sum += result.cashflowCny[m] ?? 0;
    cumulative += sum;
    years.push({
      year: i + 1,
      months,
      capexCny: i === 0 ? result.capexCny : 0,
      cashOutCny: sum,
      cumulativeCny: cumulative,
    });
    month = last;
  });
  return { years, totalCny: cumulative };
}
