import { buildLeadTimeMonthsOf } from './capability';
import type { Evaluation, Scenario } from './types';

export type MigrationStep =
  | 'rentFirst'
  | 'measure'
  | 'buildBaseline'
  | 'buildCluster'
  | 'stayElastic'
  | 'overflow';

export interface MigrationPlan {
  steps: MigrationStep[];
  /**
   * GPUs to own or reserve at the decision point: the hybrid baseline, or for self-build the
   * cost-minimising owned cluster when the recommendation has one ("own N GPUs, not M"), else the
   * configured capacity; 0 to stay elastic.
   */
  targetGpus: number;
  /** Months from order to first workload the engine uses (set by the user, or by the team's level). */
  leadTimeMonths: number;
}

/**
 * Seed 003 §6: "建议从租用起步：先用弹性算力跑通流程、积累用量数据、摸清真实负载曲线，再据此判断是否需要
 * 自建以及自建多大规模" — start by renting, measure, then decide how much to build; teams that already own
 * a cluster send overflow out instead of growing it for a few peaks a year.
 */
export function migrationPlan(scenario: Scenario, evaluation: Evaluation): MigrationPlan {
  const rec = evaluation.recommendation;
  const leadTimeMonths = buildLeadTimeMonthsOf(scenario);
  if (rec.strategy === 'hybrid')
    return {
      steps: ['rentFirst', 'measure', 'buildBaseline', 'overflow'],
      targetGpus: rec.hybridBaselineGpus ?? evaluation.strategies.hybrid.baselineGpus,
      leadTimeMonths,
    };
  if (rec.strategy === 'selfBuild')
    return {
      steps: ['rentFirst', 'measure', 'buildCluster', 'overflow'],
      targetGpus: rec.ownGpus ?? evaluation.strategies.selfBuild.baselineGpus,
      leadTimeMonths,
    };
  return { steps: ['rentFirst', 'measure', 'stayElastic'], targetGpus: 0, leadTimeMonths };
}
