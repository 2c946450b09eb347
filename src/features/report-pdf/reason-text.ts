import type { TFunction } from 'i18next';
import type { ReasonItem } from '../../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';

/*
 * The recommendation's reasons read exactly as on the dashboard. Features do not import each other
 * (ARCHITECTURE.md), so this mirrors src/features/dashboard/reason-params.ts; a test checks the two
 * give the same params for every reason of every preset, so they cannot drift apart unnoticed.
 * Once the dashboard's version moves to src/lib, this file can go.
 */

/** Params that are fractions (shown as percents). */
const PERCENT_KEYS = new Set(['loadRate', 'crossoverLoadRate', 'utilizationCap', 'burstShare']);
/** Money params and their decimals (a GPU-hour price needs cents, a server price does not). */
const MONEY_DIGITS: Record<string, number> = { serverPriceCny: 0, priceCnyPerGpuHour: 2 };
const NUMBER_DIGITS: Record<string, number> = { peakToBaseline: 1, baselineGpus: 1, peakGpus: 1 };

/** A reason's params formatted for its sentence: percents, money in the display currency, numbers. */
export function reasonParams(item: ReasonItem, money: MoneyFormat, t: TFunction): Record<string, string> {
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
  if (typeof level === 'number') out.levelName = t(`common:team.${level}`);
  if (typeof level === 'string') out.levelName = t(`common:compliance.${level}`);
  return out;
}

/** The translated sentence of a reason (`kind` "reasons") or a flip threshold (`kind` "flips"). */
export function reasonText(
  item: ReasonItem,
  kind: 'reasons' | 'flips',
  money: MoneyFormat,
  t: TFunction,
): string {
  return t(`common:recommendation.${kind}.${item.code}`, reasonParams(item, money, t));
}
