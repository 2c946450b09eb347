import fc from 'fast-check';
import { DEFAULT_FC_SEED } from './setup';

describe('property tests run on a pinned seed', () => {
  it('uses FC_SEED when set, otherwise the fixed default', () => {
    const fromEnv = Number.parseInt(process.env.FC_SEED ?? '', 10);
    expect(fc.readConfigureGlobal().seed).toBe(Number.isSafeInteger(fromEnv) ? fromEnv : DEFAULT_FC_SEED);
  });

  it('a failing property reports the seed that replays it', () => {
    expect(() => fc.assert(fc.property(fc.nat(), (n) => n < 0))).toThrow(/seed: -?\d+/);
  });
});
