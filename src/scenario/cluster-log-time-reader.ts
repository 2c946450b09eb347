import { parseLogTimeMs } from './cluster-log-time';

/**
 * parseLogTimeMs for a stream of log lines, the same answers faster (issue 36: log import ≥ 30 MB/s).
 * Logs write one shape over and over — sacct's 2026-01-05T10:00:00, nvidia-smi's
 * 2026/01/05 10:00:00.000 — and telemetry repeats one time for every GPU sampled at it. So:
 * - the same text as the last one gets the last answer;
 * - the two shapes above (no zone) are read digit by digit: the day's midnight through parseLogTimeMs
 *   (remembered by day), plus the time of day;
 * - anything else goes to parseLogTimeMs itself.
 * One reader per file (it remembers), never shared between files.
 */
export function createLogTimeReader(): (text: string) => number | null {
  let lastText: string | null = null;
  let lastMs: number | null = null;
  // Midnights by day text: a log of a valid period has at most 728 days (104 weeks); a hostile one
  // with more is remembered in bounded batches.
  const midnights = new Map<string, number | null>();
  const midnight = (day: string): number | null => {
    let ms = midnights.get(day);
    if (ms === undefined) {
      if (midnights.size >= MAX_DAYS_KEPT) midnights.clear();
      ms = parseLogTimeMs(day);
      midnights.set(day, ms);
    }
    return ms;
  };

  return (text) => {
    if (text === lastText) return lastMs;
    const fast = wallClockMs(text, midnight);
    lastText = text;
    lastMs = fast === undefined ? parseLogTimeMs(text) : fast;
    return lastMs;
  };
}

const MAX_DAYS_KEPT = 4096;
const ZERO = 48;

/** The digit at `i` (0–9), or -1 for anything else. */
function digit(text: string, i: number): number {
  const d = text.charCodeAt(i) - ZERO;
  return d >= 0 && d <= 9 ? d : -1;
}

/**
 * "YYYY-MM-DDTHH:MM:SS" or "YYYY/MM/DD HH:MM:SS" with an optional ".mmm" (the same separator twice,
 * as parseLogTimeMs's pattern allows either at each place): its time in ms, null when it is that
 * shape but no time (a 25th hour, 31 February), undefined when it is another shape.
 */
function wallClockMs(text: string, midnight: (day: string) => number | null): number | null | undefined {
  const n = text.length;
  if (n !== 19 && n !== 23) return undefined;
  const sep = text.charCodeAt(4);
  if ((sep !== 45 && sep !== 47) || (text.charCodeAt(7) !== 45 && text.charCodeAt(7) !== 47))
    return undefined;
  const between = text.charCodeAt(10);
  if (between !== 84 && between !== 32) return undefined;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return undefined;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9]) if (digit(text, i) < 0) return undefined;
  const h1 = digit(text, 11);
  const h2 = digit(text, 12);
  const m1 = digit(text, 14);
  const m2 = digit(text, 15);
  const s1 = digit(text, 17);
  const s2 = digit(text, 18);
  if (h1 < 0 || h2 < 0 || m1 < 0 || m2 < 0 || s1 < 0 || s2 < 0) return undefined;
  let ms = 0;
  if (n === 23) {
    if (text.charCodeAt(19) !== 46 && text.charCodeAt(19) !== 44) return undefined;
    const a = digit(text, 20);
    const b = digit(text, 21);
    const c = digit(text, 22);
    if (a < 0 || b < 0 || c < 0) return undefined;
    ms = a * 100 + b * 10 + c;
  }
  const hour = h1 * 10 + h2;
  const minute = m1 * 10 + m2;
  const second = s1 * 10 + s2;
  // parseLogTimeMs's own checks, in its order: a month or day out of range is its midnight's null.
  const day = midnight(text.slice(0, 10));
  if (day === null || hour > 23 || minute > 59 || second > 59) return null;
  return day + ((hour * 60 + minute) * 60 + second) * 1000 + ms;
}
