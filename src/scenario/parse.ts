import { type Scenario, withPlanCurve } from '../engine';
import type { z } from '../lib/zod';
import { ScenarioGroupsSchema, ScenarioSchema, ScenarioSpanningRulesSchema } from './schema';

/**
 * What is wrong with a field, as a machine code the UI translates (the English `message` is only for
 * logs and exported files, so no English reaches a Chinese screen).
 */
export const ISSUE_CODES = [
  'tooSmall',
  'tooBig',
  /** Below or equal to an exclusive minimum (`limit`), e.g. a throughput that must be above 0. */
  'mustExceed',
  'notInteger',
  'wrongType',
  /** Not one of the allowed options (an enum or a fixed set of values). */
  'notOneOf',
  /** Text longer than `limit` characters. */
  'tooLong',
  /** A list with more than `limit` entries. */
  'tooMany',
  /** A server's power draw out of order (idle ≤ busy ≤ max); `other` is the field it must not exceed. */
  'powerOrder',
  /** A weekly curve with a week count outside `min`–`max`. */
  'weeksRange',
  /** An uncertainty range for an input that cannot be uncertain. */
  'notUncertain',
  /** A dollar amount recorded for an input that is not an amount of money. */
  'notMoney',
  /** An uncertainty range outside its input's allowed `min`–`max`. */
  'outsideRange',
  /** An uncertainty range whose low is above its high. */
  'lowAboveHigh',
  /** Made by a newer app; `limit` is the newest schema version this app reads. */
  'newerVersion',
  /** An older schema version whose upgrade failed. */
  'upgradeFailed',
  /** Input that could not even be inspected (throwing getters, proxies). */
  'unreadable',
  /** A run of a training plan with neither a GPU count nor a deadline. */
  'gpusOrDeadline',
  /** A run of a training plan that ends after the plan's last week (`limit`). */
  'pastPlanWeeks',
  /** A training plan whose week `week` would hold more than `limit` GPUs (the weekly maximum). */
  'planWeekTooBig',
  /** Always last and alone: `limit` more issues were found and not listed (see MAX_ISSUES). */
  'moreIssues',
  'invalid',
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

export function isIssueCode(value: unknown): value is IssueCode {
  return typeof value === 'string' && (ISSUE_CODES as readonly string[]).includes(value);
}

export interface ScenarioIssue {
  /** Dotted path of the offending field, e.g. `selfBuild.serverPriceCny` ("" for the whole value). */
  path: string;
  /** English text, for logs and files. */
  message: string;
  /** What is wrong, for translated messages (missing means 'invalid'). */
  code?: IssueCode;
  /** The bound for tooSmall/tooBig/mustExceed/tooLong/tooMany/newerVersion. */
  limit?: number;
  /** The allowed range for weeksRange/outsideRange. */
  min?: number;
  max?: number;
  /** Dotted path of the field this one is compared with (powerOrder). */
  other?: string;
  /** The 1-based week of a training plan an issue is about (planWeekTooBig). */
  week?: number;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** The code and values a schema refinement put in its `params` (see schema.ts). */
function fromParams(params: Record<string, unknown> | undefined): Partial<ScenarioIssue> {
  if (!params || !isIssueCode(params.code)) return { code: 'invalid' };
  const out: Partial<ScenarioIssue> = { code: params.code };
  for (const key of ['limit', 'min', 'max', 'week'] as const) {
    const v = params[key];
    if (typeof v === 'number') out[key] = v;
  }
  if (typeof params.other === 'string') out.other = params.other;
  return out;
}

/**
 * The most issues listed for one value; the rest are counted in a last 'moreIssues' entry. Nobody
 * reads 60,000 messages, and building them blocked the page (a hostile file).
 */
export const MAX_ISSUES = 20;

/** zod issues as plain records with dotted paths and a translatable code, at most MAX_ISSUES of them. */
export function toIssues(error: z.ZodError): ScenarioIssue[] {
  const listed = error.issues.slice(0, MAX_ISSUES).map(toIssue);
  const rest = error.issues.length - listed.length;
  if (rest > 0)
    listed.push({ path: '', message: `and ${rest} more issues`, code: 'moreIssues', limit: rest });
  return listed;
}

function toIssue(i: z.core.$ZodIssue): ScenarioIssue {
  const issue: ScenarioIssue = { path: i.path.map(String).join('.'), message: i.message };
  switch (i.code) {
    case 'too_small':
      return {
        ...issue,
        code: i.inclusive === false ? 'mustExceed' : 'tooSmall',
        limit: Number(i.minimum),
      };
    case 'too_big': {
      const code = i.origin === 'string' ? 'tooLong' : i.origin === 'array' ? 'tooMany' : 'tooBig';
      return { ...issue, code, limit: Number(i.maximum) };
    }
    case 'invalid_type':
      return { ...issue, code: i.expected === 'int' ? 'notInteger' : 'wrongType' };
    case 'invalid_value':
    case 'invalid_union':
      // Enums, literals and unions of literals (the team level): a value outside the allowed set.
      return { ...issue, code: 'notOneOf' };
    case 'custom':
      return { ...issue, ...fromParams(i.params) };
    default:
      return { ...issue, code: 'invalid' };
  }
}

/**
 * Validates anything from outside (parsed JSON, a decoded link, stored data) as a Scenario.
 * Never throws: bad input comes back as issues naming each field and what is wrong with it.
 */
export function parseScenario(input: unknown): ParseResult {
  try {
    const result = ScenarioSchema.safeParse(input);
    // A plan's curve is the engine's, never what came in: the plan and what is priced agree.
    if (result.success) return { ok: true, scenario: withPlanCurve(result.data) };
    return { ok: false, issues: toIssues(result.error) };
  } catch (e) {
    // Hostile input (getters that throw, proxies) must not take the app down.
    return {
      ok: false,
      issues: [
        {
          path: '',
          message: `unreadable input: ${e instanceof Error ? e.message : String(e)}`,
          code: 'unreadable',
        },
      ],
    };
  }
}

const GROUPS = ScenarioGroupsSchema.shape;
const GROUP_KEYS = Object.keys(GROUPS) as (keyof typeof GROUPS)[];

export type ValidationResult = { ok: true } | { ok: false; issues: ScenarioIssue[] };

/**
 * Whether `input` is a valid scenario, as `parseScenario` decides, reusing the result for the parts
 * of it that are unchanged since `valid` (a scenario that passed this schema): a group that is the
 * same value (the same object, for an object) as `valid`'s is not checked again; every other group is,
 * with its own schema, and then the rules that span groups. A slider step changes one group, so it
 * pays for that group, not for the whole scenario (docs/performance.md).
 *
 * Anything else — an input with other keys, a group that fails, a rule that fails, unreadable input
 * — is decided by the full parse, so the answer and its issues are always exactly `parseScenario`'s.
 * `valid` must be unchanged since it was validated (scenarios are never mutated in place).
 */
export function validateScenarioReusing(input: unknown, valid: Scenario): ValidationResult {
  const full = (): ValidationResult => {
    const parsed = parseScenario(input);
    return parsed.ok ? { ok: true } : { ok: false, issues: parsed.issues };
  };
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return full();
    const record = input as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length !== GROUP_KEYS.length || keys.some((key) => !Object.hasOwn(GROUPS, key))) return full();
    for (const key of GROUP_KEYS) {
      const value = record[key];
      if (value === valid[key]) continue;
      if (!GROUPS[key].safeParse(value).success) return full();
    }
    return ScenarioSpanningRulesSchema.safeParse(input).success ? { ok: true } : full();
  } catch {
    // Hostile input (getters that throw, proxies): the full parse reports it.
    return full();
  }
}
