import type { KernelState } from './types';

/** (1 − r)^(age in years), remembered for the last two (decline, age) pairs asked. */
function resaleFactorOf(k: KernelState, resaleDecline: number, ageMonths: number): number {
  if (resaleDecline === k.resaleDeclineA && ageMonths === k.resaleAgeA) return k.resaleFactorA;
  if (resaleDecline === k.resaleDeclineB && ageMonths === k.resaleAgeB) return k.resaleFactorB;
  const factor = (1 - Math.min(resaleDecline, 1)) ** (ageMonths / 12);
  k.resaleDeclineB = k.resaleDeclineA;
  k.resaleAgeB = k.resaleAgeA;
  k.resaleFactorB = k.resaleFactorA;
  k.resaleDeclineA = resaleDecline;
  k.resaleAgeA = ageMonths;
  k.resaleFactorA = factor;
  return factor;
}

/** market.ts resaleValueCny with the pricer's remembered resale factors (the same numbers). */
export function resaleValueOf(
  k: KernelState,
  capexCny: number,
  resaleDecline: number,
  ageMonths: number,
  bookCny: number,
): number {
  const market = resaleDecline <= 0 ? capexCny : capexCny * resaleFactorOf(k, resaleDecline, ageMonths);
  return Math.max(0, Math.min(market, bookCny));
}
