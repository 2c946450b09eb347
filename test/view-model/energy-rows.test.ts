import { describe, expect, it } from 'vitest';
import { defaultScenario, type EnergyReport, energyReport, STRATEGY_IDS } from '../../src/engine';
import { energyRows } from '../../src/view-model/energy-rows';

describe('energy rows of the dashboard', () => {
  it('are each way’s horizon totals ÷ its years (30 months = 2.5 years), tonnes from kg', () => {
    const s = { ...defaultScenario, horizonMonths: 30 };
    const report = energyReport(s);
    const rows = energyRows(report);
    expect(rows.map((r) => r.way)).toEqual([...STRATEGY_IDS]);
    for (const r of rows) {
      const total = report.ways[r.way].total;
      expect(r.kwhPerYear).toBeCloseTo(total.kwh / 2.5, 6);
      expect(r.tonnesPerYear).toBeCloseTo((total.scope2Kg + total.scope3Kg) / 2500, 9);
      expect(r.embodiedTonnesPerYear).toBeCloseTo(total.scope3Kg / 2500, 9);
    }
  });

  it('marks a way whose kWh are mostly the providers’ as an estimate', () => {
    const rows = energyRows(energyReport(defaultScenario));
    const by = Object.fromEntries(rows.map((r) => [r.way, r]));
    expect(by.rent?.estimated).toBe(true);
    expect(by.platform?.estimated).toBe(true);
    expect(by.selfBuild?.estimated).toBe(false);
  });

  it('a report with no months gives zeros, not NaN', () => {
    const report = energyReport(defaultScenario);
    const empty: EnergyReport = {
      ...report,
      ways: Object.fromEntries(
        STRATEGY_IDS.map((w) => [w, { ...report.ways[w], total: { ...report.ways[w].total, months: 0 } }]),
      ) as EnergyReport['ways'],
    };
    for (const r of energyRows(empty)) expect([r.kwhPerYear, r.tonnesPerYear]).toEqual([0, 0]);
  });
});
