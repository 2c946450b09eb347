import { formatNumber, type Locale } from '../../lib/format';

/** A stored time (ISO) as a date and time in the reader's language; '' when it is not a time. */
export function formatSavedAt(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size in bytes as KB, MB, GB or TB (1,024 each, as file managers show them), one decimal below
 * 10. The unit letters are the same in both languages (the Chinese UI writes MB and GB too).
 */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes) / 1024;
  let unit: (typeof UNITS)[number] = 'KB';
  for (let i = 1; i < UNITS.length && value >= 1024; i++) {
    value /= 1024;
    unit = UNITS[i] ?? unit;
  }
  return `${formatNumber(value, locale, value < 10 ? 1 : 0)} ${unit}`;
}
