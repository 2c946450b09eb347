import { PARAMETERS } from '../../../engine';
import { add, and, cmp, div, type Expr, iff, max, min, mul, pow, sub } from '../expr';

/**
 * The market path as formulas (src/engine/market.ts): the sum of the monthly market factors, the
 * resale value and the book value of hardware.
 */

/**
 * Σ of the monthly market factors over months 1..n at a yearly decline `d`: a geometric series
 * (market.ts sumMarketFactors).
 */
export function marketFactorSum(d: Expr): (n: Expr) => Expr {
  const dd = min(d, 0.999999);
  const q = pow(sub(1, dd), div(1, 12));
  // A spreadsheet has no log1p/expm1: for a decline below 1e-4 the closed form loses its digits to
  // cancellation (1 − q is tiny; a decline of 5e-324 gave 0 ÷ 0), so it takes the series of
  // (e^(nL) − 1) ÷ (e^L − 1) in L = ln(1 − d) ÷ 12 ≈ −(d + d²/2 + d³/3) ÷ 12, to L³: n + n(n−1)/2·L +
  // n(n−1)(2n−1)/12·L² + n²(n−1)²/24·L³ (the next term is below 1e-14 of the sum for 72 months).
  const L1 = mul(-1 / 12, add(dd, div(mul(dd, dd), 2), div(mul(dd, dd, dd), 3)));
  const series = (n: Expr): Expr => {
    const n1 = sub(n, 1);
    return add(
      n,
      mul(div(mul(n, n1), 2), L1),
      mul(div(mul(n, n1, sub(mul(2, n), 1)), 12), L1, L1),
      mul(div(mul(n, n, n1, n1), 24), L1, L1, L1),
    );
  };
  return (n: Expr): Expr =>
    iff(
      cmp(n, '<', 1),
      0,
      iff(
        cmp(d, '=', 0),
        n,
        // A rise (negative decline) takes the same closed form; a tiny one of either sign, the series.
        iff(
          and(cmp(d, '<', 1e-4), cmp(d, '>', -1e-4)),
          series(n),
          div(sub(1, pow(sub(1, dd), div(n, 12))), sub(1, q)),
        ),
      ),
    );
}

/**
 * Resale value of hardware of a given age (market.ts resaleValueCny): capex × (1 − r)^(age ÷ 12),
 * never above book value nor below 0.
 */
export function resale(capex: Expr, decline: Expr, ageMonths: Expr, book: Expr): Expr {
  const market = iff(
    cmp(decline, '<=', 0),
    capex,
    mul(capex, pow(sub(1, min(decline, 1)), div(ageMonths, 12))),
  );
  return max(0, min(market, book));
}

/** Straight-line book value at an age (market.ts bookValueCny). */
export function book(capex: Expr, residual: Expr, life: Expr, age: Expr): Expr {
  return mul(capex, sub(1, mul(sub(1, residual), min(1, div(age, life)))));
}

/**
 * Replacements the workbook lays out, one term each: the longest horizon over the shortest life
 * (inputs outside the app's limits could need more).
 */
export const MAX_REPLACEMENTS =
  Math.ceil(parameterMeta('horizonMonths').max / (parameterMeta('selfBuild.depreciationYears').min * 12)) - 1;

function parameterMeta(path: string) {
  const meta = PARAMETERS.find((m) => m.path === path);
  if (!meta) throw new Error(`no parameter ${path}`);
  return meta;
}
