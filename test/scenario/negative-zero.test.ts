import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { decodeScenarioHash, parseScenario, scenarioToJson } from '../../src/scenario';
import { scenarioFromJson } from '../../src/scenario/json-file';
import { HASH_KEY, LINK_FORMAT } from '../../src/scenario/url-codec';

/**
 * Issue 36 item 4: `-0` (which JSON and links can carry, and which passes `min(0)`) comes out of the
 * schema as 0, wherever a number is read: a plain parameter, a nullable one, a curve's week, a plan's
 * field, a dollar amount.
 */

const planMode = switchDemandMode(defaultScenario, 'plan');

/** The scenario as JSON text with each listed `"key":0` written as `"key":-0`. */
function withNegativeZeros(keys: readonly string[]): string {
  const base = {
    ...planMode,
    calibration: { ...planMode.calibration, rentSetupCnyPerJob: 0 },
    finance: { ...planMode.finance, gpuTimePriceDeclineFractionPerYear: 0 },
    trainingPlan: { ...planMode.trainingPlan, recurringGpuHoursPerMonth: 0 },
    usdInputs: { 'selfBuild.serverPriceCny': 0 },
  };
  let text = JSON.stringify(base);
  for (const key of keys) {
    const before = text;
    text = text.replace(`"${key}":0`, `"${key}":-0`);
    if (text === before) throw new Error(`no "${key}":0 in the scenario`);
  }
  return text;
}

const KEYS = [
  'gpuTimePriceDeclineFractionPerYear',
  'rentSetupCnyPerJob',
  'recurringGpuHoursPerMonth',
  'selfBuild.serverPriceCny',
];

function negativeZerosIn(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return Object.is(value, -0) ? [path] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => negativeZerosIn(v, path ? `${path}.${k}` : k));
}

describe('-0 from outside', () => {
  it('the test really feeds -0 (JSON.parse keeps the sign)', () => {
    const parsed = JSON.parse(withNegativeZeros(KEYS));
    expect(negativeZerosIn(parsed)).toHaveLength(KEYS.length);
  });

  it('comes out of the schema as 0, every field of the scenario', () => {
    const r = parseScenario(JSON.parse(withNegativeZeros(KEYS)));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(negativeZerosIn(r.scenario)).toEqual([]);
      expect(Object.is(r.scenario.trainingPlan.recurringGpuHoursPerMonth, 0)).toBe(true);
      expect(Object.is(r.scenario.calibration.rentSetupCnyPerJob, 0)).toBe(true);
    }
  });

  it('in a weekly curve', () => {
    const weekly = switchDemandMode(defaultScenario, 'weekly');
    const text = JSON.stringify(weekly).replace(/"weeklyGpus":\[[^,]+,/, '"weeklyGpus":[-0,');
    expect(negativeZerosIn(JSON.parse(text))).toEqual(['demand.weeklyGpus.0']);
    const r = parseScenario(JSON.parse(text));
    expect(r.ok && negativeZerosIn(r.scenario)).toEqual([]);
  });

  it('from a JSON file', () => {
    const file = JSON.parse(scenarioToJson(planMode));
    const text = JSON.stringify({ ...file, scenario: '@' }).replace('"@"', withNegativeZeros(KEYS));
    const r = scenarioFromJson(text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(negativeZerosIn(r.scenario)).toEqual([]);
  });

  it('from a link', () => {
    const payload = Buffer.from(deflateSync(strToU8(withNegativeZeros(KEYS)))).toString('base64url');
    const r = decodeScenarioHash(`${HASH_KEY}=${LINK_FORMAT}.${payload}`);
    expect(r.ok).toBe(true);
    if (r.ok) expect(negativeZerosIn(r.scenario)).toEqual([]);
  });
});
