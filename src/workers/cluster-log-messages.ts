import { z } from '../lib/zod';
import type { ClusterLogEnergy, ClusterLogResult } from '../scenario/cluster-log-types';

/**
 * Messages between the page and the cluster-log reader worker, checked with zod on both sides like
 * the analysis worker's: the worker checks the request, the page checks every answer before it reaches
 * React (a summary of the wrong shape becomes an "unreadable" file, never a crash).
 */
export const ReadLogRequestSchema = z.object({
  type: z.literal('read'),
  id: z.number().int().nonnegative(),
  /** The chosen file (a File is a Blob): read in the worker, never on the page. */
  file: z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
    error: 'must be a file',
  }),
});
export type ReadLogRequest = z.infer<typeof ReadLogRequestSchema>;

const count = z.number().int().nonnegative();

/** zod 4's numbers are finite: an Infinity or NaN kWh makes the answer one of the wrong shape. */
const EnergySchema = z.object({
  scope: z.enum(['nodes', 'gpus']),
  column: z.string(),
  kwh: z.number().nonnegative(),
  coveredGpuHours: z.number().nonnegative(),
  records: count,
}) satisfies z.ZodType<ClusterLogEnergy>;

const SummarySchema = z.object({
  format: z.enum(['slurm', 'nvidiaSmi', 'dcgm', 'sreport', 'opencost', 'opencostCsv']),
  sourceColumn: z.string(),
  periodStartMs: z.number(),
  periodEndMs: z.number(),
  periodHours: z.number().nonnegative(),
  weeklyGpus: z.array(z.number().nonnegative()),
  usefulGpuHours: z.number().nonnegative(),
  peakConcurrentGpus: z.number().nonnegative(),
  gpusSeen: count,
  sampleIntervalSeconds: z.number().nonnegative(),
  records: count,
  busy: z
    .object({ busyGpuHours: z.number().nonnegative(), coveredGpuHours: z.number().nonnegative() })
    .optional(),
  energy: EnergySchema.optional(),
  notes: z.object({
    runningJobs: count,
    notStartedJobs: count,
    jobSteps: count,
    cpuOnlyJobs: count,
    samplesWithoutValue: count,
  }),
});

const ErrorSchema = z.object({
  code: z.enum([
    'empty',
    'tooLarge',
    'unreadable',
    'unknownFormat',
    'missingColumn',
    'fieldCount',
    'badTime',
    'badElapsed',
    'endBeforeStart',
    'badGpus',
    'gpusAboveMax',
    'badUtilization',
    'badEnergy',
    'noGpuJobs',
    'noSamples',
    'tooManyWeeks',
    'peakAboveMax',
    'sreportPercent',
    'sreportNoGpu',
    'sreportNoPeriod',
    'opencostNotAllocation',
    'opencostNoIdle',
    'opencostBadValue',
  ]),
  line: count.optional(),
  column: z.string().optional(),
  value: z.string().optional(),
  expected: count.optional(),
  weeks: count.optional(),
  gpus: z.number().nonnegative().optional(),
  limit: count.optional(),
});

const ResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), summary: SummarySchema }),
  z.object({ ok: z.literal(false), errors: z.array(ErrorSchema).min(1) }),
]);

export const ReadLogResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), id: z.number(), fraction: z.number().min(0).max(1) }),
  z.object({ type: z.literal('result'), id: z.number(), result: ResultSchema }),
]);
export type ReadLogResponse =
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'result'; id: number; result: ClusterLogResult };

export function parseReadLogRequest(raw: unknown): ReadLogRequest | null {
  const r = ReadLogRequestSchema.safeParse(raw);
  return r.success ? r.data : null;
}

export function parseReadLogResponse(raw: unknown): ReadLogResponse | null {
  const r = ReadLogResponseSchema.safeParse(raw);
  if (!r.success) return null;
  // zod's optional fields come back as `T | undefined`; the result type leaves them absent instead.
  return r.data as ReadLogResponse;
}
