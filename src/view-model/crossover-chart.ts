import {
  COMPARATOR_IDS,
  type ComparatorId,
  type Comparison,
  type Evaluation,
  type IneligibleReason,
  type LoadRatePoint,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  sweepLoadRate,
} from '../engine';
import {
  type CrossoverBandArea,
  type CrossoverMark,
  type CrossoverPoint,
  crossoverBandArea,
  crossoverMarks,
  maxOf,
  type NiceScale,
  niceScale,
  reachAreaOf,
} from './chart-data';
import { drawnStrategies, type StrategyLegendEntry, strategyLegend } from './strategy-legend';

/**
 * The crossover chart (monthly cost against load rate), shaped once for the dashboard and the PDF:
 * the same sweep, scale, marks, legend and notes. Notes are codes with their values; each view words
 * them (crossover-text.ts holds the one wording both use).
 */

/** Points of the load-rate sweep: one per whole percent, on screen and in the PDF alike. */
export const LOAD_SWEEP_POINTS = 101;

/**
 * The load-rate sweep every crossover chart draws (engine `sweepLoadRate` at LOAD_SWEEP_POINTS). The
 * dashboard reads it through a cache (src/state/sweep-cache.ts); the PDF calls it directly; both get
 * the same points, so the PDF's chart is the screen's.
 */
export function loadRateSweep(scenario: Scenario): LoadRatePoint[] {
  return sweepLoadRate(scenario, LOAD_SWEEP_POINTS);
}

/** Monte Carlo band of one crossover load rate (fractions), from the analysis worker. */
export interface CrossoverBand {
  comparator: ComparatorId;
  p10: number;
  p90: number;
  /** Share of the sampled draws in which self-build and this comparator cross (the band covers only those). */
  crossingShare?: number;
}

/** One note under the crossover chart, as a code and the values its sentence needs (rates as fractions). */
export type CrossoverNote =
  | { code: 'omitted'; strategy: StrategyId; reason: IneligibleReason }
  | { code: 'noRental' }
  | { code: 'never'; comparison: Pick<Comparison, 'comparator' | 'crossAt'> }
  | { code: 'zero'; comparator: ComparatorId }
  | { code: 'meet'; comparator: ComparatorId; loadRate: number }
  | { code: 'reach'; onPrem: boolean; loadRate: number }
  | { code: 'band'; comparator: ComparatorId; p10: number; p90: number; crossingShare?: number }
  | { code: 'current'; onChart: boolean; loadRate: number };

export type CrossingNote = Extract<CrossoverNote, { code: 'noRental' | 'never' | 'zero' | 'meet' }>;

/** Neither rental is allowed: there is nothing to compare self-build with. */
function noRentalOf(evaluation: Evaluation): boolean {
  return !evaluation.strategies.rent.eligible && !evaluation.strategies.platform.eligible;
}

/**
 * Where self-build meets each allowed comparator (engine `comparisons`): at a load rate, from 0 %, or
 * never within 0–100 % (with the prices that would make it cross); one "no rental" note instead when
 * neither comparator is allowed. The chart's notes and its text summary both say these.
 */
export function crossingNotes(evaluation: Evaluation): CrossingNote[] {
  if (noRentalOf(evaluation)) return [{ code: 'noRental' }];
  return COMPARATOR_IDS.flatMap((comparator): CrossingNote[] => {
    const c = evaluation.comparisons[comparator];
    if (!c.eligible) return [];
    if (c.crossoverLoadRate === null) return [{ code: 'never', comparison: c }];
    if (c.crossoverLoadRate <= 0) return [{ code: 'zero', comparator }];
    return [{ code: 'meet', comparator, loadRate: c.crossoverLoadRate }];
  });
}

/** A Monte Carlo band the chart draws, with its area on the x axis (percent). */
export interface DrawnBand {
  band: CrossoverBand;
  area: CrossoverBandArea;
}

/**
 * The bands drawn: none without a rental to compare with, and none for a crossing the headline says
 * does not exist (never within 0–100 %), nor for one wholly off the axis.
 */
export function drawnBands(evaluation: Evaluation, bands: readonly CrossoverBand[]): DrawnBand[] {
  if (noRentalOf(evaluation)) return [];
  return bands
    .filter(
      (b) =>
        evaluation.comparisons[b.comparator].eligible &&
        evaluation.comparisons[b.comparator].crossoverLoadRate !== null,
    )
    .flatMap((band) => {
      const area = crossoverBandArea(band);
      return area === null ? [] : [{ band, area }];
    });
}

/**
 * The notes under the chart, in reading order: strategies left out and why, the crossings, the load
 * above which the own cluster is full, the Monte Carlo bands, and where the current load sits.
 */
export function crossoverNotes(evaluation: Evaluation, bands: readonly DrawnBand[]): CrossoverNote[] {
  const notes: CrossoverNote[] = [];
  for (const strategy of STRATEGY_IDS) {
    const reason = evaluation.strategies[strategy].ineligibleReason;
    if (reason !== null) notes.push({ code: 'omitted', strategy, reason });
  }
  notes.push(...crossingNotes(evaluation));
  if (reachAreaOf(evaluation))
    notes.push({
      code: 'reach',
      onPrem: !evaluation.strategies.platform.eligible,
      loadRate: evaluation.ownEfficiency,
    });
  for (const { band } of bands) notes.push({ code: 'band', ...band });
  const current = evaluation.loadRate;
  notes.push({ code: 'current', onChart: current >= 0 && current <= 1, loadRate: current });
  return notes;
}

/** The load-rate axis' ticks in percent, on the dashboard and in the PDF alike. */
export const LOAD_RATE_TICKS_PERCENT: readonly number[] = [0, 20, 40, 60, 80, 100];

/** Everything the crossover chart draws and says, but the words. */
export interface CrossoverChartModel {
  /** Monthly cost per strategy at each swept load rate, in the display currency. */
  rows: readonly CrossoverPoint[];
  drawn: StrategyId[];
  yScale: NiceScale;
  marks: CrossoverMark[];
  /** The load range (percent) where the own cluster is full; null when it never fills. */
  reach: { x1: number; x2: number } | null;
  current: { loadRate: number; onChart: boolean };
  bands: DrawnBand[];
  legend: StrategyLegendEntry[];
  notes: CrossoverNote[];
}

/**
 * The chart from the engine's evaluation and the rows of the shared sweep (`crossoverRows` of
 * `loadRateSweep`): the rows come in already shaped so a view can keep them across renders.
 */
export function crossoverChart(
  evaluation: Evaluation,
  rows: readonly CrossoverPoint[],
  bands: readonly CrossoverBand[] = [],
): CrossoverChartModel {
  const drawn = drawnStrategies(evaluation);
  const shownBands = drawnBands(evaluation, bands);
  const current = evaluation.loadRate;
  return {
    rows,
    drawn,
    yScale: niceScale(maxOf(rows, drawn), 4),
    marks: crossoverMarks(evaluation, rows),
    reach: reachAreaOf(evaluation),
    current: { loadRate: current, onChart: current >= 0 && current <= 1 },
    bands: shownBands,
    legend: strategyLegend(evaluation),
    notes: crossoverNotes(evaluation, shownBands),
  };
}
