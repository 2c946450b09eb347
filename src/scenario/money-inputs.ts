import { readInput, type Scenario, withInput } from '../engine';

/**
 * Money inputs in either currency (issue: a US user types $55.04/h, not its CNY equivalent). The
 * engine prices in CNY only; a dollar amount is kept as typed in `scenario.usdInputs` and its CNY
 * field is held at amount × the exchange rate. Both change together — here, in one pure step — and
 * the store commits them with the rate through its one door, so undo, links and saved entries always
 * carry a consistent pair.
 */
export type MoneyCurrency = 'CNY' | 'USD';

/** The scenario with one money input typed in `currency` (CNY clears a dollar amount typed before). */
export function withMoneyInput(
  s: Scenario,
  path: string,
  amount: number,
  currency: MoneyCurrency,
  cnyPerUsd: number,
): Scenario {
  const { [path]: _previous, ...others } = s.usdInputs;
  if (currency === 'CNY') return { ...withInput(s, path, amount), usdInputs: others };
  return { ...withInput(s, path, amount * cnyPerUsd), usdInputs: { ...others, [path]: amount } };
}

/** The scenario with every dollar-typed input's CNY field at a new exchange rate. */
export function repriceUsdInputs(s: Scenario, cnyPerUsd: number): Scenario {
  let next = s;
  for (const [path, amount] of Object.entries(s.usdInputs)) next = withInput(next, path, amount * cnyPerUsd);
  return next;
}

/**
 * The amount a money field shows in the display currency: the dollars as typed when they were, else
 * the CNY value converted at the rate (rounded to hide binary noise).
 */
export function moneyInputShown(
  s: Scenario,
  path: string,
  currency: MoneyCurrency,
  cnyPerUsd: number,
): number {
  const cny = readInput(s, path);
  if (currency === 'CNY') return cny;
  const typed = s.usdInputs[path];
  return typed !== undefined ? typed : Number((cny / cnyPerUsd).toPrecision(12));
}

/**
 * Relative slack when comparing a CNY value with dollars × rate: the app stores exactly that product,
 * so only binary noise from another engine's arithmetic is forgiven.
 */
const USD_MATCH_RELATIVE = 1e-9;

/** Whether the CNY value of `path` is the typed dollars at this rate. */
function usdMatches(s: Scenario, path: string, amount: number, cnyPerUsd: number): boolean {
  const cny = readInput(s, path);
  const expected = amount * cnyPerUsd;
  return Math.abs(cny - expected) <= USD_MATCH_RELATIVE * Math.max(1, Math.abs(cny), Math.abs(expected));
}

/**
 * The scenario without the dollar amounts that no longer equal their CNY value at the rate (a
 * catalogue figure picked after typing dollars, a file saved at another rate, a hand-edited link).
 * The CNY value wins because it is what every number was computed from: keeping the dollars would
 * show one amount while pricing another, and the next rate change would silently overwrite the CNY
 * value. Returns the input itself when nothing disagrees. Expects a validated scenario (money paths).
 */
export function reconcileUsdInputs(
  s: Scenario,
  cnyPerUsd: number,
): { scenario: Scenario; dropped: string[] } {
  const dropped = Object.entries(s.usdInputs)
    .filter(([path, amount]) => !usdMatches(s, path, amount, cnyPerUsd))
    .map(([path]) => path);
  if (dropped.length === 0) return { scenario: s, dropped };
  const usdInputs = { ...s.usdInputs };
  for (const path of dropped) delete usdInputs[path];
  return { scenario: { ...s, usdInputs }, dropped };
}
