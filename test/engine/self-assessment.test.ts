import fc from 'fast-check';
import {
  allAnswered,
  applyAnswers,
  curveVerdict,
  type DemandStats,
  type Evaluation,
  evaluate,
  generatedCurve,
  generatorMeanGpus,
  HOURS_PER_MONTH,
  holdsPeakInHouse,
  migrationPlan,
  NO_ANSWERS,
  OPS_TEAM,
  PEAK_ACCESS,
  presets,
  RECOVERY,
  REFRESH,
  type ScenarioRecipe as Recipe,
  type Scenario,
  type SelfAssessmentHybrid,
  STRATEGY_IDS,
  type StrategyResult,
  selfAssessmentHybrid,
  sizingAdvice,
  strategyRanking,
  THROUGHPUT_RATES,
  tcoTable,
  UTILIZATION_THRESHOLD,
  unitsPerGpuHour,
  utilizationCheck,
  weeksToGenerate,
  withCurve,
  withJobsCurve,
  withThroughput,
  withWeek,
} from '../../src/engine';
import { sizeClusterToCurve } from '../../src/engine/cluster-sizing';
import { demandStats, scaleToLoadRate } from '../../src/engine/demand';
import { generateCurve } from '../../src/engine/demand-generators';
import { switchDemandMode } from '../../src/engine/demand-mode';
import {
  type CurveVerdict,
  GOOD_LOAD_RATE,
  hybridBaselineFor,
  jobsImpliedCurve,
  OPS_TEAM_LEVEL,
  PEAKY_BASELINE_SHARE,
  recoveryChange,
  resaleDeclineFor,
  SECONDS_PER_HOUR,
  SELF_ASSESSMENT_CURVE_SEED,
  STEADY_BASELINE_SHARE,
} from '../../src/engine/self-assessment';
import { parseScenario } from '../../src/scenario';
import { arbScenario } from './arbitraries';

/** The recommendation's tie rule (recommend.ts): under 0.05 % of the dearer cost. */
const TIE_SHARE = 0.0005;

const seed = presets.seedTeam as Scenario;
const lab = presets.steadyLab as Scenario;
const bursty = presets.burstyResearch as Scenario;

/** A wizard change as the store's door applies it: the candidate validated by the scenario schema. */
const through = (s: Scenario, recipe: Recipe) => parseScenario(recipe(s));

const verdictOf = (s: Scenario) => curveVerdict(s, evaluate(s)).verdict;

function weekly(kind: 'steady' | 'pulse' | 'growth' | 'seasonal', meanGpus = 100): Scenario {
  const r = through(seed, withCurve(generatedCurve({ kind, weeks: 52, meanGpus }), true));
  if (!r.ok) throw new Error('curve rejected');
  return r.scenario;
}

describe('step 1: usage curve', () => {
  it('a steady curve is judged "own or reserve" and a pulse curve "rent" (seed 003 §5 step 1)', () => {
    expect(verdictOf(weekly('steady'))).toBe('ownOrReserve');
    expect(verdictOf(weekly('pulse'))).toBe('rent');
  });

  it('a seasonal curve with a solid baseline and peaks is judged hybrid', () => {
    expect(verdictOf(weekly('seasonal'))).toBe('hybrid');
  });

  it('a job-form demand has no weekly curve and the verdict uses its flat line (2.6 GPUs: steady but small)', () => {
    expect(verdictOf(seed)).toBe('steadySmall');
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
  it("each year is that year's real cash (adding up to the cash total), with a partial last year", () => {
    const s = { ...lab, horizonMonths: 30 };
    const e = evaluate(s);
    const table = tcoTable(s, e);
    expect(table.yearMonths).toEqual([12, 12, 6]);
    for (const row of table.rows) {
      expect(row.cash.years.map((y) => y.months)).toEqual([12, 12, 6]);
      const sum = row.cash.years.reduce((a, y) => a + y.cashOutCny, 0);
      expect(sum).toBeCloseTo(
        e.strategies[row.strategy].cashflowCny.reduce((a, b) => a + b, 0),
        4,
      );
      expect(row.totalCny).toBe(e.strategies[row.strategy].horizonCny);
    }
    // Not equal by construction: rent's cash falls with the price of GPU-time.
    const rent = table.rows.find((r) => r.strategy === 'rent')!;
    expect(rent.cash.years[0]!.cashOutCny).toBeGreaterThan(rent.cash.years[1]!.cashOutCny);
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
    // Seed 000 (docs/model.md §6): 48,000 compute + 4,000 setup + 5,000 failure a month.
    expect(rent?.linesCny.compute).toBeCloseTo(48_000 * 36, 4);
    expect(rent?.linesCny.time).toBeCloseTo(4_000 * 36, 4);
    expect(rent?.linesCny.failure).toBeCloseTo(5_000 * 36, 4);
    expect(rent?.totalCny).toBeCloseTo(57_000 * 36, 4);
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

  it('a cluster that reaches only 40 % is checked against 40 %, never the 60 % it cannot meet, and has one point', () => {
    const s = scaleToLoadRate(bursty, 0.3);
    const e = evaluate(s);
    const check = utilizationCheck(s, e);
    expect(e.efficiencies.own).toMatchObject({ value: 0.4, origin: 'rule' });
    expect(check.target).toEqual({ loadRate: 0.4, basis: 'reachable' });
    expect(check.utilization).toBeLessThan(0.4);
    expect(check.meetsThreshold).toBe(false);
    expect(check.current.costPerUsefulGpuHourCny).toBeGreaterThan(check.atThreshold.costPerUsefulGpuHourCny);
    expect(check.premiumOverThreshold).toBeGreaterThan(1);
    // 85 % (and 60 %) would burst above 40 %: no second point is shown as attainable.
    expect(check.atGood).toBeNull();
  });

  it('a flat demand above the 45 % the cluster reaches runs it at 45 % and meets the check (the excess bursts)', () => {
    const s = scaleToLoadRate(seed, 0.9);
    const e = evaluate(s);
    const check = utilizationCheck(s, e);
    expect(check.target).toEqual({ loadRate: 0.45, basis: 'reachable' });
    expect(check.utilization).toBeCloseTo(0.45, 9);
    expect(check.meetsThreshold).toBe(true);
    expect(e.strategies.selfBuild.burstShare).toBeCloseTo(0.5, 9);
  });

  it('a pulsed demand leaves its cluster below what it reaches however high the mean: the check says below', () => {
    const s = scaleToLoadRate(bursty, 0.9);
    const check = utilizationCheck(s, evaluate(s));
    // Self-build's blended utilization counts the burst at the platform's 75 %; the cluster's own does not.
    expect(evaluate(s).strategies.selfBuild.utilization).toBeGreaterThan(0.4);
    expect(check.utilization).toBeLessThan(0.4);
    expect(check.meetsThreshold).toBe(false);
  });

  it('a steady lab reaching 70 % by rule meets the 60 % target; its second point is 70 %, not 85 %', () => {
    const e = evaluate(lab);
    const check = utilizationCheck(lab, e);
    expect(check.reachable).toMatchObject({ value: 0.7, origin: 'rule' });
    expect(check.target).toEqual({ loadRate: 0.6, basis: 'seed' });
    expect(check.utilization).toBeGreaterThanOrEqual(0.6);
    expect(check.meetsThreshold).toBe(true);
    expect(check.atGood?.basis).toBe('reachable');
    expect(check.atGood?.point.loadRate).toBeCloseTo(0.7, 12);
    expect(check.atGood?.point.utilization).toBeLessThanOrEqual(0.7 + 1e-12);
  });

  it('a measured 90 % makes 85 % a reachable second point, and says it is measured', () => {
    const s: Scenario = {
      ...lab,
      measured: { ...lab.measured, selfBuild: { value: 0.9, origin: 'schedulerLog', label: 'sacct 2025' } },
    };
    const check = utilizationCheck(s, evaluate(s));
    expect(check.reachable).toMatchObject({ value: 0.9, origin: 'schedulerLog', label: 'sacct 2025' });
    expect(check.target.basis).toBe('seed');
    expect(check.atGood?.basis).toBe('wellRun');
    expect(check.atGood?.point.loadRate).toBeCloseTo(0.85, 12);
  });

  it('the check never compares with a load above what the cluster reaches (random scenarios)', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        const check = utilizationCheck(s, e);
        const reach = e.efficiencies.own.value;
        expect(check.target.loadRate).toBeLessThanOrEqual(reach + 1e-9);
        expect(check.target.loadRate).toBeLessThanOrEqual(UTILIZATION_THRESHOLD);
        if (check.atGood !== null) expect(check.atGood.point.loadRate).toBeLessThanOrEqual(reach + 1e-9);
      }),
      { numRuns: 25 },
    );
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

describe('step 3 sizing advice: the two sizes, named once (docs/model.md §9)', () => {
  it('the seed team: owning nothing is cheapest, 37,500 a month against self-build sized to the peak', () => {
    const e = evaluate(seed);
    expect(e.rightSize.gpus).toBe(0);
    expect(sizingAdvice(seed, e)).toEqual({
      kind: 'ownNothing',
      gpus: 0,
      monthlyCny: 37_500,
      savingMonthlyCny: e.strategies.selfBuild.monthlyCny - 37_500,
      burstShare: 1,
      selfBuildGpus: 8,
      sizedToPeak: true,
    });
  });

  it('the large lab (accounting view): a hybrid owning the engine’s right size and bursting the rest, cheaper than self-build', () => {
    const lab = presets.largeLab as Scenario;
    const s: Scenario = { ...lab, finance: { ...lab.finance, costView: 'accounting' } };
    const e = evaluate(s);
    const advice = sizingAdvice(s, e);
    expect(advice.kind).toBe('hybrid');
    if (advice.kind === 'asSized') return;
    expect(advice.gpus).toBe(e.rightSize.gpus);
    expect(advice.gpus).toBeLessThan(advice.selfBuildGpus);
    expect(advice.monthlyCny).toBe(e.rightSize.monthlyCny);
    expect(advice.savingMonthlyCny).toBeCloseTo(
      e.strategies.selfBuild.monthlyCny - e.rightSize.monthlyCny,
      6,
    );
    expect(advice.burstShare).toBeGreaterThan(0);
    // Self-build is the peak rule's size (engine sizeClusterToCurve), so the advice may say so.
    expect(advice.selfBuildGpus).toBe(sizeClusterToCurve(s, s.demand.weeklyGpus));
    expect(advice.sizedToPeak).toBe(true);
  });

  it('a capacity the user set away from the peak rule is not called "sized to the peak"', () => {
    const big: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, capacityGpus: 64 } };
    const advice = sizingAdvice(big, evaluate(big));
    expect(advice.sizedToPeak).toBe(false);
    expect(advice.selfBuildGpus).toBe(64);
  });

  it('the advice is always the engine’s right size (never a size of its own)', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const e = evaluate(s);
        const advice = sizingAdvice(s, e);
        if (advice.kind === 'asSized') {
          expect(e.rightSize.savingMonthlyCny).toBeLessThanOrEqual(
            TIE_SHARE * (e.rightSize.monthlyCny + e.rightSize.savingMonthlyCny) + 1e-9,
          );
          return;
        }
        expect(advice.gpus).toBe(e.rightSize.gpus);
        expect(advice.monthlyCny).toBe(e.rightSize.monthlyCny);
        expect(advice.kind === 'ownNothing').toBe(e.rightSize.gpus === 0);
      }),
      { numRuns: 25 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Rules that had no test of their own while they lived in the wizard (exact values).

/** Just the demand figures the curve verdict reads. */
const demandOf = (baselineGpus: number, peakGpus: number, shape: DemandStats['shape'] = 'pulse') =>
  ({ demand: { baselineGpus, peakGpus, shape } as DemandStats }) as Pick<Evaluation, 'demand'>;

describe('self-assessment thresholds (seed 003 §5)', () => {
  it('names each number once: 60 % and 85 % load, baseline shares 1 ÷ 1.5 and 1 ÷ 3, 3,600 s, seed 2024', () => {
    expect(UTILIZATION_THRESHOLD).toBe(0.6);
    expect(GOOD_LOAD_RATE).toBe(0.85);
    expect(STEADY_BASELINE_SHARE).toBe(1 / 1.5);
    expect(PEAKY_BASELINE_SHARE).toBe(1 / 3);
    expect(SECONDS_PER_HOUR).toBe(3600);
    expect(SELF_ASSESSMENT_CURVE_SEED).toBe(2024);
  });

  it('the curve verdict: baseline ≥ 2/3 of the peak own or reserve, ≤ 1/3 rent, between hybrid', () => {
    const at = (baseline: number, peak: number): [CurveVerdict, number] => {
      const v = curveVerdict(seed, demandOf(baseline, peak));
      return [v.verdict, v.baselineShare];
    };
    // Baselines of at least one 8-GPU server (smaller ones are read as small: owned-baseline.ts).
    expect(at(20, 30)).toEqual(['ownOrReserve', 2 / 3]);
    expect(at(100, 100)).toEqual(['ownOrReserve', 1]);
    expect(at(60, 100)).toEqual(['hybrid', 0.6]);
    expect(at(40, 100)).toEqual(['hybrid', 0.4]);
    expect(at(10, 30)).toEqual(['rent', 1 / 3]);
    expect(at(0, 10)).toEqual(['rent', 0]);
    // Below 8 GPUs the same shares read as small.
    expect(at(2, 3)).toEqual(['steadySmall', 2 / 3]);
    expect(at(4, 10)).toEqual(['hybridSmall', 0.4]);
  });

  it('no demand has no verdict: an empty shape or a zero peak', () => {
    const empty = { verdict: 'empty', baselineShare: 0, baselineGpus: 0, minOwnedGpus: 8 };
    expect(curveVerdict(seed, demandOf(5, 10, 'empty'))).toEqual(empty);
    expect(curveVerdict(seed, demandOf(0, 0))).toEqual(empty);
  });

  it('"own or reserve" is the engine’s steady shape (peak within 1.5× the baseline, demand.ts)', () => {
    for (const kind of ['steady', 'pulse', 'growth', 'seasonal'] as const) {
      const s = weekly(kind);
      const e = evaluate(s);
      expect(curveVerdict(s, e).verdict === 'ownOrReserve').toBe(e.demand.shape === 'steady');
    }
  });
});

describe('step 1 rules', () => {
  it('the generated curve is the engine generator’s with seed 2024, rounded to 0.1 GPU', () => {
    const raw = generateCurve('pulse', { weeks: 40, meanGpus: 33, seed: 2024 });
    const curve = generatedCurve({ kind: 'pulse', weeks: 40, meanGpus: 33 });
    expect(curve).toEqual(raw.map((g) => Math.round(g * 10) / 10));
    for (const g of curve) expect(Math.round(g * 10) / 10).toBe(g);
  });

  it('weeks to generate: whole weeks, never below 0 nor above 105', () => {
    expect(weeksToGenerate(30.7)).toBe(30);
    expect(weeksToGenerate(-3)).toBe(0);
    expect(weeksToGenerate(104)).toBe(104);
    expect(weeksToGenerate(106)).toBe(105);
  });

  it('the generator’s starting mean is the demand’s mean to 0.1 GPU, at least 1', () => {
    expect(generatorMeanGpus(0.04)).toBe(1);
    expect(generatorMeanGpus(12.34)).toBe(12.3);
    expect(generatorMeanGpus(12.35)).toBe(12.4);
    expect(generatorMeanGpus(evaluate(seed).demand.meanGpus)).toBe(2.6);
  });

  it('the jobs-implied curve is the seed team’s 1,920 useful GPU-hours ÷ 730 h in each of 52 weeks', () => {
    expect(jobsImpliedCurve(seed)).toEqual(new Array(52).fill(1920 / HOURS_PER_MONTH));
    // The same flat curve as the dashboard's jobs → weekly switch (demand-mode.ts).
    expect(jobsImpliedCurve(seed)).toEqual(switchDemandMode(seed, 'weekly').demand.weeklyGpus);
  });

  it('a week outside the curve changes nothing', () => {
    const s = weekly('steady');
    expect(withWeek(-1, 5)(s)).toBe(s);
    expect(withWeek(52, 5)(s)).toBe(s);
  });
});

describe('step 2 rules', () => {
  it('one row per strategy; lines are each category × the horizon; billed GPU-hours = billed GPUs × 730', () => {
    const e = evaluate(lab);
    const table = tcoTable(lab, e);
    expect(table.rows.map((r) => r.strategy)).toEqual([...STRATEGY_IDS]);
    expect(table.usefulGpuHoursPerMonth).toBe(e.demand.usefulGpuHoursPerMonth);
    for (const row of table.rows) {
      const r = e.strategies[row.strategy];
      expect(row.billedGpuHoursPerMonth).toBe(r.averageBilledGpus * 730);
      for (const [c, v] of Object.entries(r.breakdownMonthlyCny))
        expect(row.linesCny[c as keyof typeof row.linesCny]).toBe(v * lab.horizonMonths);
    }
  });

  it('the seed team rents 20 jobs × 24 h × 8 GPUs = 3,840 billed GPU-hours a month', () => {
    const rent = tcoTable(seed, evaluate(seed)).rows.find((r) => r.strategy === 'rent');
    expect(rent?.billedGpuHoursPerMonth).toBeCloseTo(3840, 9);
  });
});

describe('step 3 rules', () => {
  it('throughput rates: per second (× 3,600) and per hour', () => {
    expect(THROUGHPUT_RATES).toEqual(['perSecond', 'perHour']);
    expect(unitsPerGpuHour(1, 'perSecond')).toBe(3600);
    expect(unitsPerGpuHour(1, 'perHour')).toBe(1);
  });

  it('the seed team reaches 45 % by rule: compares today with the demand scaled to 45 %, not 60 %', () => {
    const e = evaluate(seed);
    const check = utilizationCheck(seed, e);
    const at45 = evaluate(scaleToLoadRate(seed, 0.45)).strategies.selfBuild;
    expect(check.reachable).toMatchObject({ value: 0.45, origin: 'rule' });
    expect(check.target).toEqual({ loadRate: 0.45, basis: 'reachable' });
    expect(check.current.costPerUsefulGpuHourCny).toBe(e.strategies.selfBuild.costPerUsefulGpuHourCny);
    expect(check.atThreshold.loadRate).toBeCloseTo(0.45, 12);
    expect(check.atThreshold.costPerUsefulGpuHourCny).toBe(at45.costPerUsefulGpuHourCny);
    expect(check.premiumOverThreshold).toBe(
      e.strategies.selfBuild.costPerUsefulGpuHourCny / at45.costPerUsefulGpuHourCny,
    );
    expect(check.atGood).toBeNull();
    expect(check.teamCapability).toBe(seed.teamCapability);
    expect(check.privatePool).toBe(false);
    // Without a throughput there is no cost per million units.
    expect(check.current.costPerMillionUnitsCny).toBeNull();
    expect(check.atThreshold.costPerMillionUnitsCny).toBeNull();
  });

  it('a cluster that reaches 60 % or more compares with 60 % and with min(85 %, what it reaches)', () => {
    const e = evaluate(lab);
    const check = utilizationCheck(lab, e);
    const at60 = evaluate(scaleToLoadRate(lab, 0.6)).strategies.selfBuild;
    const at70 = evaluate(scaleToLoadRate(lab, 0.7)).strategies.selfBuild;
    expect(check.atThreshold.costPerUsefulGpuHourCny).toBe(at60.costPerUsefulGpuHourCny);
    expect(check.atGood?.point.costPerUsefulGpuHourCny).toBe(at70.costPerUsefulGpuHourCny);
  });

  it('a utilization of 60 % up to rounding (0.5999999999999999 after scaling) meets the threshold', () => {
    const s = scaleToLoadRate(lab, 0.6);
    const check = utilizationCheck(s, evaluate(s));
    expect(check.utilization).toBeLessThan(0.6);
    expect(check.utilization).toBeCloseTo(0.6, 12);
    expect(check.meetsThreshold).toBe(true);
  });

  it('sizing advice: as sized when the right size is self-build’s or saves under 0.05 %; else by the right size', () => {
    const at = (gpus: number, monthlyCny: number, savingMonthlyCny: number, burstShare: number) =>
      ({ rightSize: { gpus, monthlyCny, savingMonthlyCny, burstShare, currentGpus: 64 } }) as Evaluation;
    const big: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, capacityGpus: 64 } };
    expect(sizingAdvice(big, at(64, 100, 0, 0)).kind).toBe('asSized');
    expect(sizingAdvice(big, at(16, 1000, 0.4, 0.2)).kind).toBe('asSized');
    expect(sizingAdvice(big, at(16, 1000, 1, 0.2)).kind).toBe('hybrid');
    expect(sizingAdvice(big, at(16, 1000, 100, 0)).kind).toBe('cluster');
    expect(sizingAdvice(big, at(0, 1000, 100, 1)).kind).toBe('ownNothing');
  });
});

describe('step 4 rules', () => {
  it('the answers’ codes', () => {
    expect(PEAK_ACCESS).toEqual(['fast', 'sometimes', 'slow']);
    expect(RECOVERY).toEqual(['automatic', 'manualCheckpoints', 'none']);
    expect(REFRESH).toEqual(['well', 'typical', 'poorly']);
    expect(OPS_TEAM).toEqual(['none', 'partTime', 'team', 'experienced', 'expert']);
  });

  it('all four answered, or not', () => {
    expect(allAnswered(NO_ANSWERS)).toBe(false);
    const all = { peakAccess: 'fast', recovery: 'none', refresh: 'well', opsTeam: 'team' } as const;
    expect(allAnswered(all)).toBe(true);
    expect(allAnswered({ ...all, opsTeam: null })).toBe(false);
  });

  it('the ops team sets levels 1–5 in order', () => {
    expect(OPS_TEAM_LEVEL).toEqual({ none: 1, partTime: 2, team: 3, experienced: 4, expert: 5 });
  });

  it('resale decline: the typical range’s ends and the default', () => {
    expect(resaleDeclineFor('well')).toBe(0.2);
    expect(resaleDeclineFor('typical')).toBe(0.33);
    expect(resaleDeclineFor('poorly')).toBe(0.45);
  });

  it('recovery: automatic keeps a set interval; none drops checkpoints; only self-build and operations change', () => {
    const two: Scenario = { ...lab, operations: { ...lab.operations, checkpointIntervalHours: 2 } };
    const auto = recoveryChange('automatic', two);
    expect(auto.selfBuild.recovery).toBe('automatic');
    expect(auto.operations.checkpointIntervalHours).toBe(2);
    const none = recoveryChange('none', two);
    expect(none.selfBuild.recovery).toBe('manual');
    expect(none.operations.checkpointIntervalHours).toBe(0);
    expect(Object.keys(auto).sort()).toEqual(['operations', 'selfBuild']);
  });

  it('only slow peak access holds the peak in house: whole servers over the p95 week', () => {
    expect(PEAK_ACCESS.filter(holdsPeakInHouse)).toEqual(['slow']);
    const e = demandOf(0, 13);
    expect(hybridBaselineFor('slow', lab, e)).toBe(16);
    expect(hybridBaselineFor('sometimes', lab, e)).toBeNull();
    expect(hybridBaselineFor('fast', lab, e)).toBeNull();
  });

  it('slow peak access reads the peak of the demand the answers leave as it is', () => {
    const s = applyAnswers({ ...NO_ANSWERS, peakAccess: 'slow', opsTeam: 'none' })(bursty);
    expect(s.hybrid.baselineGpus).toBe(
      Math.ceil(demandStats(bursty).peakGpus / bursty.selfBuild.gpusPerServer) *
        bursty.selfBuild.gpusPerServer,
    );
    expect(s.teamCapability).toBe(1);
  });
});

describe('result: ranking', () => {
  it('the seed team: platform, then rent at +52 %, then self-build (the hybrid is no real mix)', () => {
    const e = evaluate(seed);
    const ranking = strategyRanking(e);
    expect(ranking.map((r) => r.strategy)).toEqual(['platform', 'rent', 'selfBuild']);
    expect(ranking[0]).toEqual({
      strategy: 'platform',
      monthlyCny: 37_500,
      horizonCny: 1_350_000,
      aboveBestFraction: null,
      tie: null,
    });
    expect(ranking[1]?.aboveBestFraction).toBeCloseTo(0.52, 12);
    expect(ranking[1]?.tie).toBeNull();
    expect(ranking[2]?.aboveBestFraction).toBe(e.strategies.selfBuild.monthlyCny / 37_500 - 1);
  });

  it('leaves out the ineligible and a hybrid with no baseline or no burst; equal costs in the recommendation’s order', () => {
    const r = (monthlyCny: number, eligible = true, baselineGpus = 8, burstShare = 0.2) =>
      ({ eligible, monthlyCny, horizonCny: monthlyCny * 36, baselineGpus, burstShare }) as StrategyResult;
    const strategies = { selfBuild: r(100), rent: r(100), platform: r(50, false), hybrid: r(10, true, 0) };
    expect(strategyRanking({ strategies })).toEqual([
      { strategy: 'rent', monthlyCny: 100, horizonCny: 3600, aboveBestFraction: null, tie: null },
      { strategy: 'selfBuild', monthlyCny: 100, horizonCny: 3600, aboveBestFraction: 0, tie: 'sameCost' },
    ]);
    expect(strategyRanking({ strategies: { ...strategies, hybrid: r(10, true, 8, 0.2) } })[0]?.strategy).toBe(
      'hybrid',
    );
    // A cheapest strategy that costs nothing: no "+x %" against it.
    const free = strategyRanking({ strategies: { ...strategies, platform: r(0) } });
    expect(free.map((x) => x.aboveBestFraction)).toEqual([null, null, null]);
  });
});

describe('result: the hybrid offered (docs/model.md §9 honest hybrids)', () => {
  const slow = { ...NO_ANSWERS, peakAccess: 'slow' } as const;
  /** The engine's own best hybrid: the same scenario evaluated with the baseline left to the optimiser. */
  const engineBest = (s: Scenario) =>
    evaluate({ ...s, hybrid: { ...s.hybrid, baselineGpus: null } }).strategies.hybrid;

  it('slow peak access pins the steady lab’s baseline: the offer says it is the answer’s and what the best costs', () => {
    const s = applyAnswers(slow)(lab);
    const e = evaluate(s);
    const offer = selfAssessmentHybrid(s, e, slow);
    const best = engineBest(s);
    expect(offer.pinned).toBe(true);
    expect(offer.pinnedBy).toBe('peakAnswer');
    expect(offer.offered.baselineGpus).toBe(s.hybrid.baselineGpus);
    expect(offer.offered.monthlyCny).toBe(e.strategies.hybrid.monthlyCny);
    expect(offer.best).toEqual({
      baselineGpus: best.baselineGpus,
      monthlyCny: best.monthlyCny,
      burstShare: best.burstShare,
    });
    // Here the optimiser owns nothing: the pinned hybrid costs more than the platform it bursts to.
    expect(offer.best.baselineGpus).toBe(0);
    expect(offer.offered.monthlyCny).toBeGreaterThan(e.strategies.platform.monthlyCny);
    expect(offer.extraMonthlyCny).toBeCloseTo(offer.offered.monthlyCny - best.monthlyCny, 6);
    expect(offer.pinnedIsBest).toBe(false);
  });

  it('with the baseline left to the optimiser, the offer is the evaluated hybrid itself', () => {
    const answers = { ...NO_ANSWERS, peakAccess: 'fast' } as const;
    const s = applyAnswers(answers)(presets.largeLab as Scenario);
    const e = evaluate(s);
    const offer = selfAssessmentHybrid(s, e, answers);
    expect(offer).toMatchObject({ pinned: false, pinnedBy: null, extraMonthlyCny: 0, pinnedIsBest: false });
    expect(offer.offered).toEqual(offer.best);
    expect(offer.best.baselineGpus).toBe(e.rightSize.gpus);
  });

  it('a baseline pinned in the assumptions is the user’s, not an answer’s', () => {
    const s: Scenario = { ...lab, hybrid: { ...lab.hybrid, baselineGpus: 80 } };
    const offer = selfAssessmentHybrid(s, evaluate(s), NO_ANSWERS);
    expect(offer.pinnedBy).toBe('assumptions');
  });

  it('a pinned baseline at the optimum is also the cheapest', () => {
    const best = engineBest(presets.largeLab as Scenario);
    const s: Scenario = {
      ...(presets.largeLab as Scenario),
      hybrid: { ...(presets.largeLab as Scenario).hybrid, baselineGpus: best.baselineGpus },
    };
    const offer = selfAssessmentHybrid(s, evaluate(s), NO_ANSWERS);
    expect(offer.pinned).toBe(true);
    expect(offer.pinnedIsBest).toBe(true);
  });

  const arbAnswers = fc.record({
    peakAccess: fc.option(fc.constantFrom(...PEAK_ACCESS)),
    recovery: fc.option(fc.constantFrom(...RECOVERY)),
    refresh: fc.option(fc.constantFrom(...REFRESH)),
    opsTeam: fc.option(fc.constantFrom(...OPS_TEAM)),
  });

  it('property: never dearer than the engine’s best hybrid unless the user pinned its baseline, and then it says so', () => {
    fc.assert(
      fc.property(
        arbScenario,
        arbAnswers,
        fc.option(fc.integer({ min: 0, max: 512 })),
        (s0, answers, pin) => {
          const s = applyAnswers(answers)({ ...s0, hybrid: { ...s0.hybrid, baselineGpus: pin } });
          const offer: SelfAssessmentHybrid = selfAssessmentHybrid(s, evaluate(s), answers);
          const best = engineBest(s);
          const tolerance = 1e-9 * Math.max(1, best.monthlyCny);
          expect(offer.best.monthlyCny).toBeCloseTo(best.monthlyCny, 6);
          // The optimiser's best is the cheapest: no pinned baseline beats it.
          expect(offer.offered.monthlyCny).toBeGreaterThanOrEqual(best.monthlyCny - tolerance);
          if (offer.offered.monthlyCny > best.monthlyCny + tolerance) {
            expect(offer.pinned).toBe(true);
            expect(offer.pinnedBy).not.toBeNull();
          }
          if (!offer.pinned) {
            expect(offer.pinnedBy).toBeNull();
            expect(offer.offered).toEqual(offer.best);
          }
          // Who pinned it: the slow-peak answer, or the assumptions.
          if (answers.peakAccess === 'slow') expect(offer.pinnedBy).toBe('peakAnswer');
          if (answers.peakAccess !== null && answers.peakAccess !== 'slow') expect(offer.pinned).toBe(false);
          if (answers.peakAccess === null) expect(offer.pinnedBy).toBe(pin === null ? null : 'assumptions');
        },
      ),
      { numRuns: 40 },
    );
  });
});
