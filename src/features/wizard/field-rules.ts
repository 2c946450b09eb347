import { parseNumberText } from '../../lib/number-text';

/**
 * Syntax rules for the wizard's own text fields (generator settings, throughput): is the text a number
 * the generator can use? Whether the scenario it leads to is allowed (week count, GPUs a week, the
 * throughput's range) is for the scenario schema to say, through the store's door; nothing here repeats
 * a range.
 */
export type FieldErrorCode = 'empty' | 'notNumber' | 'notInteger' | 'notPositive';
export interface FieldError {
  code: FieldErrorCode;
}

type Checked = { ok: true; value: number } | { ok: false; error: FieldError };

function numberText(text: string): Checked {
  if (text.trim() === '') return { ok: false, error: { code: 'empty' } };
  const value = parseNumberText(text);
  return value === null ? { ok: false, error: { code: 'notNumber' } } : { ok: true, value };
}

export type CurveSettingsCheck =
  | { ok: true; weeks: number; meanGpus: number }
  | { ok: false; field: 'weeks' | 'mean'; error: FieldError };

/** A week count is a whole number and a generator needs a level above 0 to shape a curve around. */
export function parseCurveSettings(weeksText: string, meanText: string): CurveSettingsCheck {
  const weeks = numberText(weeksText);
  if (!weeks.ok) return { ok: false, field: 'weeks', error: weeks.error };
  if (!Number.isInteger(weeks.value)) return { ok: false, field: 'weeks', error: { code: 'notInteger' } };
  const mean = numberText(meanText);
  if (!mean.ok) return { ok: false, field: 'mean', error: mean.error };
  if (mean.value <= 0) return { ok: false, field: 'mean', error: { code: 'notPositive' } };
  return { ok: true, weeks: weeks.value, meanGpus: mean.value };
}

/** Throughput per GPU as typed: empty means "not measured" (null); otherwise it must be a number. */
export function parseThroughputText(
  text: string,
): { ok: true; value: number | null } | { ok: false; error: FieldError } {
  if (text.trim() === '') return { ok: true, value: null };
  return numberText(text);
}
