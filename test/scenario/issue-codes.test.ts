import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario, type Scenario, WEEKLY_CURVE_WEEKS } from '../../src/engine';
import { parseScenario } from '../../src/scenario';
import { CURRENT_SCHEMA_VERSION, migrateScenario } from '../../src/scenario/migrate';
import { ISSUE_CODES } from '../../src/scenario/parse';

/** The issues of a scenario changed by `change` (which edits a deep copy). */
function issuesOf(change: (s: Record<string, unknown> & Scenario) => void) {
  const s = structuredClone(defaultScenario) as Record<string, unknown> & Scenario;
  change(s);
  const r = migrateScenario(s);
  if (r.ok) throw new Error('expected the scenario to be refused');
  return r.issues;
}

describe('issue codes for translated messages', () => {
  it('marks an option outside the allowed set as notOneOf (enum, literal union)', () => {
    expect(issuesOf((s) => Object.assign(s, { compliance: 'secret' }))).toEqual([
      expect.objectContaining({ path: 'compliance', code: 'notOneOf' }),
    ]);
    expect(issuesOf((s) => Object.assign(s, { teamCapability: 7 }))).toEqual([
      expect.objectContaining({ path: 'teamCapability', code: 'notOneOf' }),
    ]);
  });

  it('marks power out of order as powerOrder, naming the field it must not exceed', () => {
    expect(
      issuesOf((s) => {
        s.selfBuild.powerIdleKwPerServer = 9;
      }),
    ).toEqual([
      expect.objectContaining({
        path: 'selfBuild.powerIdleKwPerServer',
        code: 'powerOrder',
        other: 'selfBuild.powerBusyKwPerServer',
      }),
    ]);
    expect(
      issuesOf((s) => {
        s.selfBuild.powerBusyKwPerServer = s.selfBuild.powerMaxKwPerServer + 1;
      }),
    ).toContainEqual(
      expect.objectContaining({
        path: 'selfBuild.powerBusyKwPerServer',
        code: 'powerOrder',
        other: 'selfBuild.powerMaxKwPerServer',
      }),
    );
  });

  it('marks a too-short weekly curve as weeksRange with the allowed week counts', () => {
    expect(
      issuesOf((s) => {
        s.demand = { ...s.demand, mode: 'weekly', weeklyGpus: [1, 2, 3] };
      }),
    ).toEqual([
      expect.objectContaining({
        path: 'demand.weeklyGpus',
        code: 'weeksRange',
        min: WEEKLY_CURVE_WEEKS.min,
        max: WEEKLY_CURVE_WEEKS.max,
      }),
    ]);
  });

  it('marks too long a name as tooLong and too long a curve as tooMany, with the limit', () => {
    expect(issuesOf((s) => Object.assign(s, { name: 'x'.repeat(201) }))).toEqual([
      expect.objectContaining({ path: 'name', code: 'tooLong', limit: 200 }),
    ]);
    expect(
      issuesOf((s) => {
        s.demand = { ...s.demand, weeklyGpus: Array(WEEKLY_CURVE_WEEKS.max + 1).fill(1) };
      }),
    ).toEqual([
      expect.objectContaining({ path: 'demand.weeklyGpus', code: 'tooMany', limit: WEEKLY_CURVE_WEEKS.max }),
    ]);
  });

  it('marks uncertainty range problems with their own codes', () => {
    const issues = issuesOf((s) => {
      s.uncertainty = {
        ...s.uncertainty,
        ranges: { nonsense: [1, 2], 'selfBuild.pue': [1.5, 1.2], 'rent.utilization': [0.01, 0.5] },
      };
    });
    expect(issues).toContainEqual(
      expect.objectContaining({ path: 'uncertainty.ranges.nonsense', code: 'notUncertain' }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({ path: 'uncertainty.ranges.selfBuild.pue', code: 'lowAboveHigh' }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        path: 'uncertainty.ranges.rent.utilization',
        code: 'outsideRange',
        min: 0.05,
        max: 1,
      }),
    );
  });

  it('marks a zero throughput (which must be above 0) as mustExceed 0', () => {
    expect(
      issuesOf((s) => {
        s.throughput = { ...s.throughput, unitsPerUsefulGpuHour: 0 };
      }),
    ).toEqual([
      expect.objectContaining({ path: 'throughput.unitsPerUsefulGpuHour', code: 'mustExceed', limit: 0 }),
    ]);
  });

  it('marks a scenario from a newer app as newerVersion', () => {
    expect(issuesOf((s) => Object.assign(s, { schemaVersion: CURRENT_SCHEMA_VERSION + 1 }))).toEqual([
      expect.objectContaining({ path: 'schemaVersion', code: 'newerVersion', limit: CURRENT_SCHEMA_VERSION }),
    ]);
  });

  it('marks input whose getters throw as unreadable', () => {
    const hostile = {};
    Object.defineProperty(hostile, 'schemaVersion', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const r = parseScenario(hostile);
    expect(r.ok ? [] : r.issues.map((i) => i.code)).toEqual(['unreadable']);
  });

  it('gives every issue of randomly damaged scenarios a specific code (never the catch-all)', () => {
    const paths = Object.keys(defaultScenario) as (keyof Scenario)[];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.anything(), (key, value) => {
        const r = parseScenario({ ...defaultScenario, [key]: value });
        for (const issue of r.ok ? [] : r.issues) {
          expect(ISSUE_CODES).toContain(issue.code);
          expect(issue.code).not.toBe('invalid');
        }
      }),
      { numRuns: 2_000 },
    );
  });
});
