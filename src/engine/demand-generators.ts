import { createRng } from './rng';

/** Shapes of seed 003 §4–5: steady training, research pulses, growth, seasonal demand. */
export type CurveKind = 'steady' | 'pulse' | 'growth' | 'seasonal';
export const CURVE_KINDS: readonly CurveKind[] = ['steady', 'pulse', 'growth', 'seasonal'];

export interface CurveOptions {
  weeks: number;
  /** Mean of the generated curve, in useful GPUs. */
  meanGpus: number;
  seed: number;
}

/**
 * A weekly demand curve of the given kind, rescaled so its mean is exactly `meanGpus`.
 * Deterministic for a given seed.
 */
export function generateCurve(kind: CurveKind, { weeks, meanGpus, seed }: CurveOptions): number[] {
  const rand = createRng(seed);
  const raw: number[] = [];
  for (let w = 0; w < weeks; w++) {
    const noise = 1 + (rand() - 0.5) * 0.1;
    let level: number;
    switch (kind) {
      case 'steady':
        level = 1;
        break;
      case 'pulse':
        // Six-week experiment campaigns at ~3× the quiet level, then writing and analysis.
        level = w % 10 < 4 ? 2.2 : 0.35;
        break;
      case 'growth':
        level = 0.4 + (1.2 * w) / Math.max(1, weeks - 1) + (w % 13 === 12 ? 0.6 : 0);
        break;
      case 'seasonal':
        level = 1 + 0.5 * Math.sin((2 * Math.PI * w) / 52);
        break;
    }
    raw.push(Math.max(0, level * noise));
  }
  const total = raw.reduce((a, b) => a + b, 0);
  if (total <= 0 || meanGpus <= 0) return raw.map(() => 0);
  const factor = (meanGpus * weeks) / total;
  return raw.map((v) => v * factor);
}
