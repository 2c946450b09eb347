/**
 * A unit after a number, as a hint writes it: a percent sign touches its number ("12%", "0–50%",
 * "5%/年" — docs/zh-style.md, no space before %), any other unit is one space away ("1.3 千瓦",
 * "0.25 hours"), and no unit leaves nothing (a plain ratio: "1–3").
 *
 *   unitSuffix('%') === '%'; unitSuffix('元/卡时') === ' 元/卡时'; unitSuffix('') === ''
 */
export function unitSuffix(unit: string): string {
  const u = unit.trim();
  if (u === '') return '';
  return u.startsWith('%') ? u : ` ${u}`;
}
