import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, workbookFacts } from '../../src/engine';

describe('workbookFacts', () => {
  it('reads the figures the evaluation itself priced with: efficiency, lead time, eligibility', () => {
    for (const s of Object.values(presets) as Scenario[]) {
      const facts = workbookFacts(s);
      const ev = evaluate(s);
      expect(facts.ownEfficiency).toBe(ev.ownEfficiency);
      expect(facts.buildLeadTimeMonths).toBe(ev.buildLeadTimeMonths);
      expect(facts.rentEligible).toBe(ev.strategies.rent.eligible);
      expect(facts.platformEligible).toBe(ev.strategies.platform.eligible);
    }
  });

  it('says which compliance premiums apply and gives factors of 1 with the VAT view off', () => {
    const s = structuredClone(presets.steadyLab as Scenario);
    s.compliance = 'dedicated';
    const facts = workbookFacts(s);
    expect(facts.domesticPremiumApplies).toBe(true);
    expect(facts.dedicatedPremiumApplies).toBe(true);
    expect(workbookFacts({ ...s, compliance: 'none' }).domesticPremiumApplies).toBe(false);
    expect(facts.vatServicesFactor).toBe(1);
    expect(facts.vatHardwareFactor).toBe(1);
  });
});
