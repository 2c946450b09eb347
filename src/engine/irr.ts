/**
 * Present value and internal rate of return of a series of cash flows at equal periods.
 *
 * Rates are per year; a flow at period k is discounted by (1 + r)^(k ÷ periodsPerYear), the same
 * convention as the engine's monthly `npv` (strategies/price.ts: month m by (1 + r)^(m ÷ 12)).
 *
 * IRR: the yearly rate r at which the present value is 0. The solver is bracketed, so it cannot
 * wander or diverge: it scans r over a grid from −99 % to +1,000 % a year for the first interval
 * where the present value changes sign, then bisects that interval to 1e-10. A flow with no sign
 * change (all money out, or all money in) has no IRR: null. A flow with several sign changes may
 * have several IRRs; the lowest one in the range is returned (the conservative reading of a
 * project that is repaid, then needs more money, then is repaid again).
 */

export function presentValue(flows: readonly number[], ratePerYear: number, periodsPerYear: number): number {
  let total = 0;
  for (let k = 0; k < flows.length; k++) total += (flows[k] ?? 0) / (1 + ratePerYear) ** (k / periodsPerYear);
  return total;
}

/** Search range of the IRR, per year. */
export const IRR_RANGE = { min: -0.99, max: 10 } as const;

function hasSignChange(flows: readonly number[]): boolean {
  let pos = false;
  let neg = false;
  for (const f of flows) {
    if (f > 0) pos = true;
    else if (f < 0) neg = true;
  }
  return pos && neg;
}

/** Grid of trial rates: dense near the rates projects have, coarser above. */
function rateGrid(): number[] {
  const grid: number[] = [];
  for (let r = IRR_RANGE.min; r < 1; r += 0.01) grid.push(Math.round(r * 100) / 100);
  for (let r = 1; r <= IRR_RANGE.max; r += 0.1) grid.push(Math.round(r * 10) / 10);
  return grid;
}
const GRID = rateGrid();

/** The yearly IRR of `flows` (period k at k ÷ periodsPerYear years), or null when there is none. */
export function irr(flows: readonly number[], periodsPerYear: number): number | null {
  if (!hasSignChange(flows)) return null;
  const f = (r: number) => presentValue(flows, r, periodsPerYear);
  let lo = GRID[0] ?? IRR_RANGE.min;
  let fLo = f(lo);
  if (fLo === 0) return lo;
  for (let i = 1; i < GRID.length; i++) {
    const hi = GRID[i] ?? IRR_RANGE.max;
    const fHi = f(hi);
    if (fHi === 0) return hi;
    if (Math.sign(fHi) !== Math.sign(fLo)) return bisect(f, lo, hi, fLo);
    lo = hi;
    fLo = fHi;
  }
  return null;
}

function bisect(f: (r: number) => number, lo: number, hi: number, fLo: number): number {
  let a = lo;
  let b = hi;
  let fa = fLo;
  for (let i = 0; i < 200 && b - a > 1e-10; i++) {
    const mid = (a + b) / 2;
    const fm = f(mid);
    if (fm === 0) return mid;
    if (Math.sign(fm) === Math.sign(fa)) {
      a = mid;
      fa = fm;
    } else b = mid;
  }
  return (a + b) / 2;
}

/**
 * Discounted payback: the first period from which the cumulative discounted flow stays ≥ 0 to the
 * end. 0 when it is never negative (no net outlay to recover); null when it ends below 0 (never
 * pays back within the flows).
 */
export function discountedPaybackPeriod(
  flows: readonly number[],
  ratePerYear: number,
  periodsPerYear: number,
): number | null {
  let cumulative = 0;
  let lastNegative = -1;
  for (let k = 0; k < flows.length; k++) {
    cumulative += (flows[k] ?? 0) / (1 + ratePerYear) ** (k / periodsPerYear);
    // Below a thousandth of a yuan is rounding, not an outlay.
    if (cumulative < -1e-3) lastNegative = k;
  }
  if (lastNegative === flows.length - 1) return null;
  return lastNegative + 1;
}
