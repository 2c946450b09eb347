import { describe, expect, it } from 'vitest';
import { sizeClusterToCurve } from '../../src/engine/cluster-sizing';
import { parseScenario } from '../../src/scenario';
import type { ClusterLogSummary } from '../../src/scenario/cluster-log-types';
import { emptyNotes } from '../../src/scenario/cluster-log-types';
import {
  clusterGpusRange,
  defaultClusterGpus,
  measuredUsage,
  withMeasuredUsage,
} from '../../src/scenario/cluster-log-usage';
import { makeScenario } from '../factories';

function summary(overrides: Partial<ClusterLogSummary> = {}): ClusterLogSummary {
  const weeklyGpus = Array.from({ length: 30 }, (_, w) => 20 + (w % 5));
  return {
    format: 'slurm',
    sourceColumn: 'AllocTRES',
    periodStartMs: Date.UTC(2026, 0, 5),
    periodEndMs: Date.UTC(2026, 0, 5) + 30 * 168 * 3_600_000,
    periodHours: 30 * 168,
    weeklyGpus,
    usefulGpuHours: weeklyGpus.reduce((a, g) => a + g * 168, 0),
    peakConcurrentGpus: 27,
    gpusSeen: 0,
    sampleIntervalSeconds: 0,
    records: 100,
    notes: emptyNotes(),
    ...overrides,
  };
}

describe('measured usage from a log summary', () => {
  it('a Slurm log’s cluster is its peak concurrent allocation in whole servers by default', () => {
    expect(defaultClusterGpus(summary(), 8)).toBe(32);
    expect(defaultClusterGpus(summary({ peakConcurrentGpus: 24 }), 8)).toBe(24);
    expect(clusterGpusRange(summary()).min).toBe(27);
  });

  it('telemetry’s cluster is the GPUs seen, not a choice', () => {
    const t = summary({ format: 'nvidiaSmi', gpusSeen: 12, peakConcurrentGpus: 12 });
    expect(defaultClusterGpus(t, 8)).toBe(12);
    expect(clusterGpusRange(t)).toEqual({ min: 12, max: 12 });
  });

  it('efficiency = useful GPU-hours ÷ (cluster GPUs × hours in the period)', () => {
    const s = summary();
    const u = measuredUsage(s, 32);
    expect(u.heldGpuHours).toBe(32 * 30 * 168);
    expect(u.measuredEfficiency).toBe(s.usefulGpuHours / (32 * 30 * 168));
    expect(u.efficiency).toBe(Math.round(u.measuredEfficiency * 10_000) / 10_000);
    expect(u.meanGpus).toBe(22);
    expect(u.peakWeekGpus).toBe(24);
    expect(u.origin).toBe('schedulerLog');
    expect(u.fromDay).toBe('2026-01-05');
    // 30 weeks from Monday 5 January end at midnight on Monday 3 August: the last day is 2 August.
    expect(u.toDay).toBe('2026-08-02');
  });

  it('measured energy: kWh ÷ covered GPU-hours is the mean kW per GPU; none without energy or hours', () => {
    const energy = {
      scope: 'nodes' as const,
      column: 'ConsumedEnergyRaw',
      kwh: 90,
      coveredGpuHours: 100,
      records: 2,
    };
    expect(measuredUsage(summary({ energy }), 32).energy).toEqual({ ...energy, kwPerGpu: 90 / 100 });
    expect(measuredUsage(summary(), 32).energy).toBeNull();
    expect(measuredUsage(summary({ energy: { ...energy, coveredGpuHours: 0 } }), 32).energy).toBeNull();
  });

  it('applying a Slurm log with energy sets the own cluster’s busy draw to 0.9 kW × its GPUs per server and keeps the measurement', () => {
    const energy = {
      scope: 'nodes' as const,
      column: 'ConsumedEnergyRaw',
      kwh: 90,
      coveredGpuHours: 100,
      records: 2,
    };
    const s = makeScenario();
    const next = withMeasuredUsage(s, measuredUsage(summary({ energy }), 32), 'sacct.txt');
    const perServer = s.selfBuild.gpusPerServer;
    expect(next.selfBuild.powerBusyKwPerServer).toBeCloseTo(
      Math.min(0.9 * perServer, s.selfBuild.powerMaxKwPerServer),
      2,
    );
    expect(next.energy.measured).toEqual({
      origin: 'schedulerLog',
      scope: 'nodes',
      kwh: 90,
      coveredGpuHours: 100,
      kwPerGpu: 0.9,
      label: 'sacct.txt',
    });
    expect(parseScenario(next).ok).toBe(true);
    // A draw no server has (40 kW a GPU) is not used: the usage applies, the draw stays.
    const absurd = { ...energy, kwh: 4000 };
    const kept = withMeasuredUsage(s, measuredUsage(summary({ energy: absurd }), 32), 'sacct.txt');
    expect(kept.selfBuild.powerBusyKwPerServer).toBe(s.selfBuild.powerBusyKwPerServer);
    expect(kept.energy.measured).toBeNull();
  });

  it('keeps a measured value within 5–95 % and says which end it was kept at', () => {
    const high = measuredUsage(summary(), 22);
    expect(high.measuredEfficiency).toBe(1);
    expect([high.efficiency, high.clamped]).toEqual([0.95, 'high']);
    const low = measuredUsage(summary(), 1000);
    expect([low.efficiency, low.clamped]).toEqual([0.05, 'low']);
  });

  it('a log of fewer than 26 weeks gives an efficiency but no curve', () => {
    const short = summary({ weeklyGpus: [10, 12], periodHours: 336, usefulGpuHours: 22 * 168 });
    expect(measuredUsage(short, 16).weeklyGpus).toBeNull();
  });
});

describe('applying measured usage to a scenario', () => {
  it('sets the own cluster’s measured efficiency with its label, the weekly curve, and sizes self-build at that efficiency', () => {
    const s = makeScenario();
    const usage = measuredUsage(summary(), 32);
    const next = withMeasuredUsage(s, usage, 'sacct.txt · 2026-01-05 – 2026-08-02 · 30 weeks');
    expect(next.measured.selfBuild).toEqual({
      value: usage.efficiency,
      origin: 'schedulerLog',
      label: 'sacct.txt · 2026-01-05 – 2026-08-02 · 30 weeks',
    });
    expect(next.measured.rent).toBe(s.measured.rent);
    expect(next.demand.mode).toBe('weekly');
    expect(next.demand.weeklyGpus).toEqual(usage.weeklyGpus);
    // Sized by the engine's rule on the scenario that already holds the measured efficiency.
    const withMeasured = { ...s, measured: next.measured };
    expect(next.selfBuild.capacityGpus).toBe(sizeClusterToCurve(withMeasured, usage.weeklyGpus ?? []));
    expect(parseScenario(next).ok).toBe(true);
  });

  it('with too few weeks for a curve, sets the efficiency only and leaves demand and capacity alone', () => {
    const s = makeScenario();
    const short = summary({ weeklyGpus: [10, 12], periodHours: 336, usefulGpuHours: 22 * 168 });
    const next = withMeasuredUsage(s, measuredUsage(short, 16), 'x');
    expect(next.demand).toBe(s.demand);
    expect(next.selfBuild).toBe(s.selfBuild);
    expect(next.measured.selfBuild?.value).toBe(0.6875);
  });
});
