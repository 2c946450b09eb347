import { marketFactorAtMonth } from './market';
import { monthOfDate } from './price-path-presets';
import type { PriceShape } from './types';

/**
 * The hardware purchase path's presets (docs/model.md §2 "Hardware purchase and resale paths", model
 * v4), from the dated 8-GPU server prices in China the data notes keep (docs/data-sources.md, GPU
 * catalogue). Each is a
 * replay from today — the index is each price ÷ the first, month 1 the first price's month — not a
 * forecast; flat after the last point. Without a preset every batch costs today's price (v14).
 */
export const HARDWARE_PATH_PRESETS = ['shortage', 'observed'] as const;
export type HardwarePathPreset = (typeof HARDWARE_PATH_PRESETS)[number];

/**
 * Shortage (export controls), replayed: H800 8-GPU servers ≈ 2.0 M CNY at their launch in March 2023
 * (Reuters, H20 pre-order report, February 2024) to more than 2.7 M after the rule of 17 October 2023
 * (Caixin) and close to 2.8 M (智东西, 20 October 2023): +40 % in seven months.
 */
export const HARDWARE_SHORTAGE_CNY = [
  { date: '2023-03', cnyPerServer: 2_000_000 },
  { date: '2023-10', cnyPerServer: 2_800_000 },
] as const;

/**
 * Falling, replayed: H100 8-GPU servers in China ≈ 2.7 M CNY (Huxiu dealer quote, July 2024) to
 * ≈ 1.45 M (BOM 数据中心, price research compiling CNBC and Reuters, July 2026; an estimate): −46 % in
 * two years.
 */
export const HARDWARE_OBSERVED_CNY = [
  { date: '2024-07', cnyPerServer: 2_700_000 },
  { date: '2026-07', cnyPerServer: 1_450_000 },
] as const;

/** A preset's hardware path: its dated prices as indices on the first (month 1 = 1). */
export function presetHardwareShape(preset: HardwarePathPreset): PriceShape {
  const prices = preset === 'shortage' ? HARDWARE_SHORTAGE_CNY : HARDWARE_OBSERVED_CNY;
  const first = prices[0];
  return {
    preset,
    name: '',
    source: '',
    points: prices.map((p) => ({
      month: monthOfDate(p.date, first.date),
      index: p.cnyPerServer / first.cnyPerServer,
    })),
  };
}

/**
 * A steady hardware path (a yearly rate, negative a rise) runs to the last month any horizon reads —
 * 72 months and a 24-month lead time — as two points: log-linear between them is the steady rate
 * itself, (1 − d)^((m − 1) ÷ 12), and the points stay within a path's limits for any allowed rate.
 */
export const STEADY_HARDWARE = {
  lastMonth: 96,
  /** Yearly decline allowed, as fractions: a 40 % fall or rise a year. */
  min: -0.4,
  max: 0.4,
  /**
   * The rate a steady path starts at: H100 8-GPU servers in China fell from ≈ 2.7 M CNY (Huxiu, Jul
   * 2024) to ≈ 1.45 M (BOM 数据中心, Jul 2026), about 27 % a year; 25 % rounds it.
   */
  initial: 0.25,
} as const;

/** The steady hardware path at a yearly decline `d` (negative: a rise), within STEADY_HARDWARE. */
export function steadyHardwareShape(d: number): PriceShape {
  return {
    preset: 'steady',
    name: '',
    source: '',
    points: [
      { month: 1, index: 1 },
      { month: STEADY_HARDWARE.lastMonth, index: marketFactorAtMonth(d, STEADY_HARDWARE.lastMonth) },
    ],
  };
}

/** A steady hardware path's yearly decline, read back from its points; null for any other shape. */
export function steadyHardwareDecline(shape: PriceShape | null): number | null {
  if (shape === null || shape.preset !== 'steady' || shape.points.length !== 2) return null;
  const [first, last] = shape.points as [PriceShape['points'][0], PriceShape['points'][0]];
  if (first.month !== 1 || first.index !== 1 || last.month <= 1) return null;
  return 1 - last.index ** (12 / (last.month - 1));
}

/**
 * Which path a hardware shape is: none (today's price, or for resale: follows the purchase path), a
 * preset's, a steady rate, or another ('imported').
 */
export function hardwarePresetOf(
  shape: PriceShape | null,
): HardwarePathPreset | 'none' | 'steady' | 'imported' {
  if (shape === null) return 'none';
  if (shape.preset === 'shortage' || shape.preset === 'observed') return shape.preset;
  if (steadyHardwareDecline(shape) !== null) return 'steady';
  return 'imported';
}
