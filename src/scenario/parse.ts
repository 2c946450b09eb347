import type { z } from 'zod';
import type { Scenario } from '../engine';
import { ScenarioSchema } from './schema';

export type IssueCode = 'tooSmall' | 'tooBig' | 'notInteger' | 'wrongType' | 'invalid';

export interface ScenarioIssue {
  /** Dotted path of the offending field, e.g. `selfBuild.serverPriceCny` ("" for the whole value). */
  path: string;
  /** English text, for logs and files. */
  message: string;
  /** What is wrong, for translated messages; `limit` is the bound for tooSmall/tooBig. */
  code?: IssueCode;
  limit?: number;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; issues: ScenarioIssue[] };

/** zod issues as plain `{ path, message }` records, paths dotted. */
export function toIssues(error: z.ZodError): ScenarioIssue[] {
  return error.issues.map((i) => {
    const issue: ScenarioIssue = { path: i.path.map(String).join('.'), message: i.message };
    if (i.code === 'too_small') return { ...issue, code: 'tooSmall', limit: Number(i.minimum) };
    if (i.code === 'too_big') return { ...issue, code: 'tooBig', limit: Number(i.maximum) };
    if (i.code === 'invalid_type')
      return { ...issue, code: i.expected === 'int' ? 'notInteger' : 'wrongType' };
    return { ...issue, code: 'invalid' };
  });
}

/**
 * Validates anything from outside (parsed JSON, a decoded link, stored data) as a Scenario.
 * Never throws: bad input comes back as issues naming each field and what is wrong with it.
 */
export function parseScenario(input: unknown): ParseResult {
  try {
    const result = ScenarioSchema.safeParse(input);
    if (result.success) return { ok: true, scenario: result.data };
    return { ok: false, issues: toIssues(result.error) };
  } catch (e) {
    // Hostile input (getters that throw, proxies) must not take the app down.
    return {
      ok: false,
      issues: [{ path: '', message: `unreadable input: ${e instanceof Error ? e.message : String(e)}` }],
    };
  }
}

/**
 * Validates one numeric field against its parameter's range, for form inputs: the same rules as the
 * whole-scenario schema, one field at a time.
 */
export { numberFor } from './schema';
