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

/** The plan on a ladder of `tiers` only, no hardware interruptions, H800 servers to rent. */
export function planOnLadder(
  tiers: readonly LadderTierId[],
  ladder: Partial<Scenario['ladder']> = {},
  runs: TrainingRun[] = [pretrain],
): Scenario {
  const s: Scenario = {
    ...defaultScenario,
    operations: { ...defaultScenario.operations, hwInterruptionsPerGpuHour: 0 },
    trainingPlan: { runs, recurringGpuHoursPerMonth: 0, onDemandGpus: 256 },
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
