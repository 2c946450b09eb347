import type { TFunction } from 'i18next';
import type { ReasonItem } from '../../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';

/** Params that are fractions (shown as percents). */
const PERCENT_KEYS = new Set(['loadRate', 'crossoverLoadRate', 'utilizationCap', 'burstShare']);
/** Money params and the decimals they need (a GPU-hour price needs cents, a server price does not). */
const MONEY_DIGITS: Record<string, number> = { serverPriceCny: 0, priceCnyPerGpuHour: 2 };
const NUMBER_DIGITS: Record<string, number> = {
  peakToBaseline: 1,
  baselineGpus: 1,
  peakGpus: 1,
  jobsPerMonth: 1,
  hoursPerJob: 1,
};

/**
 * Formats a reason's params for its translated sentence: percents, money in the display currency,
 * grouped numbers; team levels also get their name and compliance levels their translated name.
 */
export function formatReasonParams(
  item: ReasonItem,
  money: MoneyFormat,
  t: TFunction,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(item.params)) {
    if (typeof raw === 'string') {
      out[key] = raw;
      continue;
    }
    const digits = MONEY_DIGITS[key];
    if (digits !== undefined) out[key] = formatMoney(raw, money, digits);
    else if (PERCENT_KEYS.has(key)) out[key] = formatPercent(raw, money.locale, 1);
    else out[key] = formatNumber(raw, money.locale, NUMBER_DIGITS[key] ?? 0);
  }
  const level = item.params.level;
  if (typeof level === 'number') out.levelName = t(`team.${level}`);
  if (typeof level === 'string') out.levelName = t(`compliance.${level}`);
  return out;
}
