import { WEEKLY_GPUS_MAX } from '../engine';
import type { z } from '../lib/zod';

/** Each week of a curve at most WEEKLY_GPUS_MAX, refused week by week as zod's own `max` would. */
export function weeksWithinTheMaximum(
  weeklyGpus: readonly number[],
  path: readonly (string | number)[],
  ctx: z.RefinementCtx,
): void {
  weeklyGpus.forEach((gpus, week) => {
    if (gpus <= WEEKLY_GPUS_MAX) return;
    ctx.addIssue({
      code: 'custom',
      path: [...path, week],
      message: `must be at most ${WEEKLY_GPUS_MAX}`,
      params: { code: 'tooBig', limit: WEEKLY_GPUS_MAX },
    });
  });
}
