import type { StrategyId } from '../../engine';

export interface WinnerRun {
  winner: StrategyId;
  /** Index of the first and last sweep point of the run (inclusive). */
  start: number;
  end: number;
}

/** Consecutive sweep points with the same winner, merged into runs (the strip's coloured segments). */
export function winnerRuns(winners: readonly StrategyId[]): WinnerRun[] {
  const runs: WinnerRun[] = [];
  winners.forEach((winner, i) => {
    const last = runs[runs.length - 1];
    if (last && last.winner === winner) last.end = i;
    else runs.push({ winner, start: i, end: i });
  });
  return runs;
}
