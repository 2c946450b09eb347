/**
 * When a baseline is too small to own. Seed 003 §5 step 1 reads "基线高且平稳，倾向自建或预留" — but "high"
 * is about size as well as shape: a flat 2.6 GPUs is steady, not high. An own cluster is bought in
 * whole servers, so a baseline below one server's worth of GPUs leaves most of the server it needs
 * idle, and no steadiness makes up for that. The floor is one server of the scenario's size and never
 * less than 8 GPUs: training servers are HGX/OAM boards of 8 (parameters.ts `selfBuild.gpusPerServer`,
 * typical 8–8), so a scenario set to smaller servers does not make 2 GPUs a "high" baseline.
 *
 * Its own module because both the self-assessment (self-assessment.ts, the curve reading) and the
 * recommendation's load-shape reason (recommend.ts) apply it, and the self-assessment imports the
 * recommendation.
 */
export const MIN_OWNED_BASELINE_GPUS = 8;

/** The smallest baseline worth owning: one server of the scenario's size, at least 8 GPUs. */
export function minOwnedBaselineGpus(gpusPerServer: number): number {
  return Math.max(gpusPerServer, MIN_OWNED_BASELINE_GPUS);
}

/** Whether a baseline is too small to fill one server worth owning (below minOwnedBaselineGpus). */
export function isSmallBaseline(baselineGpus: number, gpusPerServer: number): boolean {
  return baselineGpus < minOwnedBaselineGpus(gpusPerServer);
}
