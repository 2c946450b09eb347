import type { TFunction } from 'i18next';
import type { ComparatorId } from '../engine';
import { formatPercent, type Locale } from '../lib/format';
import type { CrossoverChartModel } from './crossover-chart';

/**
 * Which of the crossover chart's marks carry a direct label (issue 25: at most two at once). Every
 * mark stays drawn and stays in the chart's notes; a mark without a label is read in the hover readout
 * (at its load rate) and, for a Monte Carlo band, in the legend.
 */

/** At most this many labels on the chart at once. */
export const MAX_DIRECT_LABELS = 2;

/** A label the chart could draw at a mark, as a code with its place on the x axis (percent). */
export type MarkLabelCandidate =
  | { key: 'current'; code: 'current'; x: number; loadRate: number }
  | { key: `cross-${ComparatorId}`; code: 'meet'; x: number; comparator: ComparatorId }
  | { key: 'reach'; code: 'reach'; x: number; loadRate: number }
  | { key: `band-${ComparatorId}`; code: 'band'; x: number; comparator: ComparatorId };

/**
 * Every mark the chart draws, most relevant first: where the team is now; then the crossings, the
 * one nearest today's load first (the break-even the next decision is about); then the load above
 * which the own cluster is full; then the Monte Carlo bands (their shading also has a legend entry).
 */
export function markLabelCandidates(model: CrossoverChartModel, ownEfficiency: number): MarkLabelCandidate[] {
  const out: MarkLabelCandidate[] = [];
  const nowX = model.current.loadRate * 100;
  if (model.current.onChart)
    out.push({ key: 'current', code: 'current', x: nowX, loadRate: model.current.loadRate });
  const marks = [...model.marks].sort(
    (a, b) => Math.abs(a.loadRatePercent - nowX) - Math.abs(b.loadRatePercent - nowX),
  );
  for (const m of marks)
    out.push({ key: `cross-${m.comparator}`, code: 'meet', x: m.loadRatePercent, comparator: m.comparator });
  if (model.reach) out.push({ key: 'reach', code: 'reach', x: model.reach.x1, loadRate: ownEfficiency });
  for (const { band, area } of model.bands)
    out.push({ key: `band-${band.comparator}`, code: 'band', x: area.x1, comparator: band.comparator });
  return out;
}

/** The labels drawn (the first MAX_DIRECT_LABELS by relevance) and the rest. */
export function directLabels(
  model: CrossoverChartModel,
  ownEfficiency: number,
): { shown: MarkLabelCandidate[]; rest: MarkLabelCandidate[] } {
  const all = markLabelCandidates(model, ownEfficiency);
  return { shown: all.slice(0, MAX_DIRECT_LABELS), rest: all.slice(MAX_DIRECT_LABELS) };
}

/**
 * The marks a hover readout at `xPercent` names: those at that load rate to within half a sweep step
 * (the sweep is in whole percents), bands excepted (they span a range; the legend names them).
 */
export function marksAt<T extends MarkLabelCandidate>(candidates: readonly T[], xPercent: number): T[] {
  return candidates.filter((c) => c.code !== 'band' && Math.abs(c.x - xPercent) <= 0.5);
}

/** A mark's label in words ("Now 32.9%", "Meets Rent servers 44.3%"); keys in `charts`, rates to one decimal. */
export function markLabelText(c: MarkLabelCandidate, locale: Locale, t: TFunction): string {
  const pct = (fraction: number) => formatPercent(fraction, locale, 1);
  switch (c.code) {
    case 'current':
      return t('charts:crossover.currentLabel', { rate: pct(c.loadRate) });
    case 'meet':
      return t('charts:crossover.markLabel', {
        name: t(`charts:strategy.${c.comparator}`),
        rate: pct(c.x / 100),
      });
    case 'reach':
      return t('charts:crossover.reachLabel', { rate: pct(c.loadRate) });
    case 'band':
      return bandLegendText(c.comparator, t);
  }
}

/**
 * A Monte Carlo band's name: the P10–P90 of the load at which self-build meets this comparator (the
 * uncertainty section's crossover band), so it never reads as the comparator's own cost range. The
 * chart's legend, its labels and the workbook's uncertainty sheet use it (`charts:crossover.bandLabel`
 * with the comparator's name in sentences).
 */
export function bandLegendText(comparator: ComparatorId, t: TFunction): string {
  return t('charts:crossover.bandLabel', { name: t(`common:comparator.${comparator}`) });
}
