/**
 * One draw from the triangular distribution on [low, high] with its mode at `mode`, by inversion of
 * its CDF (Law & Kelton, Simulation Modeling and Analysis, §8.3.15): with F(c) = (c − a)/(b − a),
 * x = a + √(u (b − a)(c − a)) for u < F(c), else b − √((1 − u)(b − a)(b − c)).
 *
 * Why triangular around the scenario's value: the ranges of docs/data-sources.md are research
 * ranges (a plausible low and high) around a best estimate, and the scenario's value is the user's
 * best estimate. A triangle keeps that value the most likely one and gives the ends little weight;
 * a uniform draw would treat 2.8 M CNY servers as likely as 2.0 M. When the scenario's value lies
 * outside its range, the mode is clamped to the nearer end.
 */
export function triangular(u: number, low: number, mode: number, high: number): number {
  const width = high - low;
  if (!(width > 0)) return low;
  const c = Math.min(high, Math.max(low, mode));
  const split = (c - low) / width;
  if (u < split) return low + Math.sqrt(u * width * (c - low));
  return high - Math.sqrt((1 - u) * width * (high - c));
}
