import { monthOfDate, steadyShapeDecline } from './price-path-presets';
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
 * The rate a steady hardware path starts at: H100 8-GPU servers in China fell from ≈ 2.7 M CNY
 * (Huxiu, Jul 2024) to ≈ 1.45 M (BOM 数据中心, Jul 2026), about 27 % a year; 25 % rounds it.
 */
export const HARDWARE_STEADY_INITIAL = 0.25;

/**
 * Which path a hardware shape is: none (today's price, or for resale: follows the purchase path), a
 * preset's, a steady rate, or another ('imported').
 */
export function hardwarePresetOf(
  shape: PriceShape | null,
): HardwarePathPreset | 'none' | 'steady' | 'imported' {
  if (shape === null) return 'none';
  if (shape.preset === 'shortage' || shape.preset === 'observed') return shape.preset;
  if (steadyShapeDecline(shape) !== null) return 'steady';
  return 'imported';
}
