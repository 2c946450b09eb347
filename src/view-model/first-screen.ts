import { COMPARATOR_IDS, type ComparatorId, type Evaluation, type StrategyId } from '../engine';

/**
 * The first screen in three layers (issue 25): (1) the verdict and the one number that matters, beside
 * the deciding sliders and the crossover chart; (2) at most three supporting figures chosen by the
 * situation; (3) everything else behind "Details". Pure: the dashboard lays these out and words them.
 */

/**
 * The one number under the verdict: what the winner saves each month against the runner-up when
 * there is a clear winner, else (a tie, or the only allowed option) the winner's own monthly cost.
 * The annual figure is the monthly one × 12, as the verdict states it.
 */
export type KeyNumber =
  | { kind: 'saving'; winner: StrategyId; runnerUp: StrategyId; monthlyCny: number; annualCny: number }
  | { kind: 'cost'; strategy: StrategyId; monthlyCny: number; annualCny: number };

export function keyNumber(evaluation: Evaluation): KeyNumber {
  const rec = evaluation.recommendation;
  if (rec.runnerUp !== null && rec.tie === null) {
    return {
      kind: 'saving',
      winner: rec.strategy,
      runnerUp: rec.runnerUp,
      monthlyCny: rec.savingMonthlyCny,
      annualCny: rec.savingMonthlyCny * 12,
    };
  }
  const monthlyCny = evaluation.strategies[rec.strategy].monthlyCny;
  return { kind: 'cost', strategy: rec.strategy, monthlyCny, annualCny: monthlyCny * 12 };
}

/** A figure of the summary: a crossover or payback against one comparator, the right size, the load now. */
export type FactId = `crossover-${ComparatorId}` | `payback-${ComparatorId}` | 'right-size' | 'load-now';

/** Every figure, in the order the details list them. */
export const FACT_IDS: readonly FactId[] = [
  ...COMPARATOR_IDS.map((id): FactId => `crossover-${id}`),
  ...COMPARATOR_IDS.map((id): FactId => `payback-${id}`),
  'right-size',
  'load-now',
];

/** At most this many supporting figures beside the verdict. */
export const MAX_SUPPORTING_FACTS = 3;

/** A crossover within this many load-rate points (as a fraction) of today's load is "near". */
export const NEAR_CROSSOVER = 0.15;

/** Why the supporting figures were chosen (for tests and for a reader of the code). */
export type FactsSituation = 'ownWins' | 'hybridWins' | 'nearCrossover' | 'farFromCrossover' | 'noRental';

export interface FirstScreenFacts {
  situation: FactsSituation;
  /** Layer 2: shown beside the verdict, most telling first. */
  supporting: FactId[];
  /** Layer 3: every other figure, behind "Details", in FACT_IDS order. */
  details: FactId[];
}

/** Comparators self-build may be compared with here (the rental is allowed). */
function allowedComparators(evaluation: Evaluation): ComparatorId[] {
  return COMPARATOR_IDS.filter((id) => evaluation.comparisons[id].eligible);
}

/**
 * Chooses the supporting figures by the situation:
 * - owning wins (self-build): the paybacks against each allowed rental — when does the cluster pay
 *   for itself — then the right size when it differs from the cluster as configured;
 * - the hybrid wins: the right size (how many GPUs to own), then the crossovers;
 * - a crossover near today's load (within NEAR_CROSSOVER): both crossovers, since a small change in
 *   load flips the answer;
 * - otherwise: the crossovers too (the load at which owning would start to pay), then the right size
 *   when owning some GPUs beats owning none;
 * - no rental allowed: the payback and crossovers say nothing; the right size is the figure.
 */
export function firstScreenFacts(evaluation: Evaluation): FirstScreenFacts {
  const winner = evaluation.recommendation.strategy;
  const allowed = allowedComparators(evaluation);
  const crossovers = allowed.map((id): FactId => `crossover-${id}`);
  const paybacks = allowed.map((id): FactId => `payback-${id}`);
  const right = evaluation.rightSize;
  const resize: FactId[] = right.gpus !== right.currentGpus ? ['right-size'] : [];
  const load = evaluation.loadRate;
  const near = allowed.some((id) => {
    const rate = evaluation.comparisons[id].crossoverLoadRate;
    return rate !== null && Math.abs(rate - load) <= NEAR_CROSSOVER;
  });

  let situation: FactsSituation;
  let chosen: FactId[];
  if (allowed.length === 0) {
    situation = 'noRental';
    chosen = ['right-size'];
  } else if (winner === 'selfBuild') {
    situation = 'ownWins';
    chosen = [...paybacks, ...resize];
  } else if (winner === 'hybrid') {
    situation = 'hybridWins';
    chosen = ['right-size', ...crossovers];
  } else if (near) {
    situation = 'nearCrossover';
    chosen = crossovers;
  } else {
    situation = 'farFromCrossover';
    chosen = [...crossovers, ...(right.gpus > 0 ? resize : [])];
  }
  const supporting = chosen.slice(0, MAX_SUPPORTING_FACTS);
  return { situation, supporting, details: FACT_IDS.filter((id) => !supporting.includes(id)) };
}
