import {
  type Evaluation,
  gpuModelById,
  type PlanDeadlines,
  type PlanTotal,
  planBands,
  planDeadlines,
  planTotal,
  runDurationWeeks,
  runFlops,
  runGpuHours,
  runGpus,
  runMfu,
  runMfuDefault,
  runOverheadFactor,
  runSteadyGpuHours,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';

/** One run as the plan's table, the PDF and the workbook show it. */
export interface PlanRunRow {
  index: number;
  name: string;
  modelName: string;
  /** GPU-hours of the run's own GPU model its budget counts (6·N·D ÷ (peak × MFU) × overhead). */
  gpuHours: number;
  /** The same while it trains, before the reported-hours overhead (6·N·D ÷ (peak × MFU)). */
  steadyGpuHours: number;
  /** Reported GPU-hours ÷ GPU-hours while training (engine defaults: REPORTED_HOURS_OVERHEAD). */
  overheadFactor: number;
  flops: number;
  gpus: number;
  /** Weeks the run takes on its GPUs with nothing in its way. */
  durationWeeks: number;
  /** True when the GPU count is the fewest that meet the deadline (none was given). */
  gpusFromDeadline: boolean;
  mfuFraction: number;
  mfuIsDefault: boolean;
  /** The run's default MFU (its GPU's for its model size; the one used when none is given). */
  mfuDefaultFraction: number;
  /** The default MFU's source, as a reader would cite it. */
  mfuSource: string;
  startWeek: number;
  deadlineWeek: number | null;
  /** The finish week of this run under each strategy (null: never within ten years). */
  finishWeek: Record<StrategyId, number | null>;
  slipWeeks: Record<StrategyId, number | null>;
}

export interface PlanView {
  rows: PlanRunRow[];
  /** Σ of the runs' GPU-hours, each in its own GPU model's hours. */
  totalGpuHours: number;
  /** The plan's total line: the runs and the recurring work over the plan's weeks (engine planTotal). */
  total: PlanTotal;
  recurringGpuHoursPerMonth: number;
  deadlines: PlanDeadlines;
}

/** The plan as rows with its deadlines per strategy: what the screen, the PDF and the workbook show. */
export function planView(s: Scenario, e: Evaluation): PlanView {
  const deadlines = planDeadlines(s, e);
  const rows = s.trainingPlan.runs.map((run, index): PlanRunRow => {
    const finishWeek = {} as Record<StrategyId, number | null>;
    const slipWeeks = {} as Record<StrategyId, number | null>;
    for (const id of STRATEGY_IDS) {
      const f = deadlines.strategies[id].runs[index];
      finishWeek[id] = f?.finishWeek ?? null;
      slipWeeks[id] = f?.slipWeeks ?? null;
    }
    const mfuDefault = runMfuDefault(run);
    return {
      index,
      name: run.name,
      modelName: gpuModelById(run.modelId)?.name ?? run.modelId,
      gpuHours: runGpuHours(run),
      steadyGpuHours: runSteadyGpuHours(run),
      overheadFactor: runOverheadFactor(run),
      flops: runFlops(run),
      gpus: runGpus(run),
      durationWeeks: runDurationWeeks(run),
      gpusFromDeadline: run.gpus === null,
      mfuFraction: runMfu(run),
      mfuIsDefault: run.mfuFraction === null,
      mfuDefaultFraction: mfuDefault.mfuFraction,
      mfuSource: mfuDefault.source,
      startWeek: run.startWeek,
      deadlineWeek: run.deadlineWeek,
      finishWeek,
      slipWeeks,
    };
  });
  return {
    rows,
    totalGpuHours: rows.reduce((sum, r) => sum + r.gpuHours, 0),
    total: planTotal(s),
    recurringGpuHoursPerMonth: s.trainingPlan.recurringGpuHoursPerMonth,
    deadlines,
  };
}

/** The plan chart: the weekly curve it produces, and each run as a band from its start to its end. */
export interface PlanChartData {
  points: { week: number; gpus: number }[];
  bands: { index: number; name: string; fromWeek: number; toWeek: number }[];
}

export function planChartData(s: Scenario): PlanChartData {
  const points = s.demand.weeklyGpus.map((gpus, i) => ({ week: i + 1, gpus }));
  const bands = planBands(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu)
    .filter((b) => Number.isFinite(b.endTime) && b.endTime > b.startTime)
    .map((b) => ({ index: b.index, name: b.name, fromWeek: b.startTime + 1, toWeek: b.endTime + 1 }));
  return { points, bands };
}
