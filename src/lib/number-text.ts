/**
 * A number as people type or paste it, in either language: thousands separators (",", "，", "_",
 * spaces, no-break spaces) are dropped and full-width digits and point read as ASCII. Returns null for
 * anything that is not a finite number. Shared by every input field and the CSV importer.
 */
export function parseNumberText(text: string): number | null {
  const cleaned = text
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\uFF0E/g, '.')
    .replace(/[\s,，_\u00A0\u202F]/g, '');
  if (cleaned === '' || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}
