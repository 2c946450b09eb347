import {
  hybridAnalysis,
  ladderPlanWithBudget,
  type Scenario,
  sizingCurve,
  startMonteCarlo,
  startSizingBand,
  sweepCompliance,
  sweepLoadRate,
  sweepTeamCapability,
  tornado,
} from '../engine';
import { parseScenario } from '../scenario/parse';
import { type AnalysisKind, type AnalysisResponse, parseRequest } from './messages';

/** Points of the load-rate sweep computed in the worker (1 % steps from 0 to 100 %, both ends). */
export const SWEEP_POINTS = 101;
/** Monte Carlo progress is reported after each slice: 20 slices = every 5 % of the draws. */
export const MONTE_CARLO_SLICES = 20;

/** Lets queued messages (a cancel, a newer request) in between two slices of work. */
function yieldToQueue(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The analyses that run in slices with progress: the Monte Carlo and the sizing curve's band. */
type SlicedKind = 'monteCarlo' | 'sizing';

function isSliced(kind: AnalysisKind): kind is SlicedKind {
  return kind === 'monteCarlo' || kind === 'sizing';
}

function startSliced(kind: SlicedKind, s: Scenario) {
  return kind === 'monteCarlo' ? startMonteCarlo(s) : startSizingBand(s, sizingCurve(s));
}

function runSync(kind: Exclude<AnalysisKind, SlicedKind>, s: Scenario): unknown {
  if (kind === 'tornado') return tornado(s);
  if (kind === 'hybrid') return hybridAnalysis(s);
  // The plan and its cash by quarter (one plan with the buy-N plan), solved together.
  if (kind === 'ladder') return ladderPlanWithBudget(s);
  return {
    loadRate: sweepLoadRate(s, SWEEP_POINTS),
    team: sweepTeamCapability(s),
    compliance: sweepCompliance(s),
  };
}

/**
 * The worker's message handler, free of worker globals so Node tests can call it directly. Requests
 * are validated (bad ones answered with an `error` message, never a throw); Monte Carlo and the
 * sizing curve's band run in 20 slices, posting progress after each and yielding so that a `cancel` for a superseded request is
 * seen between slices (the request then ends with `cancelled`).
 */
export function createAnalysisHandler(
  post: (message: AnalysisResponse) => void,
): (raw: unknown) => Promise<void> {
  const cancelled = new Set<number>();
  return async (raw) => {
    const request = parseRequest(raw);
    if (!request.ok) {
      const id =
        typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'number' ? raw.id : -1;
      post({ type: 'error', id, message: `bad request: ${request.message}` });
      return;
    }
    const req = request.value;
    if (req.type === 'cancel') {
      cancelled.add(req.id);
      return;
    }
    const parsed = parseScenario(req.scenario);
    if (!parsed.ok) {
      post({
        type: 'error',
        id: req.id,
        message: `invalid scenario: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      });
      return;
    }
    try {
      if (isSliced(req.kind)) {
        const run = startSliced(req.kind, parsed.scenario);
        const slice = Math.ceil(run.total / MONTE_CARLO_SLICES);
        while (!run.done()) {
          await yieldToQueue();
          if (cancelled.delete(req.id)) {
            post({ type: 'cancelled', id: req.id });
            return;
          }
          run.advance(slice);
          post({ type: 'progress', id: req.id, fraction: run.completed() / run.total });
        }
        post({ type: 'result', id: req.id, kind: req.kind, result: run.result() });
        return;
      }
      await yieldToQueue();
      if (cancelled.delete(req.id)) {
        post({ type: 'cancelled', id: req.id });
        return;
      }
      post({ type: 'result', id: req.id, kind: req.kind, result: runSync(req.kind, parsed.scenario) });
    } catch (e) {
      post({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
    }
  };
}
