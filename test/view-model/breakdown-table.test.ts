import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine';
import { leadTimeLines } from '../../src/view-model/breakdown-table';
import { makeScenario } from '../factories';

describe('build lead time line of the breakdown table', () => {
  it('lists the engine’s lead-time line for self-build, part of its time category', () => {
    const e = evaluate(makeScenario());
    const lines = leadTimeLines(e);
    expect(lines.map((l) => l.id)).toContain('selfBuild');
    const self = lines.find((l) => l.id === 'selfBuild')!;
    expect(self.monthlyCny).toBe(e.strategies.selfBuild.leadTimeMonthlyCny);
    expect(self.monthlyCny).toBeGreaterThan(0);
    expect(self.monthlyCny).toBeLessThan(e.strategies.selfBuild.breakdownMonthlyCny.time);
  });

  it('is empty for a site that already runs (lead time 0)', () => {
    expect(leadTimeLines(evaluate(makeScenario({ selfBuild: { buildLeadTimeMonths: 0 } })))).toEqual([]);
  });
});
