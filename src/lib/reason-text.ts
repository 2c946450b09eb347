import type { TFunction } from 'i18next';
import type { ReasonItem } from '../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from './format';

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
      // A strategy id (the strategy that would win instead) reads as its name.
      out[key] = key === 'winner' ? t(`common:strategy.${raw}`) : raw;
      continue;
    }
    const digits = MONEY_DIGITS[key];
    if (digits !== undefined) out[key] = formatMoney(raw, money, digits);
    else if (PERCENT_KEYS.has(key)) out[key] = formatPercent(raw, money.locale, 1);
    else out[key] = formatNumber(raw, money.locale, NUMBER_DIGITS[key] ?? 0);
  }
  const level = item.params.level;
  if (typeof level === 'number') out.levelName = t(`common:team.${level}`);
  if (typeof level === 'string') out.levelName = t(`common:compliance.${level}`);
  return out;
}

/**
 * The translated sentence of one of the engine's reasons (`kind` "reasons") or flip thresholds
 * (`kind` "flips"), worded the same on the dashboard, in the self-assessment and in the PDF.
 */
export function reasonText(
  item: ReasonItem,
  kind: 'reasons' | 'flips',
  money: MoneyFormat,
  t: TFunction,
): string {
  return t(`common:recommendation.${kind}.${item.code}`, formatReasonParams(item, money, t));
}
