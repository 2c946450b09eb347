import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import { type BudgetStamp, canonicalJson } from '../../src/scenario/budget-stamp';
import { scenarioFromJson, scenarioToJson } from '../../src/scenario/json-file';
import type { StoredActuals } from '../../src/scenario/stored-actuals';
import { textHash } from '../../src/scenario/text-hash';

const scenario = { ...presets.largeLab!, name: 'Budget FY27 · v1' };
// The fingerprint from its definition: FNV-1a over the canonical JSON.
const stamp: BudgetStamp = {
  budgetId: 'fy27',
  label: 'Budget FY27',
  version: 1,
  frozenAt: '2026-12-03T09:00:00.000Z',
  preparedBy: 'Li Wei',
  hash: textHash(canonicalJson(scenario)),
};
const actuals: StoredActuals = {
  file: 'bills.csv',
  importedAt: '2027-04-02T08:00:00.000Z',
  firstMonth: '2027-01',
  bills: {
    monthKind: 'horizon',
    rows: 1,
    usdRows: 0,
    months: [
      {
        month: '1',
        way: 'rent',
        spendByCategoryCny: { compute: 5, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
        heldGpuHours: null,
        usefulGpuHours: null,
      },
    ],
  },
};

describe('a frozen version in a scenario file', () => {
  it('carries its stamp and actuals, and reads back as that frozen version', () => {
    const read = scenarioFromJson(scenarioToJson(scenario, { stamp, actuals }));
    expect(read).toEqual({ ok: true, scenario, budget: { kind: 'frozen', stamp, actuals } });
  });

  it('a file without a version carries none', () => {
    const text = scenarioToJson(scenario);
    expect(text).not.toContain('"budget"');
    expect(scenarioFromJson(text)).toEqual({ ok: true, scenario });
  });

  it('figures edited in the file no longer match the stamp: an ordinary scenario, named by its label', () => {
    const text = scenarioToJson(scenario, { stamp, actuals: null }).replace(
      `"horizonMonths": ${scenario.horizonMonths}`,
      `"horizonMonths": ${scenario.horizonMonths + 12}`,
    );
    const read = scenarioFromJson(text);
    expect(read.ok && read.budget).toEqual({ kind: 'mismatch', label: 'Budget FY27' });
  });

  it('damaged actuals leave the version frozen and say so; an unreadable stamp is a mismatch without a label', () => {
    const damaged = JSON.parse(scenarioToJson(scenario, { stamp, actuals })) as Record<string, unknown>;
    damaged.actuals = { file: 3 };
    const read = scenarioFromJson(JSON.stringify(damaged));
    expect(read.ok && read.budget).toEqual({ kind: 'frozen', stamp, actuals: 'damaged' });
    damaged.budget = ['not', 'a', 'stamp'];
    const unreadable = scenarioFromJson(JSON.stringify(damaged));
    expect(unreadable.ok && unreadable.budget).toEqual({ kind: 'mismatch', label: null });
  });
});
