import { describe, expect, it } from 'vitest';
import { ladderDeadlines, ladderPlan, type TrainingRun } from '../../../src/engine';
import { termShortfallByWeek } from '../../../src/engine/ladder/deadlines';
import { handCase } from './hand-case';
import { growingPlan, pretrain, planOnLadder as scenario } from './plan-case';

describe('deadlines on the ladder’s plan', () => {
  it('on demand within the market: 32 of the 64 GPUs wanted take twice as long (8 weeks), 2 late against week 6', () => {
    const s = scenario(['onDemand'], {}, [pretrain], 32);
    // The rented GPU is the reference here, so 32 GPUs do 32 reference GPU-hours an hour.
    expect(s.hardware.rent.throughputRatio).toBe(1);
    const d = ladderDeadlines(s, ladderPlan(s));
    expect(d.serverGpus).toBe(32);
    expect(d.runs[0]).toEqual({ finishWeek: 8, slipWeeks: 0, onTime: true });
    const tight = scenario(['onDemand'], {}, [{ ...pretrain, deadlineWeek: 6 }], 32);
    const late = ladderDeadlines(tight, ladderPlan(tight));
    expect(late.runs[0]).toEqual({ finishWeek: 8, slipWeeks: 2, onTime: false });
    expect(late.allOnTime).toBe(false);
    expect(late.worstSlipWeeks).toBe(2);
  });

  it('whole servers on demand can get the whole market: 256 GPUs', () => {
    const s = scenario(['onDemand']);
    expect(ladderDeadlines(s, ladderPlan(s)).serverGpus).toBe(256);
  });

  it('spot’s preemptions stretch the run as the failure model says: 1 + 64 × λ ÷ (730 × 8) × (half a checkpoint + a manual restart)', () => {
    const lambda = 20;
    const s = scenario(['spot'], { spotPreemptionsPerServerMonth: lambda });
    const plan = ladderPlan(s);
    expect(plan.pricing.variable.tiers.map((v) => v.id)).toEqual(['spot']);
    const d = ladderDeadlines(s, plan);
    const ops = s.operations;
    const perGpuHour = lambda / (730 * 8);
    const lost = ops.checkpointIntervalHours / 2 + ops.restartHoursManual;
    const weeks = 4 * (1 + 64 * perGpuHour * lost);
    expect(d.preemptionsPerGpuHour).toBeCloseTo(perGpuHour, 15);
    expect(weeks).toBeGreaterThan(5);
    expect(d.runs[0]?.finishWeek).toBe(Math.ceil(weeks));
    // On demand, not preempted, finishes in 4 weeks.
    const plain = scenario(['onDemand']);
    expect(ladderDeadlines(plain, ladderPlan(plain)).runs[0]?.finishWeek).toBe(4);
  });

  it('a committed rung gives its GPUs at once: a 100-week run on 64 GPUs, reserved for a year at 90 % off, finishes in week 100 with no on-demand GPU', () => {
    // Within the plan's 104 weeks (a longer run is refused at the door).
    const long: TrainingRun = { ...pretrain, gpuHours: 64 * 168 * 100, deadlineWeek: 104 };
    const s = scenario(['reserved1y'], { reserved1yDiscountFraction: 0.9 }, [long]);
    const plan = ladderPlan(s);
    const band = plan.pricing.bands.find((b) => b.id === 'reserved1y');
    // The reservation holds the run's 64 GPUs at the servers' utilization, so at least 64.
    expect(band?.gpus ?? 0).toBeGreaterThanOrEqual(64);
    const d = ladderDeadlines(s, plan);
    expect(d.serverGpus).toBe(0);
    expect(d.committedGpus).toBe(band?.gpus);
    // 64 × 168 × 100 GPU-hours on the 64 GPUs the run is planned on: 100 weeks.
    expect(d.runs[0]).toEqual({ finishWeek: 100, slipWeeks: 0, onTime: true });
  });

  it('spot switched on but serving nothing (the platform takes all) preempts nothing: the run finishes in 4 weeks', () => {
    // Spot and on demand priced far above the platform: the platform's elastic compute serves all.
    const s0 = scenario(['spot', 'onDemand', 'platformElastic'], { spotPreemptionsPerServerMonth: 20 });
    const s = { ...s0, rent: { ...s0.rent, priceCnyPerServerHour: 100_000 } };
    const plan = ladderPlan(s);
    expect(plan.pricing.variable.tiers.map((v) => v.id)).toEqual(['platformElastic']);
    const d = ladderDeadlines(s, plan);
    expect(d.preemptionsPerGpuHour).toBe(0);
    expect(d.runs[0]).toEqual({ finishWeek: 4, slipWeeks: 0, onTime: true });
  });

  it('on demand and the platform draw on one market: together its 32 GPUs, the platform none once servers hold it', () => {
    const s = scenario(['onDemand', 'platformElastic'], {}, [pretrain], 32);
    const d = ladderDeadlines(s, ladderPlan(s));
    expect([d.serverGpus, d.platformGpus]).toEqual([32, 0]);
    const platformOnly = scenario(['platformElastic'], {}, [pretrain], 32);
    const p = ladderDeadlines(platformOnly, ladderPlan(platformOnly));
    expect([p.serverGpus, p.platformGpus]).toEqual([0, 32]);
  });

  it('no tier that may take the run: it never finishes, said as such', () => {
    const s = scenario(['reserved1y']);
    const plan = ladderPlan(s);
    expect(plan.pricing.bands).toEqual([]);
    const d = ladderDeadlines(s, plan);
    expect(d.runs[0]).toEqual({ finishWeek: null, slipWeeks: null, onTime: false });
    expect(d.worstSlipWeeks).toBeNull();
  });
});

describe('deadlines on commitments sized quarter by quarter', () => {
  it('the growing plan’s monthly term holds 64, 192, then 64 GPUs: the weeks of months 1–6 and 22–24 are 128 GPUs short of the band, none in months 7–21 or past the horizon', () => {
    const s = growingPlan();
    const plan = ladderPlan(s);
    const ratio = s.hardware.rent.throughputRatio;
    const short = termShortfallByWeek(s, plan, () => ratio);
    expect(short).not.toBeNull();
    // Week w starts in month ⌊(w − 1) × 168 ÷ 730⌋ + 1.
    const monthOf = (week: number) => Math.floor(((week - 1) * 168) / 730) + 1;
    expect([1, 27, 28, 92, 93, 105, 106].map(monthOf)).toEqual([1, 6, 7, 21, 22, 24, 25]);
    expect(short?.(1)).toBe(128 * ratio);
    expect(short?.(27)).toBe(128 * ratio);
    expect(short?.(28)).toBe(0);
    expect(short?.(92)).toBe(0);
    expect(short?.(93)).toBe(128 * ratio);
    expect(short?.(105)).toBe(128 * ratio);
    expect(short?.(106)).toBe(0);
    // The commitments hold what the plan needs each quarter: both runs finish as planned.
    const d = ladderDeadlines(s, plan);
    expect(d.runs.map((r) => r.onTime)).toEqual([true, true]);
  });

  it('a weekly curve holds every term whole: no shortfall', () => {
    const s = handCase(['reserved1y', 'onDemand']);
    expect(termShortfallByWeek(s, ladderPlan(s), () => 1)).toBeNull();
  });
});
