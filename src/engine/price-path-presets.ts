import { marketFactorAtMonth } from './market';
import type { FinanceInput, PricePathPoint, PriceShape } from './types';

/**
 * The price path presets (docs/model.md "Price paths"; docs/data-sources.md "Price paths"). Steady
 * decline and flat are the steady path at 15 %/yr and at 0; the two shaped presets are built here from
 * their dated, sourced points, so each index can be traced to a published price.
 */
export const PRICE_PATH_PRESETS = ['steady', 'flat', 'shortage', 'observed'] as const;
export type PricePathPreset = (typeof PRICE_PATH_PRESETS)[number];

/** The steady preset's decline: the v3 default (Epoch AI's long-run FLOP per dollar trend). */
export const STEADY_PRESET_DECLINE = 0.15;

/** Last month a shaped preset states a point for: six years, the longest horizon, and then some. */
const LAST_PRESET_MONTH = 96;

/**
 * Shortage: +25 % over months 1–6, then 15 %/yr down. Chinese providers announced rental rises of
 * 20–30 % from 1 March 2026 (trade news, February 2026); US 1-year contract prices rose ≈ 38–40 % from
 * October 2025 to March 2026 (SemiAnalysis GPU rental index).
 */
function shortagePoints(): PricePathPoint[] {
  return riseThenSteadyPoints(1.25);
}

/** A rise to `peak` over months 1–6, then the steady preset's decline from it. */
function riseThenSteadyPoints(peak: number): PricePathPoint[] {
  return [
    { month: 1, index: 1 },
    { month: 7, index: peak },
    // Log-linear between month 7 and the last point is the steady 15 %/yr decline from the peak.
    {
      month: LAST_PRESET_MONTH,
      index: peak * marketFactorAtMonth(STEADY_PRESET_DECLINE, LAST_PRESET_MONTH - 6),
    },
  ];
}

/**
 * Observed 2023–2026, replayed: US H100 on-demand prices per GPU-hour, USD, from its launch (mid-2023,
 * month 1: 8–12, the middle 10; compux.net citing SemiAnalysis) — 2.99 (SemiAnalysis, Oct 2024), 2.95
 * (AIMultiple GPU price index, 20 May 2026, median of 37 providers), 3.69 (gpueconomy weekly index,
 * Sep 2026: the middle of 3.46–3.92) — scaled to 1 at month 1 and replayed from today: the V the
 * market drew (−70 %, then +25 %), not a forecast. Flat after the last point.
 */
export const OBSERVED_ON_DEMAND_USD = [
  { date: '2023-06', usdPerGpuHour: 10, source: 'compux.net citing SemiAnalysis, 2023 (8–12)' },
  { date: '2024-10', usdPerGpuHour: 2.99, source: 'SemiAnalysis, Oct 2024' },
  { date: '2026-05', usdPerGpuHour: 2.95, source: 'AIMultiple GPU price index, 20 May 2026' },
  { date: '2026-09', usdPerGpuHour: 3.69, source: 'gpueconomy weekly H100 index, Sep 2026 (3.46–3.92)' },
] as const;

/** Months from the first dated point (its month is 1): "2026-05" after "2024-10" is month 20. */
export function monthOfDate(date: string, first: string): number {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const [y0, m0] = first.split('-').map(Number) as [number, number];
  return (y - y0) * 12 + (m - m0) + 1;
}

function observedPoints(): PricePathPoint[] {
  const first = OBSERVED_ON_DEMAND_USD[0];
  return OBSERVED_ON_DEMAND_USD.map((p) => ({
    month: monthOfDate(p.date, first.date),
    index: p.usdPerGpuHour / first.usdPerGpuHour,
  }));
}

/** The shape a preset sets (null: the steady path, at the decline `presetDecline` gives). */
export function presetShape(preset: PricePathPreset): PriceShape | null {
  if (preset === 'shortage') return { preset, name: '', source: '', points: shortagePoints() };
  if (preset === 'observed') return { preset, name: '', source: '', points: observedPoints() };
  return null;
}

/** The steady decline a preset sets (the shaped presets keep the scenario's, unused while shaped). */
export function presetDecline(preset: PricePathPreset, current: number): number {
  if (preset === 'steady') return STEADY_PRESET_DECLINE;
  if (preset === 'flat') return 0;
  return current;
}

/** Which preset a scenario's path is, if any ('custom' for another steady rate, 'imported' for a file). */
export function pathPresetOf(
  decline: number,
  shape: PriceShape | null,
): PricePathPreset | 'custom' | 'imported' {
  if (shape === null) {
    if (decline === STEADY_PRESET_DECLINE) return 'steady';
    if (decline === 0) return 'flat';
    return 'custom';
  }
  if (shape.preset === 'shortage' || shape.preset === 'observed') return shape.preset;
  return 'imported';
}

/**
 * Shortage, term prices: +30 % over months 1–6, then 15 %/yr down. US 1-year contract prices rose
 * ≈ 38–40 % from October 2025 to March 2026 (SemiAnalysis GPU rental index), more than on-demand
 * prices did; Chinese providers announced rises of 20–30 % (trade news, February 2026).
 */
function shortageTermPoints(): PricePathPoint[] {
  return riseThenSteadyPoints(1.3);
}

/**
 * Observed 2023–2026, replayed, term prices: US H100 1-year contract prices per GPU-hour, USD — ≈ 2.85
 * (early 2024, taken as January: AIMultiple; Latent Space), 1.70 at the trough (SemiAnalysis, Oct
 * 2025), 2.35 (+38–40 %, SemiAnalysis, Mar 2026) — on the on-demand replay's calendar (its month 1 is
 * June 2023) and on its base: a term's index is its price ÷ what a 1-year term cost at launch, the
 * launch on-demand price (10) less the default 1-year discount (25 %), since a commitment pays
 * today's price × its index × (1 − its discount). So the replay's terms cost what the cited contracts
 * did against the cited on-demand prices (2.35 against 2.95 in 2026: 20 % less). No 1-year price is
 * published before early 2024: month 1 is the launch term price (index 1), log-linear to the first
 * point; flat after the last.
 */
export const OBSERVED_TERM_USD = [
  { date: '2024-01', usdPerGpuHour: 2.85, source: 'AIMultiple; Latent Space, early 2024 (≈ 2.85)' },
  { date: '2025-10', usdPerGpuHour: 1.7, source: 'SemiAnalysis GPU rental index, Oct 2025 (trough)' },
  { date: '2026-03', usdPerGpuHour: 2.35, source: 'SemiAnalysis GPU rental index, Mar 2026 (+38–40 %)' },
] as const;

/** The default 1-year commitment discount (docs/data-sources.md): the launch term price's base. */
const LAUNCH_TERM_DISCOUNT = 0.25;

function observedTermPoints(): PricePathPoint[] {
  const launch = OBSERVED_ON_DEMAND_USD[0];
  const launchTermUsd = launch.usdPerGpuHour * (1 - LAUNCH_TERM_DISCOUNT);
  return [
    { month: 1, index: 1 },
    ...OBSERVED_TERM_USD.map((p) => ({
      month: monthOfDate(p.date, launch.date),
      index: p.usdPerGpuHour / launchTermUsd,
    })),
  ];
}

/** The term paths a term path select offers: the two shaped presets' own term points. */
export const TERM_PATH_PRESETS = ['shortage', 'observed'] as const;
export type TermPathPreset = (typeof TERM_PATH_PRESETS)[number];

/**
 * The term path a preset sets (docs/model.md "Price paths"): the shaped presets carry their own term
 * points; steady and flat leave terms on the on-demand path (null), as v13 priced them.
 */
export function presetTermShape(preset: PricePathPreset | TermPathPreset): PriceShape | null {
  if (preset === 'shortage') return { preset, name: '', source: '', points: shortageTermPoints() };
  if (preset === 'observed') return { preset, name: '', source: '', points: observedTermPoints() };
  return null;
}

/**
 * The term path after choosing an on-demand preset: the preset's own term points (null for steady and
 * flat) while the term path was the previous preset's own (or null); a term path the user chose apart
 * — another preset's points or a file — stays.
 */
export function termShapeAfterPreset(
  finance: Pick<FinanceInput, 'gpuTimePriceDeclineFractionPerYear' | 'gpuTimePriceShape' | 'termPriceShape'>,
  preset: PricePathPreset,
): PriceShape | null {
  const term = finance.termPriceShape;
  const previous = pathPresetOf(finance.gpuTimePriceDeclineFractionPerYear, finance.gpuTimePriceShape);
  const linked =
    term === null ||
    ((previous === 'shortage' || previous === 'observed') &&
      JSON.stringify(term) === JSON.stringify(presetTermShape(previous)));
  return linked ? presetTermShape(preset) : term;
}

/** Which term path a scenario holds: the on-demand one ('same'), a preset's, a steady rate, or another ('imported'). */
export function termPresetOf(shape: PriceShape | null): TermPathPreset | 'same' | 'steady' | 'imported' {
  if (shape === null) return 'same';
  if (shape.preset === 'shortage' || shape.preset === 'observed') return shape.preset;
  if (steadyShapeDecline(shape) !== null) return 'steady';
  return 'imported';
}

/**
 * A steady path of its own for a market that has no yearly-rate input (term GPU-time, hardware,
 * resale): a yearly rate d (negative a rise) run to the last month any horizon reads — 72 months and
 * a 24-month lead time — as two points, 1 at month 1 and (1 − d)^(95/12) at month 96. Log-linear
 * between them is the steady rate itself, (1 − d)^((m − 1) ÷ 12), and the points stay within a path's
 * limits for any allowed rate.
 */
export const STEADY_SHAPE = {
  lastMonth: 96,
  /** Yearly decline allowed, as fractions: a 40 % fall or rise a year. */
  min: -0.4,
  max: 0.4,
} as const;

/**
 * The steady path at a yearly decline `d` (negative: a rise) as two points, month 1 and `lastMonth`
 * (within STEADY_SHAPE for a path of its own; the flip's shift writes a steady GPU-time path so too).
 */
export function steadyShape(d: number, lastMonth: number = STEADY_SHAPE.lastMonth): PriceShape {
  return {
    preset: 'steady',
    name: '',
    source: '',
    points: [
      { month: 1, index: 1 },
      { month: lastMonth, index: marketFactorAtMonth(d, lastMonth) },
    ],
  };
}

/** A steady path's yearly decline, read back from its points; null for any other shape. */
export function steadyShapeDecline(shape: PriceShape | null): number | null {
  if (shape === null || shape.preset !== 'steady' || shape.points.length !== 2) return null;
  const [first, last] = shape.points as [PriceShape['points'][0], PriceShape['points'][0]];
  if (first.month !== 1 || first.index !== 1 || last.month <= 1) return null;
  return 1 - last.index ** (12 / (last.month - 1));
}
