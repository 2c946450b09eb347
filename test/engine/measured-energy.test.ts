import { describe, expect, it } from 'vitest';
import {
  busyDrawMeasured,
  defaultScenario,
  energyReport,
  evaluate,
  gpuBoardShareOfBusyDraw,
  type MeasuredEnergy,
  type Scenario,
  withMeasuredEnergy,
} from '../../src/engine';
import { parseScenario } from '../../src/scenario/parse';

/** Slurm's ConsumedEnergyRaw of two jobs: 2.88e8 J + 3.6e7 J = 90 kWh over 80 + 20 = 100 GPU-hours. */
const slurm: MeasuredEnergy = {
  origin: 'schedulerLog',
  scope: 'nodes',
  kwh: 90,
  coveredGpuHours: 100,
  kwPerGpu: 0.9,
  label: 'sacct.txt, 2026-10-01 – 2026-10-31',
};

const seed: Scenario = structuredClone(defaultScenario);

describe('measured energy (docs/model.md §11, measured replaces estimated)', () => {
  it('the seed example starts from the estimate: 8.2 kW busy, 3 kW idle, 10.2 kW maximum, 8 GPUs a server', () => {
    expect(seed.selfBuild.powerBusyKwPerServer).toBe(8.2);
    expect(seed.selfBuild.powerIdleKwPerServer).toBe(3);
    expect(seed.selfBuild.powerMaxKwPerServer).toBe(10.2);
    expect(seed.selfBuild.gpusPerServer).toBe(8);
    expect(busyDrawMeasured(seed)).toBe(false);
  });

  it('Slurm: 0.9 kW per GPU held by a job × 8 GPUs = a 7.2 kW busy draw, idle kept, and the scenario stays valid', () => {
    const { scenario, kept } = withMeasuredEnergy(seed, slurm);
    expect(kept).toBe('asMeasured');
    expect(scenario.selfBuild.powerBusyKwPerServer).toBe(7.2);
    expect(scenario.selfBuild.powerIdleKwPerServer).toBe(3);
    expect(scenario.energy.measured).toEqual(slurm);
    expect(busyDrawMeasured(scenario)).toBe(true);
    expect(parseScenario(scenario).ok).toBe(true);
  });

  it('the own cluster’s kWh follow the measured draw: servers × (3 + (7.2 − 3) × busy share) × PUE × 730 h a month', () => {
    const { scenario } = withMeasuredEnergy(seed, slurm);
    const sb = scenario.selfBuild;
    const report = energyReport(scenario).ways.selfBuild;
    // The seed example's cluster: one server of 8 GPUs.
    const capacity = scenario.selfBuild.capacityGpus;
    expect(capacity).toBe(8);
    const servers = capacity / 8;
    const busyShare = report.usefulGpuHours / (capacity * 730 * scenario.horizonMonths);
    const kwhPerMonth = servers * (3 + (7.2 - 3) * busyShare) * sb.pue * 730;
    expect(report.total.ownedKwh).toBeCloseTo(kwhPerMonth * scenario.horizonMonths, 3);
    // The energy the cost model bills is the same kWh at the price per kWh.
    const energyCny = evaluate(scenario).strategies.selfBuild.breakdownMonthlyCny.energy;
    expect(energyCny).toBeCloseTo(kwhPerMonth * sb.electricityCnyPerKwh, 4);
    // Below the estimate of 8.2 kW, the bill falls.
    expect(energyCny).toBeLessThan(evaluate(seed).strategies.selfBuild.breakdownMonthlyCny.energy);
  });

  it('a draw above the server’s 10.2 kW maximum is kept at it; one below the 3 kW idle draw lowers idle to it', () => {
    const high = withMeasuredEnergy(seed, { ...slurm, kwh: 150, kwPerGpu: 1.5 });
    expect(high.kept).toBe('keptAtMaximum');
    expect(high.scenario.selfBuild.powerBusyKwPerServer).toBe(10.2);
    expect(busyDrawMeasured(high.scenario)).toBe(true);
    const low = withMeasuredEnergy(seed, { ...slurm, kwh: 30, kwPerGpu: 0.3 });
    expect(low.kept).toBe('idleLowered');
    expect(low.scenario.selfBuild.powerBusyKwPerServer).toBe(2.4);
    expect(low.scenario.selfBuild.powerIdleKwPerServer).toBe(2.4);
    expect(parseScenario(high.scenario).ok).toBe(true);
    expect(parseScenario(low.scenario).ok).toBe(true);
  });

  it('an edit of the draw or of the GPUs per server shows the estimate again; the measurement stays kept', () => {
    const { scenario } = withMeasuredEnergy(seed, slurm);
    const edited = { ...scenario, selfBuild: { ...scenario.selfBuild, powerBusyKwPerServer: 8 } };
    expect(busyDrawMeasured(edited)).toBe(false);
    const fourPerServer = { ...scenario, selfBuild: { ...scenario.selfBuild, gpusPerServer: 4 } };
    expect(busyDrawMeasured(fourPerServer)).toBe(false);
    expect(edited.energy.measured).toEqual(slurm);
  });

  it('GPU telemetry covers the boards only: kept beside the estimate, the draw unchanged, its share of the busy draw said', () => {
    const boards: MeasuredEnergy = { ...slurm, origin: 'telemetry', scope: 'gpus', kwh: 55, kwPerGpu: 0.55 };
    const { scenario, kept } = withMeasuredEnergy(seed, boards);
    expect(kept).toBe('notApplied');
    expect(scenario.selfBuild).toEqual(seed.selfBuild);
    expect(busyDrawMeasured(scenario)).toBe(false);
    // 0.55 kW × 8 GPUs = 4.4 kW of the 8.2 kW estimated.
    expect(gpuBoardShareOfBusyDraw(scenario)).toBeCloseTo(4.4 / 8.2, 12);
    expect(gpuBoardShareOfBusyDraw(seed)).toBeNull();
  });

  it('GPU telemetry after a Slurm measurement that still sets the draw keeps the Slurm one: the better measurement stays', () => {
    const slurmApplied = withMeasuredEnergy(seed, slurm).scenario;
    const boards: MeasuredEnergy = { ...slurm, origin: 'telemetry', scope: 'gpus', kwh: 55, kwPerGpu: 0.55 };
    const after = withMeasuredEnergy(slurmApplied, boards);
    expect(after.kept).toBe('serverMeasurementKept');
    expect(after.scenario).toBe(slurmApplied);
    // Once the draw is edited away from the measurement, the boards' power is kept beside it.
    const edited = { ...slurmApplied, selfBuild: { ...slurmApplied.selfBuild, powerBusyKwPerServer: 8 } };
    expect(withMeasuredEnergy(edited, boards).kept).toBe('notApplied');
  });

  it('the schema refuses a measurement whose origin and scope disagree (a scheduler log measures servers, telemetry boards)', () => {
    const wrong = {
      ...seed,
      energy: { ...seed.energy, measured: { ...slurm, origin: 'telemetry' as const } },
    };
    expect(parseScenario(wrong).ok).toBe(false);
    const right = { ...seed, energy: { ...seed.energy, measured: slurm } };
    expect(parseScenario(right).ok).toBe(true);
  });
});
