import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  type EnergyReport,
  energyReport,
  evaluate,
  type MeasuredEnergy,
  newTrainingRun,
  planWeeklyCurve,
  presets,
  type Scenario,
  STRATEGY_IDS,
  withMeasuredEnergy,
} from '../../src/engine';
import { carbonVerdict, energyOrigin, energyRows, runEnergyRows } from '../../src/view-model/energy-rows';

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

describe('the carbon line of the own cluster’s energy', () => {
  const lab = presets.largeLab as Scenario;
  const accounting: Scenario = { ...lab, finance: { ...lab.finance, costView: 'accounting' } };
  const priced = (s: Scenario, carbon: number): Scenario => ({
    ...s,
    energy: { ...s.energy, carbonPriceCnyPerTonne: carbon },
  });

  it('is none without a carbon price', () => {
    expect(carbonVerdict(accounting)).toBeNull();
  });

  it('prices each kWh at carbon price × grid factor ÷ 1,000, and adds exactly that to self-build’s energy', () => {
    const s = priced(accounting, 100);
    const v = carbonVerdict(s);
    // 100 CNY/t × 0.5306 kg/kWh ÷ 1,000 kg/t.
    expect(v?.cnyPerKwh).toBeCloseTo(0.05306, 12);
    const energy = (x: Scenario) => evaluate(x).strategies.selfBuild.breakdownMonthlyCny.energy;
    expect(v?.monthlyCny).toBeCloseTo(energy(s) - energy(accounting), 4);
    // The energy without carbon is kWh × power price: the same kWh × 0.05306 is the carbon line.
    const kwh = energy(accounting) / accounting.selfBuild.electricityCnyPerKwh;
    expect(v?.monthlyCny).toBeCloseTo(kwh * 0.05306, 4);
    expect(v?.flips).toBe(false);
  });

  it('names the change when the carbon price flips the answer (the large lab, accounting view, 1,000 CNY/t)', () => {
    const v = carbonVerdict(priced(accounting, 1000));
    expect(v).toMatchObject({ flips: true, withWay: 'platform', withoutWay: 'hybrid' });
  });
});

describe('where the own cluster’s power draw comes from', () => {
  const slurm: MeasuredEnergy = {
    origin: 'schedulerLog',
    scope: 'nodes',
    kwh: 90,
    coveredGpuHours: 100,
    kwPerGpu: 0.9,
    label: 'sacct.txt',
  };

  it('the estimate without a measurement', () => {
    expect(energyOrigin(defaultScenario)).toEqual({
      kind: 'estimate',
      busyKw: 8.2,
      idleKw: 3,
      staleKw: null,
      measured: null,
    });
  });

  it('measured by Slurm: 0.9 kW × 8 GPUs = 7.2 kW; 1.5 kW × 8 = 12 kW kept at the 10.2 kW maximum', () => {
    const o = energyOrigin(withMeasuredEnergy(defaultScenario, slurm).scenario);
    expect(o).toMatchObject({ kind: 'measured', busyKw: 7.2, idleKw: 3, keptAtMaximum: false });
    const high = energyOrigin(withMeasuredEnergy(defaultScenario, { ...slurm, kwPerGpu: 1.5 }).scenario);
    expect(high).toMatchObject({ kind: 'measured', busyKw: 10.2, measuredKw: 12, keptAtMaximum: true });
  });

  it('an edited draw is the estimate again, the measurement named as stale; the boards’ share is 0.55 × 8 ÷ 8.2', () => {
    const applied = withMeasuredEnergy(defaultScenario, slurm).scenario;
    const edited = { ...applied, selfBuild: { ...applied.selfBuild, powerBusyKwPerServer: 8 } };
    expect(energyOrigin(edited)).toMatchObject({ kind: 'estimate', busyKw: 8, staleKw: 7.2 });
    const boards = withMeasuredEnergy(defaultScenario, {
      ...slurm,
      origin: 'telemetry',
      scope: 'gpus',
      kwPerGpu: 0.55,
    }).scenario;
    const o = energyOrigin(boards);
    expect(o.kind).toBe('boards');
    if (o.kind === 'boards') expect(o.share).toBeCloseTo((0.55 * 8) / 8.2, 12);
  });
});

describe('energy and emissions per training run', () => {
  function planOf(gpuHours: readonly number[]): Scenario {
    const s = structuredClone(presets.seedTeam as Scenario);
    s.trainingPlan.recurringGpuHoursPerMonth = 0;
    s.trainingPlan.runs = gpuHours.map((h, i) => ({
      ...newTrainingRun(s, i === 0 ? 'Pretrain' : ''),
      sizeBy: 'gpuHours' as const,
      gpuHours: h,
      modelId: s.hardware.referenceModelId ?? 'h800',
      startWeek: 4 + i * 30,
      gpus: 8,
    }));
    s.demand = {
      ...s.demand,
      mode: 'plan',
      weeklyGpus: planWeeklyCurve(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu),
    };
    return s;
  }

  it('none unless the demand is a plan', () => {
    expect(runEnergyRows(defaultScenario, energyReport(defaultScenario))).toBeNull();
  });

  it('runs of 10,000 and 30,000 GPU-hours take a quarter and three quarters of each way’s kWh and t CO2e', () => {
    const s = planOf([10_000, 30_000]);
    const report = energyReport(s);
    const rows = runEnergyRows(s, report);
    expect(rows?.[0]?.share).toBeCloseTo(0.25, 12);
    expect(rows?.[1]?.share).toBeCloseTo(0.75, 12);
    expect(rows?.map((r) => r.kind)).toEqual(['run', 'run']);
    expect(rows?.[0]?.name).toBe('Pretrain');
    for (const way of STRATEGY_IDS) {
      const total = report.ways[way].total;
      expect(rows?.[0]?.ways[way].kwh).toBeCloseTo(total.kwh / 4, 6);
      expect(rows?.[1]?.ways[way].kwh).toBeCloseTo((total.kwh * 3) / 4, 6);
      expect(rows?.[1]?.ways[way].tonnes).toBeCloseTo(((total.scope2Kg + total.scope3Kg) * 0.75) / 1000, 9);
    }
  });

  it('recurring work takes its share (GPU-hours a month × the horizon’s months), and a run is counted within the horizon only', () => {
    // 36 months; 1,000 GPU-hours a month of recurring work = 36,000; a run of 10,000 GPU-hours on 8 GPUs.
    const s = planOf([10_000]);
    s.trainingPlan.recurringGpuHoursPerMonth = 1_000;
    s.demand.weeklyGpus = planWeeklyCurve(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu);
    const rows = runEnergyRows(s, energyReport(s));
    expect(rows?.map((r) => r.kind)).toEqual(['run', 'recurring']);
    expect(rows?.[0]?.gpuHours).toBeCloseTo(10_000, 6);
    expect(rows?.[1]?.gpuHours).toBe(36_000);
    expect(rows?.[0]?.share).toBeCloseTo(10_000 / 46_000, 12);
    // Over 12 months (52.14 weeks), the same run from week 51 keeps 2.14 weeks × 168 h × 8 GPUs of its hours.
    const late = planOf([10_000]);
    late.horizonMonths = 12;
    const weeks = (12 * 730) / 168;
    late.trainingPlan.runs[0]!.startWeek = Math.floor(weeks) - 1;
    late.demand.weeklyGpus = planWeeklyCurve(late.trainingPlan, late.hardware.referenceDenseTflopsPerGpu);
    const cut = runEnergyRows(late, energyReport(late));
    const within = (weeks - (Math.floor(weeks) - 2)) * 168 * 8;
    expect(cut?.[0]?.gpuHours).toBeCloseTo(within, 6);
    expect(cut?.[0]?.share).toBe(1);
  });
});
