import {
  GPU_MODELS,
  PLAN_LIMITS,
  planBands,
  planWeekAboveLimit,
  RUN_SIZE_KINDS,
  type TrainingPlanInput,
  WEEKLY_GPUS_MAX,
} from '../engine';
import { z } from '../lib/zod';
import { numberSchema } from './number-schema';
import { weeksWithinTheMaximum } from './weekly-maximum';

/**
 * The training plan's part of the schema (v6). Each rule names the run and field it is about
 * (`trainingPlan.runs.1.tokensTrillions`), so the form shows it beside the field and a file's or
 * link's message says "Run 2: tokens must be …".
 */

const MODEL_IDS = GPU_MODELS.map((m) => m.id) as [string, ...string[]];

function bounded(min: number, max: number): z.ZodNumber {
  return numberSchema({ error: 'must be a number' })
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
 * When the plan is the demand, its curve (the engine's, made from it on every parse) must fit:
 * - each run must end within the weekly curve's 104 weeks (the curve the strategies price); the issue
 *   sits on the run's GPUs, the usual fix;
 * - no week may hold more than the weekly maximum (WEEKLY_GPUS_MAX). The curve is never typed in the
 *   plan form, so the issue sits on what fills the first week above it: the recurring work, and each
 *   run in that week (its GPUs, or its deadline when the deadline sets its GPUs), with the week and the
 *   limit. Otherwise the plan passed, and the app's own link and file of it were refused for a "week
 *   of the usage curve" nobody entered.
 * A curve that came with the plan is replaced by the plan's, but it is held to the same maximum (so
 * no accepted scenario ever holds a week above it).
 */
export function planFitsTheCurve(
  s: {
    demand: { mode: string; weeklyGpus: readonly number[] };
    trainingPlan: TrainingPlanInput;
    hardware: { referenceDenseTflopsPerGpu: number };
  },
  ctx: z.RefinementCtx,
): void {
  if (s.demand.mode !== 'plan') return;
  const ref = s.hardware.referenceDenseTflopsPerGpu;
  for (const band of planBands(s.trainingPlan, ref)) {
    if (band.endTime > PLAN_LIMITS.maxWeeks + 1e-9) {
      ctx.addIssue({
        code: 'custom',
        path: ['trainingPlan', 'runs', band.index, 'gpus'],
        message: `the run ends after week ${PLAN_LIMITS.maxWeeks}, the plan's last week`,
        params: { code: 'pastPlanWeeks', limit: PLAN_LIMITS.maxWeeks },
      });
    }
  }
  const above = planWeekAboveLimit(s.trainingPlan, ref, WEEKLY_GPUS_MAX);
  if (above === null) {
    weeksWithinTheMaximum(s.demand.weeklyGpus, ['demand', 'weeklyGpus'], ctx);
    return;
  }
  const issue = (path: (string | number)[]) =>
    ctx.addIssue({
      code: 'custom',
      path,
      message: `week ${above.week} of the plan would need more than ${WEEKLY_GPUS_MAX} GPUs, the most a week can hold`,
      params: { code: 'planWeekTooBig', limit: WEEKLY_GPUS_MAX, week: above.week },
    });
  if (above.recurring) issue(['trainingPlan', 'recurringGpuHoursPerMonth']);
  for (const index of above.runs) {
    const run = s.trainingPlan.runs[index];
    issue(['trainingPlan', 'runs', index, run?.gpus === null ? 'deadlineWeek' : 'gpus']);
  }
}
