import { describe, expect, it } from 'vitest';
import { COST_CATEGORIES, evaluate, presets, type Scenario, STRATEGY_IDS } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import {
  breakdownTable,
  capitalChargeLines,
  categoryRows,
  leadTimeLines,
  totalLabel,
  totalRows,
  unitCostLabel,
  unitCostRows,
} from '../../src/view-model/breakdown-table';
import { makeScenario } from '../factories';

const seed = presets.seedTeam as Scenario;
const t = createI18n('en').t;

describe('categoryRows', () => {
  it('gives one row per cost category, in the engine order, holding each strategy’s breakdownMonthlyCny', () => {
    const e = evaluate(seed);
    const rows = categoryRows(e);
    expect(rows.map((row) => row.category)).toEqual([...COST_CATEGORIES]);
    for (const row of rows)
      for (const id of STRATEGY_IDS) expect(row[id]).toBe(e.strategies[id].breakdownMonthlyCny[row.category]);
  });
});

describe('totalRows', () => {
  it('gives the monthly, annual and horizon totals of each strategy as the engine has them', () => {
    const e = evaluate(seed);
    const [monthly, annual, horizon] = totalRows(e);
    expect([monthly?.kind, annual?.kind, horizon?.kind]).toEqual(['monthly', 'annual', 'horizon']);
    for (const id of STRATEGY_IDS) {
      expect(monthly?.[id]).toBe(e.strategies[id].monthlyCny);
      expect(annual?.[id]).toBe(e.strategies[id].annualCny);
      expect(horizon?.[id]).toBe(e.strategies[id].horizonCny);
    }
  });
});

describe('unitCostRows', () => {
  it('gives the cost per useful GPU-hour and per PFLOP-hour of each strategy as the engine has them', () => {
    const e = evaluate(seed);
    const [gpuHour, pflopHour] = unitCostRows(e);
    expect([gpuHour?.kind, pflopHour?.kind]).toEqual(['perGpuHour', 'perPflopHour']);
    for (const id of STRATEGY_IDS) {
      expect(gpuHour?.[id]).toBe(e.strategies[id].costPerUsefulGpuHourCny);
      expect(pflopHour?.[id]).toBe(e.strategies[id].costPerUsefulPflopHourCny);
    }
  });
});

describe('leadTimeLines', () => {
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

describe('breakdownTable', () => {
  it('holds the category, total, unit-cost and lead-time rows the functions above give', () => {
    const e = evaluate(seed);
    expect(breakdownTable(e)).toEqual({
      categories: categoryRows(e),
      totals: totalRows(e),
      unitCosts: unitCostRows(e),
      leadTimes: leadTimeLines(e),
      capitalCharges: capitalChargeLines(e),
    });
  });
});

describe('capitalChargeLines', () => {
  it('lists the compute the economic view adds to each way that owns hardware, and nothing in the accounting view', () => {
    const lab = presets.largeLab as Scenario;
    const economic = evaluate(lab);
    const accounting = evaluate({ ...lab, finance: { ...lab.finance, costView: 'accounting' } });
    const lines = capitalChargeLines(economic);
    expect(lines.map((l) => l.id)).toContain('selfBuild');
    for (const line of lines) {
      const added =
        economic.strategies[line.id].breakdownMonthlyCny.compute -
        accounting.strategies[line.id].breakdownMonthlyCny.compute;
      expect(line.monthlyCny).toBeCloseTo(added, 4);
    }
    expect(lines.map((l) => l.id)).not.toContain('rent');
    expect(capitalChargeLines(accounting)).toEqual([]);
  });
});

describe('totalLabel', () => {
  it('names the monthly, annual and horizon totals, the horizon with its months', () => {
    expect(totalLabel('monthly', 36, t)).toBe(t('charts:table.monthlyTotal'));
    expect(totalLabel('annual', 36, t)).toBe(t('charts:table.annualTotal'));
    expect(totalLabel('horizon', 30, t)).toBe(t('charts:table.horizonTotal', { months: 30 }));
    expect(totalLabel('horizon', 30, t)).toContain('30');
  });
});

describe('unitCostLabel', () => {
  it('names the unit-cost rows with the hardware namespace’s labels', () => {
    expect(unitCostLabel('perGpuHour', t)).toBe('Per useful GPU-hour (reference GPU)');
    expect(unitCostLabel('perPflopHour', t)).toBe('Per useful PFLOP-hour');
  });
});
