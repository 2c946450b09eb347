import { GPU_MODELS, PLAN_LIMITS, planBands, RUN_SIZE_KINDS, type TrainingPlanInput } from '../engine';
import { z } from '../lib/zod';

/**
 * The training plan's part of the schema (v6). Each rule names the run and field it is about
 * (`trainingPlan.runs.1.tokensTrillions`), so the form shows it beside the field and a file's or
 * link's message says "Run 2: tokens must be …".
 */

const MODEL_IDS = GPU_MODELS.map((m) => m.id) as [string, ...string[]];

function bounded(min: number, max: number): z.ZodNumber {
  return z
    .number({ error: 'must be a number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

function whole(min: number, max: number): z.ZodNumber {
  return bounded(min, max).int({ error: 'must be a whole number' });
}

/** The size field each form of a run reads; it must be above 0. */
const SIZE_FIELDS = {
  model: ['paramsBillions', 'tokensTrillions'],
  flops: ['flops'],
  gpuHours: ['gpuHours'],
} as const;

export const TrainingRunSchema = z
  .object({
    name: z
      .string()
      .max(PLAN_LIMITS.nameMaxChars, { error: `must be at most ${PLAN_LIMITS.nameMaxChars} characters` }),
    sizeBy: z.enum(RUN_SIZE_KINDS),
    paramsBillions: bounded(0, PLAN_LIMITS.maxParamsBillions),
    tokensTrillions: bounded(0, PLAN_LIMITS.maxTokensTrillions),
    flops: bounded(0, PLAN_LIMITS.maxFlops),
    gpuHours: bounded(0, PLAN_LIMITS.maxGpuHours),
    modelId: z.enum(MODEL_IDS),
    // Optional within schema v6 (added before v6 shipped): a run without it is dense, so links and
    // files made without it open unchanged.
    mixtureOfExperts: z.boolean({ error: 'must be true or false' }).optional(),
    mfuFraction: bounded(0.01, 1).nullable(),
    reportedHoursOverhead: bounded(1, 3).nullable(),
    recompute: z.boolean(),
    startWeek: whole(1, PLAN_LIMITS.maxWeeks),
    gpus: whole(1, PLAN_LIMITS.maxGpus).nullable(),
    deadlineWeek: whole(1, PLAN_LIMITS.scheduleWeeks).nullable(),
  })
  .superRefine((run, ctx) => {
    for (const field of SIZE_FIELDS[run.sizeBy]) {
      if (run[field] <= 0) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'must be more than 0',
          params: { code: 'mustExceed', limit: 0 },
        });
      }
    }
    if (run.gpus === null && run.deadlineWeek === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['gpus'],
        message: 'needs a GPU count or a deadline',
        params: { code: 'gpusOrDeadline' },
      });
    }
    if (run.deadlineWeek !== null && run.deadlineWeek < run.startWeek) {
      ctx.addIssue({
        code: 'custom',
        path: ['deadlineWeek'],
        message: `must not be before the start week (${run.startWeek})`,
        params: { code: 'tooSmall', limit: run.startWeek },
      });
    }
  });

export const TrainingPlanSchema = z.object({
  runs: z
    .array(TrainingRunSchema)
    .max(PLAN_LIMITS.maxRuns, { error: `must have at most ${PLAN_LIMITS.maxRuns} entries` }),
  recurringGpuHoursPerMonth: bounded(0, PLAN_LIMITS.maxRecurringGpuHoursPerMonth),
  onDemandGpus: whole(0, PLAN_LIMITS.maxGpus),
});

/**
 * When the plan is the demand, each run must end within the weekly curve's 104 weeks (the curve the
 * strategies price); the issue sits on the run's GPUs, the usual fix.
 */
export function planFitsTheCurve(
  s: {
    demand: { mode: string };
    trainingPlan: TrainingPlanInput;
    hardware: { referenceDenseTflopsPerGpu: number };
  },
  ctx: z.RefinementCtx,
): void {
  if (s.demand.mode !== 'plan') return;
  for (const band of planBands(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu)) {
    if (band.endTime > PLAN_LIMITS.maxWeeks + 1e-9) {
      ctx.addIssue({
        code: 'custom',
        path: ['trainingPlan', 'runs', band.index, 'gpus'],
        message: `the run ends after week ${PLAN_LIMITS.maxWeeks}, the plan's last week`,
        params: { code: 'pastPlanWeeks', limit: PLAN_LIMITS.maxWeeks },
      });
    }
  }
}
