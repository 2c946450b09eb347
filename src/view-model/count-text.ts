import type { TFunction } from 'i18next';
import { formatNumber, type Locale } from '../lib/format';

/** Units counted in sentences ("1 month", "8 GPUs", "1 台服务器"). */
export type CountUnit = 'months' | 'weeks' | 'gpus' | 'servers';

/**
 * A count with its noun in the right number (i18next plurals, `common:count.<unit>_one/_other`): a
 * sentence holding several counts takes each as a finished phrase, so "1 server" and "8 GPUs" can
 * stand in one sentence. The number is formatted for the language; the plural follows its value.
 */
export function countText(t: TFunction, unit: CountUnit, n: number, locale: Locale, digits = 0): string {
  return t(`common:count.${unit}`, { count: n, value: formatNumber(n, locale, digits) });
}
