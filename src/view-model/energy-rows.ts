import {
  busyDrawMeasured,
  carbonCnyPerKwh,
  type EnergyReport,
  evaluate,
  gpuBoardShareOfBusyDraw,
  HOURS_PER_MONTH,
  HOURS_PER_WEEK,
  type MeasuredEnergy,
  measuredBusyKwPerServer,
  ownEnergyCnyPerKwh,
  planBands,
  planWeeks,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';

/** One way's energy and emissions as the dashboard's table shows them: a year's average over the horizon. */
export interface EnergyRow {
  way: StrategyId;
  /** kWh a year: the horizon's kWh ÷ its years (horizon months ÷ 12). */
  kwhPerYear: number;
  /** t CO₂e a year, scope 2 + scope 3. */
  tonnesPerYear: number;
  /** Of them, embodied (scope 3). */
  embodiedTonnesPerYear: number;
  kgPerUsefulGpuHour: number;
  /** More than half the kWh are the providers' GPUs: an estimate. */
  estimated: boolean;
}

/** The ways in the engine's order, each at its yearly average (a horizon of 30 months is 2.5 years). */
export function energyRows(report: EnergyReport): EnergyRow[] {
  return STRATEGY_IDS.map((way) => {
    const w = report.ways[way];
    const years = w.total.months / 12;
    const per = (v: number) => (years > 0 ? v / years : 0);
    return {
      way,
      kwhPerYear: per(w.total.kwh),
      tonnesPerYear: per(w.total.scope2Kg + w.total.scope3Kg) / 1000,
      embodiedTonnesPerYear: per(w.total.scope3Kg) / 1000,
      kgPerUsefulGpuHour: w.kgPerUsefulGpuHour,
      estimated: w.providerShare > 0.5,
    };
  });
}

/** The carbon line of the own cluster's energy, and whether it changes the recommendation. */
export interface CarbonVerdict {
  cnyPerKwh: number;
  /** Self-build's carbon line a month: its energy × the carbon share of the price per kWh. */
  monthlyCny: number;
  withWay: StrategyId;
  withoutWay: StrategyId;
  flips: boolean;
}

/** Null without a carbon price (or on a zero-carbon grid). */
export function carbonVerdict(s: Scenario): CarbonVerdict | null {
  const cnyPerKwh = carbonCnyPerKwh(s);
  if (!(cnyPerKwh > 0)) return null;
  const withIt = evaluate(s);
  const without = evaluate({ ...s, energy: { ...s.energy, carbonPriceCnyPerTonne: 0 } });
  const energy = withIt.strategies.selfBuild.breakdownMonthlyCny.energy;
  return {
    cnyPerKwh,
    monthlyCny: (energy * cnyPerKwh) / ownEnergyCnyPerKwh(s),
    withWay: withIt.recommendation.strategy,
    withoutWay: without.recommendation.strategy,
    flips: withIt.recommendation.strategy !== without.recommendation.strategy,
  };
}

/**
 * Where the own cluster's power draw comes from (docs/model.md §11, measured replaces estimated), for the
 * line `energy-origin`:
 * - `measured`: a Slurm measurement of the servers' energy sets the busy draw (`keptAtMaximum`: it was
 *   above the server's maximum, which it is kept at).
 * - `boards`: GPU telemetry measured the boards only; the draw stays the estimate, the boards' share of
 *   it said.
 * - `estimate`: no measurement applies (`staleKw`: a kept Slurm measurement's draw, since changed).
 */
export type EnergyOrigin =
  | {
      kind: 'measured';
      busyKw: number;
      idleKw: number;
      measured: MeasuredEnergy;
      keptAtMaximum: boolean;
      /** The idle draw equals the measured draw: lowered to it when the measurement was applied. */
      idleAtMeasured: boolean;
      measuredKw: number;
    }
  | { kind: 'boards'; busyKw: number; idleKw: number; measured: MeasuredEnergy; share: number }
  | {
      kind: 'estimate';
      busyKw: number;
      idleKw: number;
      staleKw: number | null;
      measured: MeasuredEnergy | null;
    };

export function energyOrigin(s: Scenario): EnergyOrigin {
  const sb = s.selfBuild;
  const busyKw = sb.powerBusyKwPerServer;
  const idleKw = sb.powerIdleKwPerServer;
  const m = s.energy.measured;
  const share = gpuBoardShareOfBusyDraw(s);
  if (m !== null && share !== null) return { kind: 'boards', busyKw, idleKw, measured: m, share };
  if (m !== null && busyDrawMeasured(s)) {
    const measuredKw = measuredBusyKwPerServer(m, sb.gpusPerServer);
    return {
      kind: 'measured',
      busyKw,
      idleKw,
      measured: m,
      keptAtMaximum: measuredKw > busyKw,
      idleAtMeasured: idleKw === busyKw,
      measuredKw,
    };
  }
  const staleKw = m !== null && m.scope === 'nodes' ? measuredBusyKwPerServer(m, sb.gpusPerServer) : null;
  return { kind: 'estimate', busyKw, idleKw, staleKw, measured: m };
}

/** One run of a training plan (or its recurring work) with its share of each way's energy and emissions. */
export interface RunEnergyRow {
  /** A run, or the plan's recurring work (every month of the horizon). */
  kind: 'run' | 'recurring';
  name: string;
  /** Its work within the horizon in reference GPU-hours (what the demand curve prices). */
  gpuHours: number;
  /** gpuHours ÷ the horizon's. */
  share: number;
  ways: Record<StrategyId, { kwh: number; tonnes: number }>;
}

/**
 * Energy and emissions per training run when the demand is a plan (docs/model.md §11): each way's kWh
 * and t CO₂e (scope 2 + 3) over the horizon, shared by the work's GPU-hours within the horizon — each
 * run's band as the demand curve lays it (the part beyond the horizon or the plan's last week left
 * out, as the cost model leaves it), and the recurring work every month of the horizon. An own
 * cluster's idle hours and embodied emissions are shared too: the plan is what the cluster is for.
 * Null when the demand is not a plan or it has no GPU-hours within the horizon.
 */
export function runEnergyRows(s: Scenario, report: EnergyReport): RunEnergyRow[] | null {
  if (s.demand.mode !== 'plan') return null;
  const bands = planBands(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu);
  const lastWeek = Math.min((s.horizonMonths * HOURS_PER_MONTH) / HOURS_PER_WEEK, planWeeks(bands));
  const work: Omit<RunEnergyRow, 'share' | 'ways'>[] = bands.map((b) => ({
    kind: 'run',
    name: b.name,
    gpuHours:
      b.referenceGpus > 0
        ? b.referenceGpus *
          HOURS_PER_WEEK *
          Math.max(0, Math.min(b.endTime, lastWeek) - Math.max(0, b.startTime))
        : 0,
  }));
  const recurring = Math.max(0, s.trainingPlan.recurringGpuHoursPerMonth) * s.horizonMonths;
  if (recurring > 0) work.push({ kind: 'recurring', name: '', gpuHours: recurring });
  const total = work.reduce((sum, w) => sum + w.gpuHours, 0);
  if (!(total > 0)) return null;
  return work.map((w) => {
    const share = w.gpuHours / total;
    const ways = {} as RunEnergyRow['ways'];
    for (const way of STRATEGY_IDS) {
      const t = report.ways[way].total;
      ways[way] = { kwh: t.kwh * share, tonnes: ((t.scope2Kg + t.scope3Kg) * share) / 1000 };
    }
    return { ...w, share, ways };
  });
}
