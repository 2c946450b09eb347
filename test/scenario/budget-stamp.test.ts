import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import {
  type BudgetStamp,
  canonicalJson,
  nextStamp,
  readStamp,
  scenarioFingerprint,
  stampFromParam,
  stampToParam,
} from '../../src/scenario/budget-stamp';
import { readItem } from '../../src/scenario/saved-item';
import { textHash } from '../../src/scenario/text-hash';

const stamp: BudgetStamp = {
  budgetId: 'b-1',
  label: 'Budget FY27',
  version: 2,
  frozenAt: '2026-12-03T22:10:00.000Z',
  preparedBy: '李伟',
  hash: '0123abcd',
};

describe('budget stamp', () => {
  it('writes canonical JSON with keys sorted at every level and undefined members left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: true, y: null }], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('fingerprints a scenario by FNV-1a of its canonical JSON, whatever the order its keys were built in', () => {
    const scenario = presets.seedTeam!;
    const reordered = Object.fromEntries(Object.entries(scenario).reverse());
    expect(scenarioFingerprint(reordered)).toBe(scenarioFingerprint(scenario));
    expect(scenarioFingerprint(scenario)).toBe(textHash(canonicalJson(scenario)));
    expect(scenarioFingerprint({ ...scenario, name: 'other' })).not.toBe(scenarioFingerprint(scenario));
  });

  it('travels as a link parameter and reads back the same stamp', () => {
    const text = stampToParam(stamp);
    const viaUrl = new URLSearchParams(`b=${encodeURIComponent(text)}`).get('b');
    expect(stampFromParam(viaUrl!)).toEqual(stamp);
  });

  it('refuses a parameter that is not a stamp: not JSON, wrong length, a bad field, too long', () => {
    expect(stampFromParam('nope')).toBeNull();
    expect(stampFromParam('["b-1","Budget",1]')).toBeNull();
    expect(stampFromParam(stampToParam({ ...stamp, hash: 'XYZ' }))).toBeNull();
    expect(stampFromParam(stampToParam({ ...stamp, version: 0 }))).toBeNull();
    expect(stampFromParam(stampToParam({ ...stamp, frozenAt: 'yesterday' }))).toBeNull();
    expect(stampFromParam(stampToParam({ ...stamp, label: '   ' }))).toBeNull();
    expect(stampFromParam(stampToParam({ ...stamp, budgetId: 'a b' }))).toBeNull();
    expect(stampFromParam(`["${'x'.repeat(3_000)}"]`)).toBeNull();
    expect(readStamp({ ...stamp, extra: 1 })).toEqual(stamp);
  });

  it('numbers the next version one above the highest saved, and fingerprints the scenario frozen', () => {
    const scenario = presets.largeLab!;
    const next = nextStamp({ budgetId: 'b-1', label: 'Budget FY27' }, [1, 3, 2], {
      frozenAt: stamp.frozenAt,
      preparedBy: '',
      scenario,
    });
    expect(next.version).toBe(4);
    expect(next.hash).toBe(textHash(canonicalJson(scenario)));
    expect(nextStamp({ budgetId: 'b-2', label: 'New' }, [], { ...next, scenario }).version).toBe(1);
  });
});

describe('a frozen saved entry', () => {
  const scenario = { ...presets.seedTeam!, name: 'Budget FY27 · v1' };
  const frozen = { ...stamp, version: 1, hash: scenarioFingerprint(scenario) };
  const item = { id: 'e1', name: 'Budget FY27 · v1', savedAt: stamp.frozenAt, scenario, budget: frozen };

  it('reads with its stamp when its figures match the fingerprint', () => {
    const read = readItem(item, JSON.stringify(item));
    expect(read.kind).toBe('entry');
    expect(read.kind === 'entry' ? read.entry.budget : null).toEqual(frozen);
  });

  it('is kept aside, not opened as that version, when its figures were changed after the freeze', () => {
    const altered = { ...item, scenario: { ...scenario, horizonMonths: scenario.horizonMonths + 1 } };
    const read = readItem(altered, JSON.stringify(altered));
    expect(read.kind).toBe('broken');
    expect(read.kind === 'broken' ? read.broken.code : null).toBe('budgetAltered');
  });

  it('is kept aside when its stamp is not readable', () => {
    const damaged = { ...item, budget: { ...frozen, version: 'one' } };
    const read = readItem(damaged, JSON.stringify(damaged));
    expect(read.kind === 'broken' ? read.broken.code : null).toBe('budgetAltered');
  });

  it('an entry without a stamp reads as before, with no budget', () => {
    const { budget: _budget, ...plain } = item;
    const read = readItem(plain, JSON.stringify(plain));
    expect(read.kind === 'entry' ? read.entry.budget : 'broken').toBeUndefined();
  });
});

describe('actuals kept with a frozen entry', () => {
  const scenario = { ...presets.seedTeam!, name: 'Budget FY27 · v1' };
  const frozen = { ...stamp, version: 1, hash: scenarioFingerprint(scenario) };
  const actuals = {
    file: 'bills.csv',
    importedAt: '2027-02-01T00:00:00.000Z',
    firstMonth: '2027-01',
    bills: {
      monthKind: 'calendar',
      rows: 1,
      usdRows: 0,
      months: [
        {
          month: '2027-01',
          way: 'platform',
          spendByCategoryCny: { compute: 1000, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
          heldGpuHours: null,
          usefulGpuHours: 10,
        },
      ],
    },
  };
  const item = { id: 'e1', name: scenario.name, savedAt: stamp.frozenAt, scenario, budget: frozen, actuals };

  it('read back with the entry, the version’s fingerprint still holding', () => {
    const read = readItem(item, JSON.stringify(item));
    expect(read.kind === 'entry' ? read.entry.actuals : null).toEqual(actuals);
    expect(read.kind === 'entry' ? read.entry.budget : null).toEqual(frozen);
  });

  it('left out when they no longer validate (a way that does not exist), the version itself intact', () => {
    const bad = {
      ...item,
      actuals: {
        ...actuals,
        bills: { ...actuals.bills, months: [{ ...actuals.bills.months[0], way: 'cloud' }] },
      },
    };
    const read = readItem(bad, JSON.stringify(bad));
    expect(read.kind).toBe('entry');
    expect(read.kind === 'entry' ? read.entry.actuals : 'broken').toBeUndefined();
    expect(read.kind === 'entry' ? read.entry.budget : null).toEqual(frozen);
  });
});
