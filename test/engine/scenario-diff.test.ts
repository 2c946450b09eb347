import {
  comparedInputValue,
  inputsDifferingFromFirst,
  presets,
  type Scenario,
  withInput,
} from '../../src/engine';

const seed = presets.seedTeam as Scenario;

describe('inputsDifferingFromFirst', () => {
  it('is empty for no scenario, one scenario, or scenarios that are alike', () => {
    expect(inputsDifferingFromFirst([])).toEqual([]);
    expect(inputsDifferingFromFirst([seed])).toEqual([]);
    expect(inputsDifferingFromFirst([seed, { ...seed, name: 'Another name' }, seed])).toEqual([]);
  });

  it('collects what any scenario changes against the first, once each, parameters first then choices', () => {
    const a = { ...withInput(seed, 'horizonMonths', 24), compliance: 'domestic' as const };
    const b = { ...withInput(seed, 'selfBuild.serverPriceCny', 1_500_000), compliance: 'domestic' as const };
    expect(inputsDifferingFromFirst([seed, a, b])).toEqual([
      'horizonMonths',
      'selfBuild.serverPriceCny',
      'compliance',
    ]);
    // With a as the reference, b differs in the horizon and the server price (both are domestic).
    expect(inputsDifferingFromFirst([a, b])).toEqual(['horizonMonths', 'selfBuild.serverPriceCny']);
  });

  it('lists a different GPU model and the VAT view after the other inputs, and reads their values', () => {
    const h20: Scenario = {
      ...seed,
      teamCapability: 4,
      hardware: { ...seed.hardware, rent: { ...seed.hardware.rent, modelId: 'h20' } },
      vat: { ...seed.vat, enabled: true },
    };
    expect(inputsDifferingFromFirst([seed, h20])).toEqual([
      'teamCapability',
      'hardware.rent.modelId',
      'vat.enabled',
    ]);
    expect(comparedInputValue(h20, 'hardware.rent.modelId')).toBe('h20');
    expect(comparedInputValue(h20, 'vat.enabled')).toBe(true);
    expect(comparedInputValue(h20, 'teamCapability')).toBe(4);
    expect(comparedInputValue(h20, 'selfBuild.serverPriceCny')).toBe(seed.selfBuild.serverPriceCny);
  });
});
