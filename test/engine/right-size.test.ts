import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, type Scenario } from '../../src/engine';
import { cheapestBaseline, inputsFor, pricingInputs } from '../../src/engine/model';
import { arbScenario } from './arbitraries';

describe('right size', () => {
  it('is the cheapest owned baseline of the own cluster’s GPU-hours, whatever the hybrid is set to', () => {
    fc.assert(
      fc.property(
        arbScenario,
        fc.constantFrom('owned', 'reserved') as fc.Arbitrary<'owned' | 'reserved'>,
        fc.option(fc.integer({ min: 0, max: 64 }), { nil: null }),
        (s0, baselineMode, baselineGpus) => {
          const s: Scenario = { ...s0, hybrid: { ...s0.hybrid, baselineMode, baselineGpus } };
          const expected = cheapestBaseline(inputsFor(pricingInputs(s), 'selfBuild'), 'owned').baselineGpus;
          expect(evaluate(s).rightSize.gpus).toBe(expected);
        },
      ),
      { numRuns: 200, seed: 20_261_204 },
    );
  });
});
