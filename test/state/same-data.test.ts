import { presets } from '../../src/engine';
import { sameData } from '../../src/state/store';

describe('sameData', () => {
  const base = presets.seedTeam;
  if (!base) throw new Error('missing preset');

  it('is true for a copy of a scenario and false for one changed deep inside', () => {
    const copy = JSON.parse(JSON.stringify(base));
    expect(sameData(base, copy)).toBe(true);
    expect(sameData(base, { ...copy, selfBuild: { ...copy.selfBuild, capacityGpus: 16 } })).toBe(false);
  });

  it('compares arrays element by element and by length', () => {
    expect(sameData([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData([1, { a: 2 }], [1, { a: 3 }])).toBe(false);
    expect(sameData([], {})).toBe(false);
  });

  it('treats an absent key like an undefined one, as JSON does, and tells null from undefined', () => {
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameData({ a: null }, { a: undefined })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: 0 })).toBe(false);
  });

  it('ignores key order (JSON text would not)', () => {
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
  });
});
