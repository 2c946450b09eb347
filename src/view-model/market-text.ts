import type { TFunction } from 'i18next';
import {
  type BuildLeadMarketUse,
  type Evaluation,
  type MarketUse,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';
import { formatNumber, formatPercent, type Locale } from '../lib/format';
import { wayName } from './way-name';

/**
 * Whole GPUs for GPUs held at once: a fraction of a GPU still takes one (within rounding of a whole
 * number it is that number). The ladder's line and the workbook's Summary say them the same way.
 */
export function wholeGpusHeld(gpus: number): number {
  return Math.max(0, Math.ceil(gpus - 1e-9 * Math.max(1, gpus)));
}

/** Whole GPUs a way holds from the market in its busiest week. */
export function marketPeakGpus(use: MarketUse): number {
  return wholeGpusHeld(use.peakGpus);
}

/** A share of the work in the page's percent, with one more decimal when it would read 0.0 %. */
function shareText(share: number, locale: Locale): string {
  return formatPercent(share, locale, share > 0 && share < 0.001 ? 2 : 1);
}

/**
 * What the first screen and page 1 add under the verdict when the cheapest way needs more GPUs at once
 * than one can get on demand (engine `evaluation.market`): how many, how many the market has, and the
 * share of its work that would wait — running, and while its cluster is built. Null when the winner
 * fits in both or takes nothing from the market.
 */
export function marketCaveatText(
  evaluation: Evaluation,
  scenario: Pick<Scenario, 'existing' | 'hybrid'>,
  locale: Locale,
  t: TFunction,
): string | null {
  const id = evaluation.recommendation.strategy;
  const use = evaluation.market.ways[id];
  if (use === null) return null;
  const way = wayName(t, id, scenario);
  const market = formatNumber(evaluation.market.onDemandGpus, locale);
  const sentences: string[] = [];
  if (!use.fits)
    sentences.push(
      t(isBurst(id) ? 'firstScreen:market.caveatBurst' : 'firstScreen:market.caveat', {
        way,
        peak: formatNumber(marketPeakGpus(use), locale),
        market,
        share: shareText(use.beyondShare, locale),
      }),
    );
  const build = use.buildLeadTime;
  // After the running sentence, the build months' says only what differs (no second "as if" clause).
  if (build !== null && !build.fits)
    sentences.push(
      t(sentences.length > 0 ? 'firstScreen:market.caveatBuildAlso' : 'firstScreen:market.caveatBuild', {
        way,
        months: monthsText(build, locale, t),
        peak: formatNumber(wholeGpusHeld(build.peakGpus), locale),
        market,
        share: shareText(build.beyondShare, locale),
      }),
    );
  return sentences.length === 0 ? null : sentences.join(locale === 'zh-CN' ? '' : ' ');
}

/** The build lead time in the page's months ("4 months", "2.5 months"). */
function monthsText(build: BuildLeadMarketUse, locale: Locale, t: TFunction): string {
  return t('common:count.months', { count: build.months, value: formatNumber(build.months, locale) });
}

/**
 * Every way that takes GPUs from the on-demand market, against it, in one sentence (the first screen's
 * details, the CLI): null when none does.
 */
export function marketWaysText(
  evaluation: Evaluation,
  scenario: Pick<Scenario, 'existing' | 'hybrid'>,
  locale: Locale,
  t: TFunction,
): string | null {
  const parts: string[] = [];
  for (const id of STRATEGY_IDS) {
    const use = evaluation.market.ways[id];
    // A way that holds nothing from the market (its baseline holds the busiest week, and it is built
    // at once or not at all) is not listed.
    if (use === null || (marketPeakGpus(use) <= 0 && wholeGpusHeld(use.buildLeadTime?.peakGpus ?? 0) <= 0))
      continue;
    parts.push(wayText(id, use, scenario, locale, t));
  }
  if (parts.length === 0) return null;
  return t('firstScreen:market.ways', {
    market: formatNumber(evaluation.market.onDemandGpus, locale),
    list: parts.join(t('firstScreen:market.separator')),
  });
}

function wayText(
  id: StrategyId,
  use: MarketUse,
  scenario: Pick<Scenario, 'existing' | 'hybrid'>,
  locale: Locale,
  t: TFunction,
): string {
  const values = { way: wayName(t, id, scenario), peak: formatNumber(marketPeakGpus(use), locale) };
  const burst = isBurst(id) ? 'Burst' : '';
  const build = use.buildLeadTime;
  const buildPeak = wholeGpusHeld(build?.peakGpus ?? 0);
  const buildValues =
    build === null
      ? null
      : {
          peak: formatNumber(buildPeak, locale),
          months: monthsText(build, locale, t),
          share: shareText(build.beyondShare, locale),
        };
  // Only the build months draw on the market: the way is named with them alone.
  if (buildValues !== null && build !== null && buildPeak > 0 && marketPeakGpus(use) <= 0)
    return t(build.fits ? 'firstScreen:market.wayBuildFits' : 'firstScreen:market.wayBuildShort', {
      ...buildValues,
      way: values.way,
    });
  const running = use.fits
    ? t(`firstScreen:market.wayFits${burst}`, values)
    : t(`firstScreen:market.wayShort${burst}`, { ...values, share: shareText(use.beyondShare, locale) });
  if (buildValues === null || build === null || buildPeak <= 0) return running;
  return t(build.fits ? 'firstScreen:market.andBuildFits' : 'firstScreen:market.andBuildShort', {
    ...buildValues,
    running,
  });
}

/** Self-build and the hybrid take from the market only their burst above the baseline. */
function isBurst(id: StrategyId): boolean {
  return id === 'selfBuild' || id === 'hybrid';
}
