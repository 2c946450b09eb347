import type { TFunction } from 'i18next';
import type { ReasonItem } from '../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../lib/format';

/** Params that are fractions (shown as percents). */
const PERCENT_KEYS = new Set(['loadRate', 'crossoverLoadRate', 'efficiency', 'burstShare']);
/** Money params and the decimals they need (a GPU-hour price needs cents, a server price does not). */
const MONEY_DIGITS: Record<string, number> = {
  serverPriceCny: 0,
  priceCnyPerGpuHour: 2,
  savingMonthlyCny: 0,
};
const NUMBER_DIGITS: Record<string, number> = {
  peakToBaseline: 1,
  baselineGpus: 1,
  peakGpus: 1,
  jobsPerMonth: 1,
  hoursPerJob: 1,
};
/**
 * GPU counts that are averages (a baseline, a peak week's mean): one decimal below 10 GPUs ("2.6"),
 * whole from 10 on — "435", not "435.3 GPUs" (review #70); the sentences say "about" (约).
 */
const GPU_COUNT_KEYS = new Set(['baselineGpus', 'peakGpus']);
const gpuDigits = (gpus: number) => (Math.abs(gpus) >= 9.95 ? 0 : 1);

/** The two comparators self-build is measured against, each read as its name in sentences. */
const COMPARATORS = new Set(['rent', 'platform']);

/**
 * Formats a reason's params for its translated sentence: percents, money in the display currency,
 * grouped numbers (GPUs, months); team levels also get their name, compliance levels their translated
 * name, and a comparator ("rent" | "platform") its name ("renting whole servers", "the pooled
 * platform") as `comparatorName` (and `comparatorNameCap` at the start of a sentence).
 */
export function formatReasonParams(
  item: ReasonItem,
  money: MoneyFormat,
  t: TFunction,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(item.params)) {
    if (typeof raw === 'string') {
      if (key === 'winner') {
        // A strategy id (the strategy that would win instead) reads as its name.
        out[key] = t(`common:strategy.${raw}`);
      } else if (key === 'comparator' && COMPARATORS.has(raw)) {
        out.comparator = t(`common:comparator.${raw}`);
        out.comparatorName = out.comparator;
        out.comparatorNameCap = t(`common:comparatorCap.${raw}`);
      } else {
        out[key] = raw;
      }
      continue;
    }
    const digits = MONEY_DIGITS[key];
    if (digits !== undefined) out[key] = formatMoney(raw, money, digits);
    else if (PERCENT_KEYS.has(key)) out[key] = formatPercent(raw, money.locale, 1);
    else if (GPU_COUNT_KEYS.has(key)) out[key] = formatNumber(raw, money.locale, gpuDigits(raw));
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

/** A React key for a reason: the code, plus the comparator where one code appears once per comparator. */
export function reasonKey(item: ReasonItem): string {
  const c = item.params.comparator;
  return typeof c === 'string' ? `${item.code}-${c}` : item.code;
}
