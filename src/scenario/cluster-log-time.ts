/**
 * Times in cluster logs, as milliseconds on one clock. Slurm writes local wall-clock times without a
 * zone (2026-01-05T10:00:00), nvidia-smi writes 2026/01/05 10:00:00.000, DCGM exports ISO 8601 (with
 * or without a zone) or Unix seconds. A time without a zone is read as it is written (as if UTC), so a
 * week starts at the wall-clock midnight the cluster's own clock shows and no browser time zone moves
 * it; a time with a zone or a Unix time is converted to UTC.
 */

export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 24 * MS_PER_HOUR;
export const MS_PER_WEEK = 7 * MS_PER_DAY;
export const HOURS_PER_WEEK = 168;

const DATE_TIME =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const UNIX = /^\d{9,13}(?:\.\d+)?$/;
/** Below this a Unix number is seconds, above it milliseconds (1e11 s is the year 5138). */
const UNIX_MS_FROM = 1e11;

/** A log time → ms, or null when the text is not a time of one of the shapes above. */
export function parseLogTimeMs(text: string): number | null {
  const t = text.trim();
  if (UNIX.test(t)) {
    const n = Number(t);
    return n >= UNIX_MS_FROM ? Math.round(n) : Math.round(n * 1000);
  }
  const m = DATE_TIME.exec(t);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 31 February over into March: a day the month does not have is not a time.
  if (new Date(wall).getUTCDate() !== day) return null;
  return wall - zoneOffsetMs(zone);
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

const ELAPSED = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)(?:\.\d+)?$/;

/** Slurm's Elapsed ([days-]hours:minutes:seconds, or minutes:seconds) → ms, or null. */
export function parseElapsedMs(text: string): number | null {
  const m = ELAPSED.exec(text.trim());
  if (!m) return null;
  const [, days = '0', hours, minutes, seconds] = m;
  // With one colon Slurm means minutes:seconds; with two, hours:minutes:seconds.
  const h = hours === undefined ? 0 : Number(hours);
  if (Number(minutes) > 59 || Number(seconds) > 59) return null;
  const ms = (((Number(days) * 24 + h) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
  // Hundreds of digits of days overflow to Infinity (or past any date): not a duration a log holds.
  return Number.isSafeInteger(ms) ? ms : null;
}

/** The calendar day of a time as YYYY-MM-DD (on the same clock as parseLogTimeMs). */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
