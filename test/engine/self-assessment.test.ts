import {
  applyAnswers,
  curveVerdict,
  evaluate,
  generatedCurve,
  jobsImpliedCurve,
  migrationPlan,
  NO_ANSWERS,
  presets,
  type ScenarioRecipe as Recipe,
  resaleDeclineFor,
  resizeAdvice,
  type Scenario,
  scaleToLoadRate,
  sizeClusterToCurve,
  tcoTable,
  unitsPerGpuHour,
  utilizationCheck,
  weeksToGenerate,
  withCurve,
  withJobsCurve,
  withThroughput,
  withWeek,
} from '../../src/engine';
import { parseScenario } from '../../src/scenario';

const seed = presets.seedTeam as Scenario;
const lab = presets.steadyLab as Scenario;
const bursty = presets.burstyResearch as Scenario;

/** A wizard change as the store's door applies it: the candidate validated by the scenario schema. */
const through = (s: Scenario, recipe: Recipe) => parseScenario(recipe(s));

function weekly(kind: 'steady' | 'pulse' | 'growth' | 'seasonal', meanGpus = 100): Scenario {
  const r = through(seed, withCurve(generatedCurve({ kind, weeks: 52, meanGpus }), true));
  if (!r.ok) throw new Error('curve rejected');
  return r.scenario;
}

describe('step 1: usage curve', () => {
  it('a steady curve is judged "own or reserve" and a pulse curve "rent" (seed 003 §5 step 1)', () => {
    expect(curveVerdict(evaluate(weekly('steady'))).verdict).toBe('ownOrReserve');
    expect(curveVerdict(evaluate(weekly('pulse'))).verdict).toBe('rent');
  });

  it('a seasonal curve with a solid baseline and peaks is judged hybrid', () => {
    expect(curveVerdict(evaluate(weekly('seasonal'))).verdict).toBe('hybrid');
  });

  it('a job-form demand has no weekly curve and the verdict uses its flat line', () => {
    expect(curveVerdict(evaluate(seed)).verdict).toBe('ownOrReserve');
  });

  it('applying a generated curve switches to weekly demand and sizes self-build to the peak in whole servers', () => {
    const s = weekly('pulse', 40);
    expect(s.demand.mode).toBe('weekly');
    expect(s.demand.weeklyGpus).toHaveLength(52);
    expect(s.selfBuild.capacityGpus % s.selfBuild.gpusPerServer).toBe(0);
    expect(s.selfBuild.capacityGpus).toBe(sizeClusterToCurve(s, s.demand.weeklyGpus));
    expect(s.selfBuild.capacityGpus * 0.85).toBeGreaterThanOrEqual(Math.max(...s.demand.weeklyGpus));
  });

  it('the generator is deterministic: the same settings give the same curve', () => {
    const a = generatedCurve({ kind: 'growth', weeks: 30, meanGpus: 12 });
    expect(generatedCurve({ kind: 'growth', weeks: 30, meanGpus: 12 })).toEqual(a);
  });

  it('rejects a curve shorter than 26 weeks through the scenario schema and names the field', () => {
    const r = through(seed, withCurve(new Array(20).fill(5), true));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]?.path).toBe('demand.weeklyGpus');
  });

  it('editing one week changes only that week and keeps the capacity', () => {
    const s = weekly('steady');
    const r = through(s, withWeek(3, 250));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.demand.weeklyGpus[3]).toBe(250);
    expect(r.scenario.demand.weeklyGpus.filter((v, i) => v !== s.demand.weeklyGpus[i])).toEqual([250]);
    expect(r.scenario.selfBuild.capacityGpus).toBe(s.selfBuild.capacityGpus);
  });

  it('rejects a week above 1,000,000 GPUs', () => {
    expect(through(weekly('steady'), withWeek(0, 1_000_001)).ok).toBe(false);
  });

  it('a huge typed week count generates one week beyond the maximum, which the schema refuses', () => {
    expect(weeksToGenerate(1e9)).toBe(105);
    expect(weeksToGenerate(52)).toBe(52);
    const long = through(seed, withCurve(generatedCurve({ kind: 'steady', weeks: 105, meanGpus: 10 }), true));
    expect(long.ok ? [] : long.issues.map((i) => i.path)).toContain('demand.weeklyGpus');
  });
});

describe('step 2: TCO table', () => {
  it('years add up to the engine horizon total for every strategy, with a partial last year', () => {
    const s = { ...lab, horizonMonths: 30 };
    const e = evaluate(s);
    const table = tcoTable(s, e);
    expect(table.yearMonths).toEqual([12, 12, 6]);
    for (const row of table.rows) {
      const sum = row.yearsCny.reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(e.strategies[row.strategy].horizonCny, 4);
      expect(row.totalCny).toBe(e.strategies[row.strategy].horizonCny);
    }
  });

  it("adds up each year's cash from the engine's cash flow, with the purchase (on delivery) in year 1", () => {
    const e = evaluate(seed);
    const self = tcoTable(seed, e).rows.find((r) => r.strategy === 'selfBuild')!;
    const cash = e.strategies.selfBuild.cashflowCny;
    // Year 1 = month 0 (capex) + months 1–12; year 2 = months 13–24; year 3 = months 25–36.
    expect(self.cash.years[0]?.cashOutCny).toBeCloseTo(
      cash.slice(0, 13).reduce((a, b) => a + b, 0),
      6,
    );
    expect(self.cash.years[1]?.cashOutCny).toBeCloseTo(
      cash.slice(13, 25).reduce((a, b) => a + b, 0),
      6,
    );
    expect(self.cash.years[2]?.cashOutCny).toBeCloseTo(
      cash.slice(25, 37).reduce((a, b) => a + b, 0),
      6,
    );
    expect(self.cash.years[0]?.cashOutCny).toBeGreaterThan(e.strategies.selfBuild.capexCny);
    expect(self.cash.totalCny).toBeCloseTo(
      cash.reduce((a, b) => a + b, 0),
      6,
    );
  });

  it('renting at real usage is compute + setup time + failure losses, matching the seed example per month', () => {
    const e = evaluate(seed);
    const rent = tcoTable(seed, e).rows.find((r) => r.strategy === 'rent');
    // Seed 000 (MODEL.md §6): 48,000 compute + 4,000 setup + 5,000 failure a month.
    expect(rent?.linesCny.compute).toBeCloseTo(48_000 * 36, 4);
    expect(rent?.linesCny.time).toBeCloseTo(4_000 * 36, 4);
    expect(rent?.linesCny.failure).toBeCloseTo(5_000 * 36, 4);
    expect(rent?.yearsCny[0]).toBeCloseTo(57_000 * 12, 4);
  });

  it('self-build shows its up-front capex beside the amortised years', () => {
    const e = evaluate(lab);
    const self = tcoTable(lab, e).rows.find((r) => r.strategy === 'selfBuild');
    expect(self?.capexCny).toBe(e.strategies.selfBuild.capexCny);
    expect(self?.capexCny).toBeGreaterThan(0);
  });
});

describe('step 3: utilization and unit cost', () => {
  it('tokens per second per GPU × 3,600 are the units per useful GPU-hour', () => {
    expect(unitsPerGpuHour(2500, 'perSecond')).toBe(9_000_000);
    expect(unitsPerGpuHour(2500, 'perHour')).toBe(2500);
  });

  it('a throughput gives every strategy the engine cost per million units', () => {
    const r = through(lab, withThroughput(unitsPerGpuHour(2500, 'perSecond'), 'tokens'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = evaluate(r.scenario);
    const check = utilizationCheck(r.scenario, e);
    expect(check.perMillion.platform).toBe(e.strategies.platform.costPerMillionUnitsCny);
    expect(check.perMillion.platform).toBeCloseTo(
      (e.strategies.platform.costPerUsefulGpuHourCny / 9_000_000) * 1e6,
      6,
    );
  });

  it('a low-utilization self-build fails the 60% check and costs more per useful hour than at 60% and 85% load', () => {
    const s = scaleToLoadRate(bursty, 0.3);
    const check = utilizationCheck(s, evaluate(s));
    expect(check.utilization).toBeLessThan(0.6);
    expect(check.meetsThreshold).toBe(false);
    expect(check.current.costPerUsefulGpuHourCny).toBeGreaterThan(check.atThreshold.costPerUsefulGpuHourCny);
    expect(check.atThreshold.costPerUsefulGpuHourCny).toBeGreaterThan(check.atGood.costPerUsefulGpuHourCny);
    expect(check.premiumOverThreshold).toBeGreaterThan(1);
    expect(check.capacityForThresholdGpus).toBeLessThan(evaluate(s).strategies.selfBuild.baselineGpus);
  });

  it('a steady, well-loaded lab meets the 60% threshold', () => {
    const check = utilizationCheck(lab, evaluate(lab));
    expect(check.utilization).toBeGreaterThanOrEqual(0.6);
    expect(check.meetsThreshold).toBe(true);
  });
});

describe('step 4: risk answers move parameters', () => {
  const apply = (answers: Partial<typeof NO_ANSWERS>, s: Scenario = lab) => {
    const r = through(s, applyAnswers({ ...NO_ANSWERS, ...answers }));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    return r.scenario;
  };

  it('automatic checkpoint/resume sets automatic recovery with checkpoints', () => {
    const s = apply(
      { recovery: 'automatic' },
      { ...seed, operations: { ...seed.operations, checkpointIntervalHours: 0 } },
    );
    expect(s.selfBuild.recovery).toBe('automatic');
    expect(s.operations.checkpointIntervalHours).toBe(1);
  });

  it('manual recovery without checkpoints sets manual recovery and interval 0', () => {
    const s = apply({ recovery: 'none' });
    expect(s.selfBuild.recovery).toBe('manual');
    expect(s.operations.checkpointIntervalHours).toBe(0);
  });

  it('manual recovery with checkpoints keeps an existing interval', () => {
    const s = apply(
      { recovery: 'manualCheckpoints' },
      { ...lab, operations: { ...lab.operations, checkpointIntervalHours: 2 } },
    );
    expect(s.selfBuild.recovery).toBe('manual');
    expect(s.operations.checkpointIntervalHours).toBe(2);
  });

  it('hardware that holds value poorly raises the resale-value decline, well lowers it (typical range ends)', () => {
    expect(apply({ refresh: 'poorly' }).finance.resaleValueDeclineFractionPerYear).toBe(0.45);
    expect(apply({ refresh: 'well' }).finance.resaleValueDeclineFractionPerYear).toBe(0.2);
    expect(apply({ refresh: 'typical' }).finance.resaleValueDeclineFractionPerYear).toBe(0.33);
    expect(resaleDeclineFor('poorly')).toBeGreaterThan(resaleDeclineFor('well'));
  });

  it('the value answer leaves the market price of GPU-time (rent and platform bills) alone', () => {
    expect(apply({ refresh: 'poorly' }).finance.gpuTimePriceDeclineFractionPerYear).toBe(
      lab.finance.gpuTimePriceDeclineFractionPerYear,
    );
  });

  it('poor value retention makes self-build more expensive', () => {
    const well = evaluate(apply({ refresh: 'well' })).strategies.selfBuild.monthlyCny;
    const poorly = evaluate(apply({ refresh: 'poorly' })).strategies.selfBuild.monthlyCny;
    expect(poorly).toBeGreaterThan(well);
  });

  it('the ops-team answer sets the team capability level', () => {
    expect(apply({ opsTeam: 'none' }).teamCapability).toBe(1);
    expect(apply({ opsTeam: 'team' }).teamCapability).toBe(3);
    expect(apply({ opsTeam: 'expert' }).teamCapability).toBe(5);
  });

  it('slow peak access makes the hybrid hold whole servers covering the p95 week; fast access leaves the optimum', () => {
    const s = apply({ peakAccess: 'slow' });
    const peak = evaluate(lab).demand.peakGpus;
    expect(s.hybrid.baselineGpus).toBe(Math.ceil(peak / 8) * 8);
    expect(apply({ peakAccess: 'fast' }, s).hybrid.baselineGpus).toBeNull();
  });

  it('unanswered questions change nothing', () => {
    expect(apply({})).toEqual(lab);
  });
});

describe('result: migration path', () => {
  it('for a hybrid recommendation: rent first, measure, then own or reserve the engine baseline', () => {
    const cheapLab: Scenario = { ...lab, selfBuild: { ...lab.selfBuild, serverPriceCny: 500_000 } };
    const e = evaluate(cheapLab);
    expect(e.recommendation.strategy).toBe('hybrid');
    const plan = migrationPlan(cheapLab, e);
    expect(plan.steps).toEqual(['rentFirst', 'measure', 'buildBaseline', 'overflow']);
    expect(plan.targetGpus).toBe(e.recommendation.hybridBaselineGpus);
  });

  it('for a right-sized own cluster: build the cost-minimising size, not the configured one', () => {
    const big: Scenario = {
      ...seed,
      demand: { ...seed.demand, jobsPerMonth: 1000 },
      selfBuild: { ...seed.selfBuild, capacityGpus: 400, serverPriceCny: 300_000, buildLeadTimeMonths: 0 },
    };
    const e = evaluate(big);
    expect(e.recommendation.ownGpus).not.toBeNull();
    const plan = migrationPlan(big, e);
    expect(plan.steps).toEqual(['rentFirst', 'measure', 'buildCluster', 'overflow']);
    expect(plan.targetGpus).toBe(e.recommendation.ownGpus);
    // A lead time the user set (0: the site already runs) is the one the plan states.
    expect(plan.leadTimeMonths).toBe(0);
  });

  it('for a renting recommendation: rent first, measure, stay elastic', () => {
    const e = evaluate(seed);
    expect(e.recommendation.strategy).toBe('platform');
    expect(migrationPlan(seed, e).steps).toEqual(['rentFirst', 'measure', 'stayElastic']);
  });
});

describe('step 1 starts from the curve the jobs imply', () => {
  it('is flat at the jobs’ mean useful GPUs (the engine’s demand mean) over 52 weeks', () => {
    const curve = jobsImpliedCurve(seed);
    expect(curve).toHaveLength(52);
    const meanGpus = evaluate(seed).demand.meanGpus;
    expect(meanGpus).toBeGreaterThan(0);
    for (const week of curve) expect(week).toBeCloseTo(meanGpus, 12);
  });

  it('switching to it keeps the demand, the cluster and every strategy’s monthly cost', () => {
    const next = withJobsCurve()(seed);
    expect(next.demand.mode).toBe('weekly');
    expect(next.selfBuild.capacityGpus).toBe(seed.selfBuild.capacityGpus);
    expect(parseScenario(next).ok).toBe(true);
    const before = evaluate(seed);
    const after = evaluate(next);
    for (const id of ['selfBuild', 'rent', 'platform', 'hybrid'] as const)
      expect(after.strategies[id].monthlyCny).toBeCloseTo(before.strategies[id].monthlyCny, 6);
  });

  it('leaves a weekly demand as it is', () => {
    const weekly = withCurve(generatedCurve({ kind: 'steady', weeks: 52, meanGpus: 20 }), true)(seed);
    expect(withJobsCurve()(weekly)).toBe(weekly);
  });
});

describe('step 3 sizing advice never compares a size with itself', () => {
  it('the seed team’s one 8-GPU server is already the smallest size: no “8 instead of 8”', () => {
    const e = evaluate(seed);
    const check = utilizationCheck(seed, e);
    expect(check.meetsThreshold).toBe(false);
    expect(check.capacityForThresholdGpus).toBe(e.strategies.selfBuild.baselineGpus);
    expect(resizeAdvice(check, e.strategies.selfBuild.baselineGpus)).toEqual({ kind: 'atMinimum', gpus: 8 });
  });

  it('a cluster far too big for its demand is advised a smaller whole-server size', () => {
    const big: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, capacityGpus: 64 } };
    const e = evaluate(big);
    const advice = resizeAdvice(utilizationCheck(big, e), e.strategies.selfBuild.baselineGpus);
    expect(advice?.kind).toBe('smaller');
    if (advice?.kind === 'smaller') expect(advice.gpus).toBeLessThan(advice.capacityGpus);
  });

  it('a cluster that meets the 60% threshold gets no sizing advice', () => {
    const e = evaluate(lab);
    expect(resizeAdvice(utilizationCheck(lab, e), e.strategies.selfBuild.baselineGpus)).toBeNull();
  });
});
