import { defaultScenario, newTrainingRun, planTotal, runGpuHours, type Scenario } from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';

/** A plan with one default run and 14,600 reference GPU-hours of recurring work a month (20 GPUs). */
function planWithRecurring(): Scenario {
  const s = switchDemandMode(defaultScenario, 'plan');
  const run = newTrainingRun(s);
  return { ...s, trainingPlan: { ...s.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 14_600 } };
}

describe('the plan total counts the runs and the recurring work', () => {
  it('runs’ GPU-hours plus recurring work over the plan’s weeks (20 GPUs × 168 h a week)', () => {
    const s = planWithRecurring();
    const run = s.trainingPlan.runs[0];
    if (!run) throw new Error('no run');
    const total = planTotal(s);
    expect(total.runsGpuHours).toBe(runGpuHours(run));
    expect(total.weeks).toBeGreaterThanOrEqual(26);
    // 14,600 GPU-hours a month ÷ 730 h = 20 GPUs busy every hour; a week is 168 h.
    expect(total.recurringGpuHours).toBeCloseTo(20 * 168 * total.weeks, 6);
    expect(total.totalGpuHours).toBeCloseTo(runGpuHours(run) + 20 * 168 * total.weeks, 6);
  });

  it('without recurring work the total is the runs’ alone', () => {
    const s = planWithRecurring();
    const none = { ...s, trainingPlan: { ...s.trainingPlan, recurringGpuHoursPerMonth: 0 } };
    expect(planTotal(none).recurringGpuHours).toBe(0);
    expect(planTotal(none).totalGpuHours).toBe(planTotal(none).runsGpuHours);
  });
});
