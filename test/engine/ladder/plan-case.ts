import {
  defaultScenario,
  LADDER_TIER_IDS,
  type LadderTierId,
  newTrainingRun,
  type Scenario,
  type TrainingRun,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';

/** 64 GPU-weeks × 4 of work on H800 (the reference GPU), 64 GPUs, from week 1, due in week 8. */
export const pretrain: TrainingRun = {
  ...newTrainingRun(defaultScenario),
  name: 'Pre-train',
  sizeBy: 'gpuHours',
  gpuHours: 64 * 168 * 4,
  modelId: 'h800',
  gpus: 64,
  startWeek: 1,
  deadlineWeek: 8,
};

/**
 * The plan on a ladder of `tiers` only, no hardware interruptions, H800 servers to rent, `onDemandGpus`
 * GPUs one can get on demand.
 */
export function planOnLadder(
  tiers: readonly LadderTierId[],
  ladder: Partial<Scenario['ladder']> = {},
  runs: TrainingRun[] = [pretrain],
  onDemandGpus = 256,
): Scenario {
  const s: Scenario = {
    ...defaultScenario,
    operations: { ...defaultScenario.operations, hwInterruptionsPerGpuHour: 0 },
    trainingPlan: { runs, recurringGpuHoursPerMonth: 0, onDemandGpus },
    ladder: {
      ...defaultScenario.ladder,
      ...ladder,
      tiers: Object.fromEntries(
        LADDER_TIER_IDS.map((id) => [id, tiers.includes(id)]),
      ) as Scenario['ladder']['tiers'],
    },
  };
  return switchDemandMode(s, 'plan');
}

/**
 * A plan that grows and shrinks over 24 months on monthly terms (30 % off) and on demand, prices
 * falling 15 % a year: 32 GPUs for 100 weeks from week 1 and 64 more for 52 weeks from week 28
 * (months 7 to 19). At 50 % useful whole servers the monthly term holds 64 GPUs, then 192 from
 * month 7, then 64 again from month 22.
 */
export function growingPlan(): Scenario {
  const small = { ...pretrain, name: 'Small', gpus: 32, gpuHours: 32 * 168 * 100, deadlineWeek: null };
  const large = {
    ...pretrain,
    name: 'Large',
    gpus: 64,
    gpuHours: 64 * 168 * 52,
    startWeek: 28,
    deadlineWeek: null,
  };
  const s = planOnLadder(['monthly', 'onDemand'], { monthlyDiscountFraction: 0.3 }, [small, large]);
  return {
    ...s,
    horizonMonths: 24,
    finance: { ...s.finance, gpuTimePriceDeclineFractionPerYear: 0.15, gpuTimePriceShape: null },
  };
}

/** The growing plan's monthly term by hand: Σ over its months of GPUs × 730 h × 12.5 CNY × 0.7 × 0.85^((m − 1) ÷ 12), ÷ 24. */
export function growingPlanMonthlyComputeCny(): number {
  let paid = 0;
  for (let m = 1; m <= 24; m++) {
    const gpus = m <= 6 ? 64 : m <= 21 ? 192 : 64;
    paid += gpus * 730 * 12.5 * 0.7 * 0.85 ** ((m - 1) / 12);
  }
  return paid / 24;
}
