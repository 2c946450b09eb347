/**
 * English words left in a text meant to be Chinese. Field paths in parentheses, e.g.
 * "(selfBuild.pue)", are codes that locate the value in a file and are allowed, as are units and the
 * header names the CSV messages quote as examples, and MFU (model FLOPs utilization), the term the
 * Chinese plan form itself uses.
 */
const ALLOWED = new Set(['GPU', 'GPUs', 'PUE', 'MB', 'CSV', 'JSON', 'gpus', 'MFU']);

export function englishWords(text: string): string[] {
  const withoutPaths = text.replace(/\([A-Za-z0-9_.]+\)/g, '');
  return (withoutPaths.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !ALLOWED.has(w));
}
