import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  budgetPlan,
  defaultScenario,
  evaluate,
  newTrainingRun,
  type Scenario,
  type TrainingPlanInput,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { parseScenario } from '../../../src/scenario';

/*
 * Model v4, demand over the horizon: a training plan is a dated timeline, priced once — each run in
 * its weeks, recurring work in every month of the horizon, nothing repeated, nothing after the
 * horizon — each month at that month's price. The expected figures are summed here month by month
 * from the plan's own numbers (hours, GPUs, prices), not by the engine.
 */

const HOURS_PER_MONTH = 730;
const HOURS_PER_WEEK = 168;

/** Hours of [from, to) that fall in month m (1-based, 730 h each, month 1 starting at hour 0). */
function overlapHours(from: number, to: number, m: number): number {
  return Math.max(0, Math.min(to, m * HOURS_PER_MONTH) - Math.max(from, (m - 1) * HOURS_PER_MONTH));
}

/**
 * A scenario whose platform and rent bills are GPU-time alone (no setup, staff or failures), so the
 * expected cost is hours × price; 15 %/yr price decline; compliance none (no premiums).
 */
function pricedOnTime(plan: TrainingPlanInput, horizonMonths = 36): Scenario {
  const base: Scenario = {
    ...defaultScenario,
    horizonMonths,
    compliance: 'none',
    trainingPlan: plan,
    calibration: {
      rentSetupCnyPerJob: null,
      platformSetupCnyPerJob: null,
      rentCostPerFailureCny: null,
      platformCostPerFailureCny: null,
      note: null,
    },
    operations: {
      ...defaultScenario.operations,
      setupHoursRent: 0,
      setupHoursPlatform: 0,
      rentOpsFraction: 0,
      platformOpsFraction: 0,
      hwInterruptionsPerGpuHour: 0,
      swFailureProbabilityPerJob: 0,
    },
    finance: { ...defaultScenario.finance, gpuTimePriceDeclineFractionPerYear: 0.15 },
    platform: { ...defaultScenario.platform, premiumFraction: 0.1 },
  };
  const parsed = parseScenario(switchDemandMode(base, 'plan'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.scenario;
}

/** Today's price × (1 − 15 %)^((m − 1) / 12): month m's market price factor (month 1 = today). */
const factor = (m: number) => 0.85 ** ((m - 1) / 12);

/** One run on the reference GPU: 64 GPUs from week 10 to the end of week 30 (21 weeks). */
function runWeeks10To30() {
  const gpus = 64;
  return {
    ...newTrainingRun(defaultScenario),
    name: 'Pre-training',
    sizeBy: 'gpuHours' as const,
    gpuHours: gpus * HOURS_PER_WEEK * 21,
    modelId: defaultScenario.hardware.referenceModelId ?? 'h800',
    startWeek: 10,
    gpus,
    deadlineWeek: 30,
  };
}

/** Useful GPU-hours of month m: the run's GPUs over its hours in m, plus the recurring work. */
function usefulInMonth(m: number, recurringGpuHoursPerMonth: number): number {
  const runFrom = 9 * HOURS_PER_WEEK;
  const runTo = 30 * HOURS_PER_WEEK;
  return 64 * overlapHours(runFrom, runTo, m) + recurringGpuHoursPerMonth;
}

function expectedPlatformCny(s: Scenario, months: number, recurring: number): number {
  const price = s.platform.priceCnyPerGpuHour * (1 + s.platform.premiumFraction);
  let total = 0;
  for (let m = 1; m <= months; m++)
    total += (usefulInMonth(m, recurring) / s.platform.utilization) * price * factor(m);
  return total;
}

function expectedRentCny(s: Scenario, months: number, recurring: number): number {
  // Jobs of 8 GPUs on 8-GPU servers: no whole-server rounding; server-hours = GPU-hours ÷ 8.
  const perGpuHour = s.rent.priceCnyPerServerHour / s.rent.gpusPerServer;
  let total = 0;
  for (let m = 1; m <= months; m++)
    total += (usefulInMonth(m, recurring) / s.rent.utilization) * perGpuHour * factor(m);
  return total;
}

const relClose = (a: number, b: number, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

describe('a training plan is priced once over the horizon (model v4)', () => {
  it('one run in weeks 10–30 plus recurring work: the run’s hours once and the recurring hours in all 36 months, each at its month’s price', () => {
    const recurring = 20_000;
    const s = pricedOnTime({
      runs: [runWeeks10To30()],
      recurringGpuHoursPerMonth: recurring,
      onDemandGpus: 256,
    });
    expect(s.demand.gpusPerJob).toBe(8);
    const e = evaluate(s);
    const platform = expectedPlatformCny(s, 36, recurring);
    const rent = expectedRentCny(s, 36, recurring);
    expect(relClose(e.strategies.platform.horizonCny, platform)).toBe(true);
    expect(relClose(e.strategies.rent.horizonCny, rent)).toBe(true);
    // The run's hours appear once: 64 × 168 × 21 = 225,792, plus 36 × 20,000 recurring.
    expect(e.demand.usefulGpuHoursPerMonth * 36).toBeCloseTo(64 * 168 * 21 + 36 * recurring, 6);
    // The cash follows the months: month 1 holds only recurring work, month 5 the run as well.
    const cash = e.strategies.platform.cashflowCny;
    const price = s.platform.priceCnyPerGpuHour * 1.1;
    expect(relClose(cash[1]!, (recurring / s.platform.utilization) * price * factor(1))).toBe(true);
    expect(
      relClose(cash[5]!, (usefulInMonth(5, recurring) / s.platform.utilization) * price * factor(5)),
    ).toBe(true);
    expect(
      relClose(
        cash.slice(1).reduce((a, c) => a + c, 0),
        platform,
      ),
    ).toBe(true);
  });

  it('a plan without recurring work costs the run once, however long the horizon', () => {
    for (const months of [12, 36, 72]) {
      const s = pricedOnTime(
        { runs: [runWeeks10To30()], recurringGpuHoursPerMonth: 0, onDemandGpus: 256 },
        months,
      );
      const e = evaluate(s);
      expect(relClose(e.strategies.platform.horizonCny, expectedPlatformCny(s, months, 0))).toBe(true);
      // Σ over the run's months only: the same figure on every horizon that holds the run.
      expect(relClose(e.strategies.platform.horizonCny, expectedPlatformCny(s, 8, 0))).toBe(true);
    }
  });

  it('nothing after the horizon is priced: a run past the horizon’s end counts only its hours within it', () => {
    const run = { ...runWeeks10To30(), startWeek: 50, deadlineWeek: 70 };
    const s = pricedOnTime({ runs: [run], recurringGpuHoursPerMonth: 0, onDemandGpus: 256 }, 12);
    const inside = 12 * HOURS_PER_MONTH - 49 * HOURS_PER_WEEK;
    const price = s.platform.priceCnyPerGpuHour * 1.1;
    let expected = 0;
    for (let m = 1; m <= 12; m++)
      expected +=
        ((64 * overlapHours(49 * HOURS_PER_WEEK, 70 * HOURS_PER_WEEK, m)) / s.platform.utilization) *
        price *
        factor(m);
    expect(inside).toBeGreaterThan(0);
    expect(relClose(evaluate(s).strategies.platform.horizonCny, expected)).toBe(true);
  });

  it('any plan: the platform’s horizon cost is Σ over months of that month’s GPU-hours at that month’s price (property)', () => {
    const arbRun = fc.record({
      startWeek: fc.integer({ min: 1, max: 60 }),
      weeks: fc.integer({ min: 1, max: 40 }),
      gpus: fc.integer({ min: 8, max: 2048 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbRun, { minLength: 1, maxLength: 4 }),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.constantFrom(12, 24, 36, 48, 72),
        (runs, recurring, months) => {
          const plan: TrainingPlanInput = {
            runs: runs.map((r, i) => ({
              ...runWeeks10To30(),
              name: `Run ${i + 1}`,
              startWeek: r.startWeek,
              gpus: r.gpus,
              deadlineWeek: null,
              gpuHours: r.gpus * HOURS_PER_WEEK * r.weeks,
            })),
            recurringGpuHoursPerMonth: recurring,
            onDemandGpus: 256,
          };
          const s = pricedOnTime(plan, months);
          // The plan's curve covers at least 26 weeks; after its last run only recurring work.
          const planEndHours = Math.max(26, ...runs.map((r) => r.startWeek - 1 + r.weeks)) * HOURS_PER_WEEK;
          const price = s.platform.priceCnyPerGpuHour * 1.1;
          let expected = 0;
          for (let m = 1; m <= months; m++) {
            let useful = recurring * (overlapHours(0, planEndHours, m) / HOURS_PER_MONTH);
            useful += recurring * (overlapHours(planEndHours, Number.POSITIVE_INFINITY, m) / HOURS_PER_MONTH);
            for (const r of runs)
              useful +=
                r.gpus *
                overlapHours(
                  (r.startWeek - 1) * HOURS_PER_WEEK,
                  (r.startWeek - 1 + r.weeks) * HOURS_PER_WEEK,
                  m,
                );
            expected += (useful / s.platform.utilization) * price * factor(m);
          }
          expect(relClose(evaluate(s).strategies.platform.horizonCny, expected, 1e-8)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 44 },
    );
  });

  it('burst above an owned baseline is billed in the run’s months, each at its price: cash month by month', () => {
    const recurring = 2_920; // 4 GPUs all month, within the baseline
    const planned = pricedOnTime({
      runs: [runWeeks10To30()],
      recurringGpuHoursPerMonth: recurring,
      onDemandGpus: 256,
    });
    const s: Scenario = {
      ...planned,
      hybrid: { ...planned.hybrid, baselineMode: 'owned', baselineGpus: 16 },
      selfBuild: { ...planned.selfBuild, buildLeadTimeMonths: 0 },
      measured: { ...planned.measured, selfBuild: { value: 0.5, origin: 'typed', label: null } },
    };
    const e = evaluate(s);
    const usable = 16 * 0.5;
    const demandInRun = 64 + recurring / HOURS_PER_MONTH;
    const price = s.platform.priceCnyPerGpuHour * 1.1;
    const cash = e.strategies.hybrid.cashflowCny;
    let burstTotal = 0;
    for (let m = 1; m <= 36; m++) {
      const runHours = overlapHours(9 * HOURS_PER_WEEK, 30 * HOURS_PER_WEEK, m);
      const burst = ((demandInRun - usable) * runHours) / s.platform.utilization;
      const bill = burst * price * factor(m);
      burstTotal += bill;
      // Month 1 holds recurring work only, all of it on the baseline: the owned running cash.
      expect(Math.abs(cash[m]! - cash[1]! - bill)).toBeLessThanOrEqual(1e-6 * Math.max(1, bill));
    }
    // The horizon's burst bill is the sum of the months' (the months outside the run hold none).
    expect(burstTotal).toBeGreaterThan(0);
    expect(
      relClose(
        cash.slice(1).reduce((a, c) => a + (c - cash[1]!), 0),
        burstTotal,
        1e-8,
      ),
    ).toBe(true);
  });

  it('the buy-N budget plan carries the run’s burst in the run’s quarters, none after', () => {
    const recurring = 2_920; // 4 GPUs, within an 8-GPU cluster at 50 %
    const planned = pricedOnTime({
      runs: [runWeeks10To30()],
      recurringGpuHoursPerMonth: recurring,
      onDemandGpus: 256,
    });
    const s: Scenario = {
      ...planned,
      selfBuild: { ...planned.selfBuild, buildLeadTimeMonths: 0 },
      measured: { ...planned.measured, selfBuild: { value: 0.5, origin: 'typed', label: null } },
    };
    const plan = budgetPlan(s, 8);
    const price = s.platform.priceCnyPerGpuHour * 1.1;
    const burstInMonth = (m: number) =>
      (((64 + recurring / HOURS_PER_MONTH - 4) * overlapHours(9 * HOURS_PER_WEEK, 30 * HOURS_PER_WEEK, m)) /
        s.platform.utilization) *
      price *
      factor(m);
    for (const q of plan.quarters) {
      let expected = 0;
      for (let m = Math.max(1, q.fromMonth); m <= q.toMonth; m++) expected += burstInMonth(m);
      expect(Math.abs(q.burstCny - expected)).toBeLessThanOrEqual(1e-6 * Math.max(1, expected));
    }
    // The run ends in month 7 (week 30 ends at hour 5,040): quarters 4–12 hold no burst.
    expect(plan.quarters.slice(3).every((q) => Math.abs(q.burstCny) < 1e-6)).toBe(true);
    expect(plan.quarters[1]!.burstCny).toBeGreaterThan(0);
  });

  it('while an own cluster is built, the plan’s work of those months is rented, each month at its price', () => {
    const recurring = 2_920;
    const planned = pricedOnTime({
      runs: [runWeeks10To30()],
      recurringGpuHoursPerMonth: recurring,
      onDemandGpus: 256,
    });
    const s: Scenario = {
      ...planned,
      // 160 GPUs at 50 % hold 80 useful GPUs: every week's demand (at most 68) runs on the cluster.
      selfBuild: { ...planned.selfBuild, capacityGpus: 160, buildLeadTimeMonths: 4 },
      measured: { ...planned.measured, selfBuild: { value: 0.5, origin: 'typed', label: null } },
    };
    const e = evaluate(s);
    const rentPerUseful = s.rent.priceCnyPerServerHour / s.rent.gpusPerServer / s.rent.utilization;
    const platformPerUseful = (s.platform.priceCnyPerGpuHour * 1.1) / s.platform.utilization;
    const perUseful = Math.min(rentPerUseful, platformPerUseful);
    let leadTotal = 0;
    for (let m = 1; m <= 4; m++) {
      const rental = usefulInMonth(m, recurring) * perUseful * factor(m);
      leadTotal += rental;
      // The servers are paid at delivery, the end of month 4.
      const cash = e.strategies.selfBuild.cashflowCny[m]! - (m === 4 ? e.strategies.selfBuild.capexCny : 0);
      expect(Math.abs(cash - rental)).toBeLessThanOrEqual(1e-6 * rental);
    }
    // Months 3 and 4 hold the run's first weeks: more than the two months of recurring work alone.
    expect(leadTotal).toBeGreaterThan(4 * recurring * perUseful);
    expect(relClose(e.strategies.selfBuild.leadTimeMonthlyCny * 36, leadTotal, 1e-9)).toBe(true);
  });
});
