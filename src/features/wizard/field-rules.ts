import { WEEKLY_CURVE_WEEKS, WEEKLY_GPUS_MAX } from '../../engine';
import { parseNumberText } from '../../lib/number-text';
import { z } from '../../lib/zod';

/**
 * Rules for the wizard's own text fields (generator settings, throughput). Bounds come from the same
 * engine constants as the scenario schema (26–104 weeks, 0–1,000,000 GPUs a week); the scenario change
 * they lead to is validated again by `parseScenario` before it is applied.
 */
export const WeeksRule = z.number().int().min(WEEKLY_CURVE_WEEKS.min).max(WEEKLY_CURVE_WEEKS.max);
export const MeanGpusRule = z.number().positive().max(WEEKLY_GPUS_MAX);
/** The scenario schema allows up to 10¹⁵ units per useful GPU-hour; per second that is 10¹⁵ ÷ 3,600. */
export const ThroughputRule = z
  .number()
  .positive()
  .max(1e15 / 3600);

export type FieldErrorCode = 'empty' | 'notNumber' | 'notInteger' | 'range' | 'notPositive';
export interface FieldError {
  code: FieldErrorCode;
  min?: number;
  max?: number;
}

/** Checks typed text against a rule; the error says what is wrong in terms a message can be built from. */
export function checkText(
  text: string,
  rule: z.ZodNumber,
  bounds: { min: number; max: number; integer?: boolean; positive?: boolean },
): { ok: true; value: number } | { ok: false; error: FieldError } {
  if (text.trim() === '') return { ok: false, error: { code: 'empty' } };
  const value = parseNumberText(text);
  if (value === null) return { ok: false, error: { code: 'notNumber' } };
  const parsed = rule.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  if (bounds.integer && !Number.isInteger(value)) return { ok: false, error: { code: 'notInteger' } };
  if (bounds.positive && value <= 0) return { ok: false, error: { code: 'notPositive' } };
  return { ok: false, error: { code: 'range', min: bounds.min, max: bounds.max } };
}

export type CurveSettingsCheck =
  | { ok: true; weeks: number; meanGpus: number }
  | { ok: false; field: 'weeks' | 'mean'; error: FieldError };

export function validateCurveSettings(weeksText: string, meanText: string): CurveSettingsCheck {
  const weeks = checkText(weeksText, WeeksRule, { ...WEEKLY_CURVE_WEEKS, integer: true });
  if (!weeks.ok) return { ok: false, field: 'weeks', error: weeks.error };
  const mean = checkText(meanText, MeanGpusRule, { min: 0, max: WEEKLY_GPUS_MAX, positive: true });
  if (!mean.ok) return { ok: false, field: 'mean', error: mean.error };
  return { ok: true, weeks: weeks.value, meanGpus: mean.value };
}

/** Throughput per GPU as typed: empty means "not measured" (null), anything else must be valid. */
export function validateThroughputText(
  text: string,
): { ok: true; value: number | null } | { ok: false; error: FieldError } {
  if (text.trim() === '') return { ok: true, value: null };
  return checkText(text, ThroughputRule, { min: 0, max: 1e15 / 3600, positive: true });
}
