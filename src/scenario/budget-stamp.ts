import { z } from '../lib/zod';
import { textHash } from './text-hash';

/**
 * A budget version (issue 39, "the budget of record"): a scenario frozen under a name ("Budget FY27"),
 * a version number, the time it was frozen, who prepared it, and the fingerprint of its content. The
 * stamp travels with the saved entry, the share link (`&b=`) and the team library; the scenario it
 * stamps is never changed (saves add entries, and a frozen entry cannot be renamed or reset), so an
 * edit of an open frozen version is a draft beside it.
 *
 * The fingerprint is FNV-1a over the scenario's canonical JSON (keys sorted) as it was frozen — before
 * any migration of a later release, so a version frozen today still matches in a year. It tells
 * whether a link or file holds the figures that were frozen; it is not a signature against someone
 * forging one on purpose.
 */
export interface BudgetStamp {
  /** Groups the versions of one budget (the saved list shows them together). */
  budgetId: string;
  label: string;
  /** 1, 2, …: each freeze of the same budget is its next version. */
  version: number;
  /** ISO time of the freeze (stamped by the caller: this module keeps no clock). */
  frozenAt: string;
  /** Who prepared it, as typed (may be empty). */
  preparedBy: string;
  /** 8 hex digits: the frozen scenario's fingerprint. */
  hash: string;
  /**
   * Set when a later release rewrote the entry with the figures it upgraded (schema migrations): their
   * fingerprint, so the entry still reads as that version. `hash` stays the one frozen, and only
   * figures matching it are shown as exact (a link of upgraded figures does not claim the stamp).
   */
  upgradedHash?: string;
}

export const BUDGET_LABEL_MAX_CHARS = 120;
/** The link's parameter beside `s=` (url-codec.ts). */
export const BUDGET_HASH_KEY = 'b';

const stampSchema = z.object({
  budgetId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  label: z.string().trim().min(1).max(BUDGET_LABEL_MAX_CHARS),
  version: z.number().int().min(1).max(9_999),
  // An ISO date and time as toISOString writes it (the list shows it in the reader's locale).
  frozenAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/),
  preparedBy: z.string().max(BUDGET_LABEL_MAX_CHARS),
  hash: z.string().regex(/^[0-9a-f]{8}$/),
  upgradedHash: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .optional(),
});

/** A stamp read from outside (a stored entry, a link, a library file), or null when it is not one. */
export function readStamp(value: unknown): BudgetStamp | null {
  const parsed = stampSchema.safeParse(value);
  if (!parsed.success) return null;
  const { upgradedHash, ...stamp } = parsed.data;
  return upgradedHash === undefined ? stamp : { ...stamp, upgradedHash };
}

/**
 * The stamp as written beside `scenario`: as it is when the figures are the ones frozen, else with
 * `upgradedHash` naming the figures written (never a new `hash`: the version's fingerprint is kept).
 */
export function stampBeside(stamp: BudgetStamp, scenario: unknown): BudgetStamp {
  const hash = scenarioFingerprint(scenario);
  if (hash === stamp.hash) {
    const { upgradedHash: _gone, ...exact } = stamp;
    return exact;
  }
  return { ...stamp, upgradedHash: hash };
}

/** Whether `fingerprints` (of the figures as stored, and as read) include the stamp's. */
export function stampMatches(stamp: BudgetStamp, fingerprints: readonly string[]): boolean {
  return fingerprints.some((f) => f === stamp.hash || f === stamp.upgradedHash);
}

/**
 * JSON with every object's keys in sorted order and undefined members left out: the same scenario
 * gives the same text whichever path (a file, a link's patch, the store) built its objects.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

/** The fingerprint of a scenario (as stored or decoded, before migration). */
export function scenarioFingerprint(scenario: unknown): string {
  return textHash(canonicalJson(scenario));
}

/** The stamp as the link's `b=` value (URLSearchParams encodes and decodes it). */
export function stampToParam(stamp: BudgetStamp): string {
  return JSON.stringify([
    stamp.budgetId,
    stamp.label,
    stamp.version,
    stamp.frozenAt,
    stamp.preparedBy,
    stamp.hash,
  ]);
}

/** Limit on the parameter's text before it is parsed (a label and a name of 120 characters each fit). */
const MAX_PARAM_CHARS = 2_000;

/** A link's `b=` value read back, or null when it is not a stamp. Never throws. */
export function stampFromParam(text: string): BudgetStamp | null {
  if (text.length > MAX_PARAM_CHARS) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 6) return null;
  const [budgetId, label, version, frozenAt, preparedBy, hash] = parsed;
  return readStamp({ budgetId, label, version, frozenAt, preparedBy, hash });
}

/** The next version's number: one above every version known (never backwards, never a repeat). */
export function nextVersionOf(known: readonly number[]): number {
  return known.reduce((max, v) => Math.max(max, v), 0) + 1;
}

/** The stamp of the next version of a budget, given the versions already saved. */
export function nextStamp(
  base: { budgetId: string; label: string },
  savedVersions: readonly number[],
  fields: { frozenAt: string; preparedBy: string; scenario: unknown },
): BudgetStamp {
  const version = nextVersionOf(savedVersions);
  return {
    budgetId: base.budgetId,
    label: base.label,
    version,
    frozenAt: fields.frozenAt,
    preparedBy: fields.preparedBy,
    hash: scenarioFingerprint(fields.scenario),
  };
}
