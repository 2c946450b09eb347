import type { TFunction } from 'i18next';
import type { CurveFinding, CurveSummary } from '../../../engine';
import { formatNumber, formatPercent, type Locale } from '../../../lib/format';

/**
 * Step 1's curve reading (engine curveVerdict) in words: a small baseline names its GPUs and the
 * server it cannot fill, so "steady" is never read as "high".
 */
export function verdictText(v: CurveSummary, t: TFunction<'wizard'>, locale: Locale): string {
  return t(`usage.verdict.${v.verdict}`, {
    // The count picks the plural (1 GPU, 2.6 GPUs); the shown number is the formatted one.
    count: v.baselineGpus,
    gpus: formatNumber(v.baselineGpus, locale, 1),
    serverGpus: formatNumber(v.minOwnedGpus, locale),
  });
}

/**
 * The result's finding from step 1 (engine curveFinding): the curve reading, and when the
 * recommendation goes the other way, why — the strategy the curve leaned to costs more a month, or is
 * not allowed.
 */
export function curveFindingText(
  f: CurveFinding,
  t: TFunction<'wizard'>,
  tc: TFunction<'common'>,
  locale: Locale,
): string {
  const reading = verdictText(f, t, locale);
  const a = f.against;
  if (a === null) return reading;
  const names = { leaned: tc(`strategy.${a.leaned}`), winner: tc(`strategy.${a.winner}`) };
  const but =
    a.leanedAboveFraction === null
      ? t('result.againstNotAllowed', names)
      : t('result.against', { ...names, fraction: formatPercent(a.leanedAboveFraction, locale, 0) });
  return t('result.readingAgainst', { reading, but });
}
