import { z } from '../lib/zod';

/**
 * Messages between the UI and the analysis worker, validated with zod on both sides: the worker
 * checks every request (the scenario then goes through parseScenario, the one door for outside data),
 * the client checks every response before it reaches React.
 */
export const ANALYSIS_KINDS = ['monteCarlo', 'tornado', 'sweep', 'hybrid', 'sizing', 'ladder'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

export const RunRequestSchema = z.object({
  type: z.literal('run'),
  id: z.number().int().nonnegative(),
  kind: z.enum(ANALYSIS_KINDS),
  /** Checked by parseScenario in the handler, so its issues name the scenario's fields. */
  scenario: z.unknown(),
});
export const CancelRequestSchema = z.object({
  type: z.literal('cancel'),
  id: z.number().int().nonnegative(),
});
export const AnalysisRequestSchema = z.discriminatedUnion('type', [RunRequestSchema, CancelRequestSchema]);
export type AnalysisRequest = z.infer<typeof AnalysisRequestSchema>;

const percentiles = z.object({ p10: z.number(), p50: z.number(), p90: z.number() });
const crossoverUncertainty = z.looseObject({
  sampledDraws: z.number(),
  crossingShare: z.number(),
  loadRate: percentiles.nullable(),
});

/** Shapes of the results, checked on the fields the views read (extra fields pass through). */
export const RESULT_SCHEMAS = {
  monteCarlo: z.looseObject({
    draws: z.number(),
    seed: z.number(),
    strategies: z.record(
      z.string(),
      z.looseObject({
        eligible: z.boolean(),
        pCheapest: z.number().nullable(),
        monthlyCny: percentiles.nullable(),
      }),
    ),
    // Self-build's crossover against each named comparator (renting whole servers, the platform).
    crossover: z.looseObject({
      rent: crossoverUncertainty,
      platform: crossoverUncertainty,
    }),
  }),
  tornado: z.looseObject({
    baseGapCny: z.number().nullable(),
    rows: z.array(
      z.looseObject({
        path: z.string(),
        swingCny: z.number(),
        gapLowCny: z.number(),
        gapHighCny: z.number(),
      }),
    ),
  }),
  sweep: z.looseObject({
    loadRate: z.array(z.looseObject({ loadRate: z.number(), winner: z.string() })),
    team: z.array(z.looseObject({ value: z.number(), winner: z.string() })),
    compliance: z.array(z.looseObject({ value: z.string(), winner: z.string() })),
  }),
  hybrid: z.looseObject({ baselineGpus: z.number(), burstShare: z.number(), monthlyCny: z.number() }),
  // The sizing curve's Monte Carlo band and the budget plan's burst P90 per quarter (sizing-curve.ts).
  sizing: z.looseObject({
    draws: z.number(),
    seed: z.number(),
    gpus: z.array(z.number()),
    p10TotalCny: z.array(z.number()),
    p90TotalCny: z.array(z.number()),
    planGpus: z.number(),
    burstP90ByQuarterCny: z.array(z.number()),
  }),
  // The commitment ladder's plan (ladder/plan.ts): what the section draws.
  ladder: z.looseObject({
    monthlyCny: z.number(),
    savingVsBestWayCnyPerMonth: z.number(),
    waitingUsefulGpuHoursPerMonth: z.number(),
    bestWay: z
      .looseObject({
        id: z.string(),
        monthlyCny: z.number(),
        marketPeakGpus: z.number(),
        fitsMarket: z.boolean(),
      })
      .nullable(),
    market: z.looseObject({
      peakGpus: z.number(),
      onDemandGpus: z.number(),
      buildLeadTime: z
        .looseObject({
          months: z.number(),
          via: z.enum(['rent', 'platform']),
          peakGpus: z.number(),
          withinMarket: z.boolean(),
        })
        .nullable(),
    }),
    tiersOn: z.array(z.string()),
    tiersRuledOut: z.array(z.string()),
    rungs: z.array(
      z.looseObject({
        id: z.string(),
        gpus: z.number().nullable(),
        usefulGpuHoursPerMonth: z.number(),
        monthlyCny: z.number(),
        savingCnyPerMonth: z.number(),
        keepsWithinMarket: z.boolean(),
      }),
    ),
    schedule: z.array(z.looseObject({ id: z.string(), startMonth: z.number(), endMonth: z.number() })),
    pricing: z.looseObject({
      bands: z.array(z.looseObject({ id: z.string(), gpus: z.number(), floorUsable: z.number() })),
      variable: z.looseObject({
        tiers: z.array(z.looseObject({ id: z.string(), usefulGpuHours: z.number() })),
        beyondMarketUsefulGpuHours: z.number(),
        marketBinds: z.boolean(),
      }),
    }),
    curve: z.looseObject({ gpus: z.array(z.number()), shares: z.array(z.number()) }),
    budget: z.looseObject({
      ownedGpus: z.number(),
      quarters: z.array(z.looseObject({ quarter: z.number(), totalCny: z.number() })),
      total: z.looseObject({ totalCny: z.number() }),
      afterHorizonCny: z.number(),
    }),
  }),
} as const;

export const AnalysisResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), id: z.number(), fraction: z.number().min(0).max(1) }),
  z.object({ type: z.literal('result'), id: z.number(), kind: z.enum(ANALYSIS_KINDS), result: z.unknown() }),
  z.object({ type: z.literal('error'), id: z.number(), message: z.string() }),
  z.object({ type: z.literal('cancelled'), id: z.number() }),
]);
export type AnalysisResponse = z.infer<typeof AnalysisResponseSchema>;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; message: string };

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || '(message)'}: ${i.message}`).join('; ');
}

/** Validates an incoming request; a bad one comes back with a message naming the field. */
export function parseRequest(raw: unknown): ValidationResult<AnalysisRequest> {
  const r = AnalysisRequestSchema.safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: describe(r.error) };
}

/** Validates a response from the worker, including the shape of a result for its kind. */
export function parseResponse(raw: unknown): ValidationResult<AnalysisResponse> {
  const r = AnalysisResponseSchema.safeParse(raw);
  if (!r.success) return { ok: false, message: describe(r.error) };
  if (r.data.type === 'result') {
    const shaped = RESULT_SCHEMAS[r.data.kind].safeParse(r.data.result);
    if (!shaped.success) return { ok: false, message: `result: ${describe(shaped.error)}` };
  }
  return { ok: true, value: r.data };
}
