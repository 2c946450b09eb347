import { describe, expect, it } from 'vitest';
import { ladderBudget, ladderPlan, type MonteCarloResult, presets, type Scenario } from '../../src/engine';
import { makeDefaultInputs } from '../../src/engine/presets';
import { createAnalysisHandler } from '../../src/workers/handler';
import { type AnalysisResponse, parseRequest, parseResponse } from '../../src/workers/messages';

function small(s: Scenario, draws: number, seed: number): Scenario {
  return { ...s, uncertainty: { ...s.uncertainty, draws, seed } };
}

async function collect(requests: unknown[]): Promise<AnalysisResponse[]> {
  const out: AnalysisResponse[] = [];
  const handle = createAnalysisHandler((m) => out.push(m));
  await Promise.all(requests.map((r) => handle(r)));
  return out;
}

describe('analysis worker messages', () => {
  it('rejects a request without a known kind, naming the field', () => {
    const r = parseRequest({ type: 'run', id: 1, kind: 'guess', scenario: {} });
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain('kind');
  });

  it('rejects a response whose result does not have the shape of its kind', () => {
    const r = parseResponse({ type: 'result', id: 1, kind: 'hybrid', result: { baselineGpus: 'many' } });
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain('baselineGpus');
  });

  it('rejects a progress message outside 0–1', () => {
    expect(parseResponse({ type: 'progress', id: 1, fraction: 2 }).ok).toBe(false);
  });
});

describe('analysis worker handler', () => {
  it('answers a malformed request with an error message instead of throwing', async () => {
    const out = await collect([{ id: 4, kind: 'tornado' }]);
    expect(out).toEqual([{ type: 'error', id: 4, message: expect.stringContaining('bad request') }]);
  });

  it('answers an invalid scenario with an error naming the field', async () => {
    const bad = { ...makeDefaultInputs('x'), horizonMonths: 999 };
    const out = await collect([{ type: 'run', id: 5, kind: 'hybrid', scenario: bad }]);
    expect(out).toEqual([{ type: 'error', id: 5, message: expect.stringContaining('horizonMonths') }]);
  });

  it('reports Monte Carlo progress at least every 10 % and ends with a valid result', async () => {
    const out = await collect([
      { type: 'run', id: 1, kind: 'monteCarlo', scenario: small(presets.seedTeam!, 1_000, 1) },
    ]);
    const fractions = out.flatMap((m) => (m.type === 'progress' ? [m.fraction] : []));
    const steps = fractions.map((f, i) => f - (fractions[i - 1] ?? 0));
    expect(Math.max(...steps)).toBeLessThanOrEqual(0.1);
    expect(fractions.at(-1)).toBe(1);
    const last = out.at(-1)!;
    expect(last.type).toBe('result');
    expect(parseResponse(last).ok).toBe(true);
  });

  it('gives reproducible Monte Carlo results for a seed and different ones for another seed', async () => {
    const resultOf = async (seed: number) => {
      const out = await collect([
        { type: 'run', id: 1, kind: 'monteCarlo', scenario: small(presets.growingCompany!, 500, seed) },
      ]);
      const last = out.at(-1);
      return last?.type === 'result' ? (last.result as MonteCarloResult) : null;
    };
    const a = await resultOf(11);
    expect(await resultOf(11)).toEqual(a);
    expect((await resultOf(12))?.strategies.selfBuild.monthlyCny).not.toEqual(
      a?.strategies.selfBuild.monthlyCny,
    );
  });

  it('cancels a superseded Monte Carlo run between slices', async () => {
    const out: AnalysisResponse[] = [];
    const handle = createAnalysisHandler((m) => out.push(m));
    const running = handle({
      type: 'run',
      id: 1,
      kind: 'monteCarlo',
      scenario: small(presets.seedTeam!, 2_000, 1),
    });
    await handle({ type: 'cancel', id: 1 });
    const latest = handle({ type: 'run', id: 2, kind: 'tornado', scenario: presets.seedTeam });
    await Promise.all([running, latest]);
    expect(out.filter((m) => m.id === 1).at(-1)).toEqual({ type: 'cancelled', id: 1 });
    expect(out.some((m) => m.id === 1 && m.type === 'result')).toBe(false);
    expect(out.find((m) => m.id === 2)?.type).toBe('result');
  });

  it('computes tornado, sweep and hybrid results of the right shape', async () => {
    const out = await collect(
      (['tornado', 'sweep', 'hybrid'] as const).map((kind, i) => ({
        type: 'run',
        id: i,
        kind,
        scenario: presets.burstyResearch,
      })),
    );
    expect(out.map((m) => m.type)).toEqual(['result', 'result', 'result']);
    for (const m of out) expect(parseResponse(m).ok).toBe(true);
  });

  it('solves the commitment ladder in the worker: the engine’s plan and its budget by quarter, passing the result’s schema', async () => {
    const out = await collect([{ type: 'run', id: 9, kind: 'ladder', scenario: presets.largeLab }]);
    const m = out[0];
    expect(m?.type).toBe('result');
    expect(parseResponse(m).ok).toBe(true);
    if (m?.type !== 'result') return;
    const plan = ladderPlan(presets.largeLab as Scenario);
    expect(m.result).toEqual({ ...plan, budget: ladderBudget(presets.largeLab as Scenario, plan) });
    // A plan without its budget is refused.
    expect(parseResponse({ type: 'result', id: 9, kind: 'ladder', result: plan }).ok).toBe(false);
    // A plan the schema would refuse is refused: a rung without its saving.
    const bad = { ...plan, rungs: [{ ...plan.rungs[0], savingCnyPerMonth: 'much' }] };
    expect(parseResponse({ type: 'result', id: 9, kind: 'ladder', result: bad }).ok).toBe(false);
  });
});
