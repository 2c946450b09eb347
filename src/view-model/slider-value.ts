/**
 * The load rate as the headline slider shows it, in one rounding for the label beside the slider and
 * the number box under it (they once read "33%" and "32.9" for the same load): a percent with at
 * most one decimal, plain digits that the box parses back ("32.9", "33").
 */
export function loadRatePercentText(loadRate: number): string {
  return String(Math.round(loadRate * 1000) / 10);
}

/** The label's form of the same figure: "32.9%". */
export function loadRateLabel(loadRate: number): string {
  return `${loadRatePercentText(loadRate)}%`;
}
