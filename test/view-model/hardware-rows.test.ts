import { describe, expect, it } from 'vitest';
import { chooseModel, hardwareSummary, presets, type Scenario, withUserEdits } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { hardwareRows, sourceText } from '../../src/view-model/hardware-rows';

const seed = presets.seedTeam as Scenario;
const t = createI18n('en').t;

/** Renting an H100 with the rental price then changed by the user. */
function rentH100Edited(): Scenario {
  const s = chooseModel(seed, 'rent', 'h100');
  return withUserEdits({ ...s, rent: { ...s.rent, priceCnyPerServerHour: 99 } });
}

describe('hardwareRows', () => {
  it('gives each way its model, availability, throughput ratio and filled inputs, from the engine’s summary', () => {
    const s = rentH100Edited();
    const rows = hardwareRows(s);
    for (const way of hardwareSummary(s)) {
      const mine = rows.filter((row) => row.strategy === way.strategy);
      expect(mine[0]).toEqual({
        kind: 'model',
        strategy: way.strategy,
        modelName: way.modelName,
        denseTflops: way.denseTflops?.value ?? null,
        source: way.denseTflops
          ? {
              source: way.denseTflops.source,
              asOf: way.denseTflops.asOf,
              estimate: way.denseTflops.confidence === 'L',
            }
          : null,
      });
      expect(mine.filter((row) => row.kind === 'availability')).toEqual(
        way.availability ? [{ kind: 'availability', strategy: way.strategy, ...way.availability }] : [],
      );
      expect(mine.find((row) => row.kind === 'ratio')).toEqual({
        kind: 'ratio',
        strategy: way.strategy,
        throughputRatio: way.throughputRatio,
        userEdited: way.userEditedPaths.includes(`hardware.${way.strategy}.throughputRatio`),
      });
      const inputs = mine.flatMap((row) => (row.kind === 'input' ? [row] : []));
      expect(inputs.map((row) => [row.path, row.value, row.userEdited, row.modelChosen])).toEqual(
        way.inputs.map((input) => [input.path, input.value, input.userEdited, way.modelId !== null]),
      );
    }
  });

  it('marks the rental price the user changed after choosing the H100, and only that input', () => {
    const edited = hardwareRows(rentH100Edited()).flatMap((row) =>
      row.kind === 'input' && row.userEdited ? [row.path] : [],
    );
    expect(edited).toEqual(['rent.priceCnyPerServerHour']);
  });
});

describe('sourceText', () => {
  it('prints the source, and marks a catalogue estimate as one without doubled parentheses', () => {
    expect(sourceText({ source: 'Vendor list', asOf: '2025-06', estimate: false }, t, 'en')).toBe(
      'Vendor list',
    );
    expect(sourceText({ source: 'Vendor list', asOf: '2025-06', estimate: true }, t, 'en')).toBe(
      `Vendor list — ${t('hardware:estimate')}`,
    );
  });
});
