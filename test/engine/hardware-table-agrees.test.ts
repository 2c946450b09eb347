import { describe, expect, it } from 'vitest';
import { chooseModel, compareHardware, evaluate, GPU_MODELS, presets } from '../../src/engine';

// One figure per quantity: the hardware comparison's row for the configured model is the
// configuration the Self-build card prices, so both show the same monthly cost to the yuan.
describe('hardware table and the Self-build card agree', () => {
  const priced = GPU_MODELS.filter((m) => m.serverPrices.length > 0);

  for (const [presetId, preset] of Object.entries(presets)) {
    it(`prices the configured cluster as the card does on the preset "${presetId}"`, () => {
      const card = evaluate(preset).strategies.selfBuild;
      const row = compareHardware(preset).rows.find((r) => r.modelId === preset.hardware.selfBuild.modelId);
      expect(row).toBeDefined();
      expect(row!.monthlyCny).toBe(card.monthlyCny);
      expect(row!.costPerUsefulPflopHourCny).toBe(card.costPerUsefulPflopHourCny);
    });

    it(`agrees for every catalogue model chosen as the own GPU on the preset "${presetId}"`, () => {
      for (const model of priced) {
        const s = chooseModel(preset, 'selfBuild', model.id);
        const card = evaluate(s).strategies.selfBuild;
        const row = compareHardware(s).rows.find((r) => r.modelId === model.id);
        expect(row, model.id).toBeDefined();
        // To the yuan, as both are shown (the same engine path gives the same float).
        expect(Math.round(row!.monthlyCny), model.id).toBe(Math.round(card.monthlyCny));
        expect(row!.monthlyCny, model.id).toBe(card.monthlyCny);
      }
    });
  }

  it('keeps the seed team’s edited H800 power in its row (the case the two figures once differed by)', () => {
    const s = presets.seedTeam!;
    const row = compareHardware(s).rows.find((r) => r.modelId === 'h800')!;
    expect(Math.round(row.monthlyCny)).toBe(Math.round(evaluate(s).strategies.selfBuild.monthlyCny));
    expect(row.capacityGpus).toBe(s.selfBuild.capacityGpus);
  });
});
