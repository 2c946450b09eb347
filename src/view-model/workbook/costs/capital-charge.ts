import { add, cmp, div, type Expr, iff, mul, pow, sub } from '../expr';

/**
 * The capital charge's discounting (src/engine/capital-charge.ts): what a level monthly amount is worth
 * today, which turns a present value into the economic view's level amount a month.
 */

/** Σ over k = 1..n of (1 + r)^(−k × step ÷ 12): n at r = 0, else the geometric series. */
export function discountSum(rate: Expr | number, step: Expr | number, n: Expr | number): Expr {
  const q = pow(add(1, rate), div(mul(-1, step), 12));
  return iff(cmp(rate, '=', 0), n, div(mul(q, sub(1, pow(q, n))), sub(1, q)));
}
