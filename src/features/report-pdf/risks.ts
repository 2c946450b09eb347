import {
  type BreakEven,
  type Evaluation,
  type MonteCarloResult,
  type ReasonItem,
  readInput,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  type TornadoResult,
} from '../../engine';

/**
 * The three biggest risks to the recommendation, as data the report translates. They come from the
 * engine's own analyses, in this order:
 * 1. the Monte Carlo: how often another strategy comes out cheapest when the uncertain inputs are
 *    drawn from their ranges (when that happens in at least 1 % of the draws);
 * 2. the tornado: the inputs that move self-build's gap to the cheapest rental most, with the value
 *    at which the decision between them flips (when there is one within the input's range);
 * 3. when the analyses leave fewer than three, the recommendation's own "what would change it".
 */
export type Risk =
  | {
      kind: 'notCheapest';
      winner: StrategyId;
      /** Share of draws in which the recommended strategy is not the cheapest. */
      shareNotCheapest: number;
      /** The strategy cheapest most often among the others, and its share. */
      challenger: StrategyId;
      challengerShare: number;
    }
  | {
      kind: 'sensitivity';
      path: string;
      current: number;
      low: number;
      high: number;
      /** How far the input alone moves the monthly gap across its range (CNY). */
      swingCny: number;
      breakEven: BreakEven | null;
    }
  | { kind: 'flip'; item: ReasonItem };

/** Below this share of draws another winner is noise, not a risk worth a line on page 1. */
export const MIN_RISK_SHARE = 0.01;

export function topRisks(
  scenario: Scenario,
  evaluation: Evaluation,
  monteCarlo: MonteCarloResult | null,
  tornado: TornadoResult | null,
  limit = 3,
): Risk[] {
  const out: Risk[] = [];
  const winner = evaluation.recommendation.strategy;
  if (monteCarlo) {
    const pWinner = monteCarlo.strategies[winner].pCheapest ?? 0;
    let challenger: StrategyId | null = null;
    let challengerShare = 0;
    for (const id of STRATEGY_IDS) {
      const share = monteCarlo.strategies[id].pCheapest;
      if (id === winner || share === null) continue;
      if (share > challengerShare) {
        challenger = id;
        challengerShare = share;
      }
    }
    if (challenger && 1 - pWinner >= MIN_RISK_SHARE) {
      out.push({ kind: 'notCheapest', winner, shareNotCheapest: 1 - pWinner, challenger, challengerShare });
    }
  }
  for (const row of tornado?.rows ?? []) {
    if (out.length >= limit) break;
    if (!(row.swingCny > 0)) continue;
    out.push({
      kind: 'sensitivity',
      path: row.path,
      current: readInput(scenario, row.path),
      low: row.low,
      high: row.high,
      swingCny: row.swingCny,
      breakEven: row.breakEven,
    });
  }
  for (const item of evaluation.recommendation.flips) {
    if (out.length >= limit) break;
    out.push({ kind: 'flip', item });
  }
  return out.slice(0, limit);
}
