import { COST_CATEGORIES, STRATEGY_IDS } from '../engine';
import { z } from '../lib/zod';
import { type ActualUsage, actualUsageSchema } from './actual-usage';
import type { Bills } from './bills-csv';
import { jsonFromParam, jsonToParam } from './url-codec';

/**
 * Actual bills kept with a frozen budget version (issue 39 item 2): what was read from the bills CSV
 * (bills-csv.ts), the file's name, when it was read and the calendar month taken as the budget's
 * month 1. Stored on the saved entry beside its stamp — the version's figures are not touched, so its
 * fingerprint still holds — and carried by the team library. Read back through `readActuals`: an
 * entry whose actuals do not validate loads without them (the version itself is intact).
 */
export interface StoredActuals {
  file: string;
  importedAt: string;
  /** 'YYYY-MM', month 1 of the budget for bills dated by calendar month. */
  firstMonth: string;
  bills: Bills;
  /** Measured usage of one way (usage CSV or cluster log), replacing the bills' hours where whole. */
  usage?: ActualUsage;
}

const finite = z.number().refine(Number.isFinite);
const hours = finite.refine((v) => v >= 0).nullable();
const spend = z.object(
  Object.fromEntries(COST_CATEGORIES.map((c) => [c, finite])) as Record<
    (typeof COST_CATEGORIES)[number],
    typeof finite
  >,
);

const schema = z.object({
  file: z.string().max(300),
  importedAt: z.string().max(40),
  firstMonth: z.string().regex(/^\d{4}-\d{2}$/),
  bills: z.object({
    monthKind: z.enum(['calendar', 'horizon']),
    rows: z.number().int().min(0),
    usdRows: z.number().int().min(0),
    months: z
      .array(
        z.object({
          month: z.string().regex(/^(\d{4}-\d{2}|\d{1,4})$/),
          way: z.enum(STRATEGY_IDS),
          spendByCategoryCny: spend,
          heldGpuHours: hours,
          usefulGpuHours: hours,
        }),
      )
      .max(20_000),
  }),
  usage: actualUsageSchema.optional(),
});

/** Stored actuals read back, or null when they are not (or no longer) valid. */
export function readActuals(value: unknown): StoredActuals | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as StoredActuals) : null;
}

/** The link parameter beside a frozen version's stamp that carries its actuals (compressed). */
export const ACTUALS_HASH_KEY = 'a';

export function actualsToParam(actuals: StoredActuals): string {
  return jsonToParam(actuals);
}

/**
 * A link's actuals read back: the value, `null` when the link carries none, or 'damaged' when the
 * parameter cannot be read or does not validate (the version opens without them, and the page says so).
 */
export function actualsFromHash(hash: string): StoredActuals | null | 'damaged' {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const text = params.get(ACTUALS_HASH_KEY);
  if (text === null) return null;
  return readActuals(jsonFromParam(text)) ?? 'damaged';
}
