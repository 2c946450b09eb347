import {
  evaluate,
  newTrainingRun,
  ownedGpuHourPrice,
  planDeadlines,
  presets,
  switchDemandForm,
  withInput,
} from '../../src/engine';
import { parseScenario } from '../../src/scenario/parse';
import { handCase } from '../engine/ladder/hand-case';
import { planOnLadder } from '../engine/ladder/plan-case';
import { runInMemory } from './memory-io';

/**
 * The other commands of `gpu-tco` (issue 38), each against the engine or arithmetic done here:
 * sweep, plan, ladder, logs, link, opencost and schema.
 */
const seed = presets.seedTeam!;

describe('gpu-tco sweep', () => {
  it('prices evenly spaced values of one input, each as the engine prices that scenario', () => {
    const run = runInMemory([
      'sweep',
      'platform.priceCnyPerGpuHour',
      '--preset',
      'seedTeam',
      '--from',
      '10',
      '--to',
      '20',
      '--steps',
      '3',
    ]);
    expect(run.code).toBe(0);
    const [head, ...rows] = run.stdout.trim().split('\n');
    expect(head).toBe(
      'platform.priceCnyPerGpuHour,selfBuildMonthlyCny,rentMonthlyCny,platformMonthlyCny,hybridMonthlyCny,winner',
    );
    expect(rows.map((r) => r.split(',')[0])).toEqual(['10', '15', '20']);
    for (const row of rows) {
      const cells = row.split(',');
      const e = evaluate(withInput(seed, 'platform.priceCnyPerGpuHour', Number(cells[0])));
      expect(Number(cells[3])).toBe(e.strategies.platform.monthlyCny);
      expect(cells[5]).toBe(e.recommendation.strategy);
    }
  });

  it('a value a rule across fields refuses stops the sweep with the page’s message', () => {
    // Busy power above the server's maximum (2 kW of the seed's server at most… swept past it).
    const run = runInMemory([
      'sweep',
      'selfBuild.powerBusyKwPerServer',
      '--preset',
      'seedTeam',
      '--from',
      String(seed.selfBuild.powerIdleKwPerServer),
      '--to',
      String(seed.selfBuild.powerMaxKwPerServer + 1),
      '--steps',
      '3',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('selfBuild.powerBusyKwPerServer');
  });
});

describe('gpu-tco plan', () => {
  it('a plan alone runs in the seed example: GPU-hours as sized, finish weeks and the cheapest on-time way as the engine gives', () => {
    const run = {
      ...newTrainingRun(seed, 'Pretrain'),
      sizeBy: 'gpuHours' as const,
      gpuHours: 50_000,
      gpus: 64,
      startWeek: 3,
      deadlineWeek: 20,
    };
    const plan = { runs: [run], recurringGpuHoursPerMonth: 1_000, onDemandGpus: 128 };
    const cli = runInMemory(['plan', 'plan.json', '--format', 'json'], { 'plan.json': JSON.stringify(plan) });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const report = JSON.parse(cli.stdout);
    // 50,000 GPU-hours on 64 GPUs: 50,000 ÷ 64 ÷ 168 ≈ 4.65 weeks of work from week 3.
    expect(report.runs[0].gpuHours).toBe(50_000);
    expect(report.runs[0].gpus).toBe(64);
    // As the page's demand switch makes a plan the demand (its curve, the cluster sized to it).
    const parsed = parseScenario(switchDemandForm({ ...seed, trainingPlan: plan }, 'plan'));
    if (!parsed.ok) throw new Error('the plan should be valid');
    const d = planDeadlines(parsed.scenario, evaluate(parsed.scenario));
    expect(report.ways.platform.finishWeeks).toEqual(d.strategies.platform.runs.map((r) => r.finishWeek));
    expect(report.cheapestOnTime.strategy).toBe(d.cheapest.strategyId);
    expect(report.ways.rent.horizonCny).toBe(evaluate(parsed.scenario).strategies.rent.horizonCny);
  });

  it('a plan with a run of no GPUs and no deadline is refused at that run’s field', () => {
    const run = { ...newTrainingRun(seed), gpus: -5 };
    const cli = runInMemory(['plan', 'p.json'], {
      'p.json': JSON.stringify({ runs: [run], recurringGpuHoursPerMonth: 0, onDemandGpus: 8 }),
    });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('trainingPlan.runs.0.gpus');
  });
});

describe('gpu-tco logs', () => {
  it('a Slurm file: useful GPU-hours, the weekly curve and the measured efficiency by hand', () => {
    // Two jobs in the week from Monday 5 January 2026: 8 GPUs for 10 h and 16 GPUs for 24 h.
    const log = [
      'JobID|Start|End|AllocTRES',
      '1|2026-01-05T00:00:00|2026-01-05T10:00:00|cpu=8,gres/gpu=8',
      '2|2026-01-06T00:00:00|2026-01-07T00:00:00|gres/gpu=16',
    ].join('\n');
    const cli = runInMemory(['logs', 'jobs.txt', '--format', 'json', '--cluster-gpus', '32'], {
      'jobs.txt': log,
    });
    expect(cli.stderr).toBe('');
    const r = JSON.parse(cli.stdout);
    const useful = 8 * 10 + 16 * 24;
    expect(r.usefulGpuHours).toBe(useful);
    // The period runs from the first start to the last end: 48 hours, on 32 GPUs.
    expect(r.heldGpuHours).toBe(32 * 48);
    expect(r.measuredEfficiency).toBeCloseTo(useful / (32 * 48), 12);
    expect(r.weeklyGpus).toHaveLength(1);
    expect(r.weeklyGpus[0]).toBeCloseTo(useful / 48, 9);
    expect(r.energy).toBeNull();
  });

  it('a Slurm file with ConsumedEnergyRaw: the measured kWh and kW a GPU, by hand, in JSON and in the table', () => {
    // 8 GPUs × 10 h drawing 0.75 kW each = 60 kWh = 2.16e8 J; 16 GPUs × 24 h at 1 kW = 384 kWh = 1.3824e9 J.
    const log = [
      'JobID|Start|End|AllocTRES|ConsumedEnergyRaw',
      '1|2026-01-05T00:00:00|2026-01-05T10:00:00|cpu=8,gres/gpu=8|216000000',
      '2|2026-01-06T00:00:00|2026-01-07T00:00:00|gres/gpu=16|1382400000',
    ].join('\n');
    const json = runInMemory(['logs', 'jobs.txt', '--format', 'json', '--cluster-gpus', '32'], {
      'jobs.txt': log,
    });
    const r = JSON.parse(json.stdout);
    expect(r.energy.scope).toBe('nodes');
    expect(r.energy.kwh).toBeCloseTo(444, 9);
    expect(r.energy.coveredGpuHours).toBe(8 * 10 + 16 * 24);
    expect(r.energy.kwPerGpu).toBeCloseTo(444 / 464, 12);
    const table = runInMemory(['logs', 'jobs.txt', '--cluster-gpus', '32'], { 'jobs.txt': log });
    expect(table.stdout).toContain('Energy measured (ConsumedEnergyRaw, the jobs’ servers)');
    expect(table.stdout).toContain('444 kWh over 464 GPU-hours: 0.957 kW a GPU before PUE');
  });
});

describe('gpu-tco logs, sreport', () => {
  it('a weekly sreport: 672 GPU-hours of 16 GPUs’ 2,688 in the week is 4 GPUs a week and 25 % efficiency', () => {
    const text = [
      'Cluster Utilization 2026-01-05T00:00:00 - 2026-01-11T23:59:59',
      'Usage reported in TRES Hours',
      'Cluster|TRES Name|Allocated|Down|PLND Down|Idle|Planned|Reported',
      'gpu-a|gres/gpu|672|0|0|2016|0|2688',
    ].join('\n');
    const cli = runInMemory(['logs', 'util.txt', '--format', 'json'], { 'util.txt': text });
    expect(cli.stderr).toBe('');
    const r = JSON.parse(cli.stdout);
    expect(r.format).toBe('sreport');
    expect(r.clusterGpus).toBe(16);
    expect(r.weeklyGpus).toEqual([4]);
    expect(r.measuredEfficiency).toBe(0.25);
  });
});

describe('gpu-tco logs, OpenCost', () => {
  it('a daily CSV export: 8 GPUs a day for a week on a cluster of 16 given is 50 %, read like the page', () => {
    const rows = Array.from(
      { length: 7 },
      (_, d) => `2026-01-${String(5 + d).padStart(2, '0')},llm,trainer,main,8,0.5,9.1`,
    );
    const text = ['Date,Namespace,Pod,Container,GPUs,CPUCost,TotalCost', ...rows].join('\n');
    const cli = runInMemory(['logs', 'export.csv', '--format', 'json', '--cluster-gpus', '16'], {
      'export.csv': text,
    });
    expect(cli.stderr).toBe('');
    const r = JSON.parse(cli.stdout);
    expect(r.format).toBe('opencostCsv');
    expect(r.usefulGpuHours).toBe(8 * 24 * 7);
    expect(r.heldGpuHours).toBe(16 * 168);
    expect(r.measuredEfficiency).toBe(0.5);
    expect(r.weeklyGpus).toEqual([8]);
    // A size of no GPUs is refused with the range (the busiest day is no floor: rows count whole days).
    const small = runInMemory(['logs', 'export.csv', '--cluster-gpus', '0'], { 'export.csv': text });
    expect(small.code).toBe(1);
    expect(small.stderr).toContain('--cluster-gpus');
  });

  it('the allocation JSON with DCGM usage: the busy share beside the efficiency', () => {
    const window = { start: '2026-01-05T00:00:00Z', end: '2026-01-12T00:00:00Z' };
    const data = [
      {
        llm: {
          name: 'llm',
          window,
          gpuHours: 672,
          gpuAllocation: { gpuRequestAverage: 4, gpuUsageAverage: 0.75 },
        },
        __idle__: { name: '__idle__', window, gpuHours: 2_016 },
      },
    ];
    const cli = runInMemory(['logs', 'alloc.json', '--format', 'json'], {
      'alloc.json': JSON.stringify({ code: 200, data }),
    });
    expect(cli.stderr).toBe('');
    const r = JSON.parse(cli.stdout);
    expect(r.measuredEfficiency).toBe(672 / 2_688);
    expect(r.busyGpuHours).toBe(672 * 0.75);
    expect(r.busyCoveredGpuHours).toBe(672);
    const table = runInMemory(['logs', 'alloc.json'], { 'alloc.json': JSON.stringify({ code: 200, data }) });
    expect(table.stdout).toMatch(/Busy while allocated \(DCGM\):\s+75\.0 ?% of 672 GPU-hours/);
  });
});

describe('gpu-tco link', () => {
  it('a scenario to its link and back gives the same scenario', () => {
    const toLink = runInMemory(['link', '--preset', 'largeLab', '--url', 'https://example.org/tco/']);
    expect(toLink.stdout).toMatch(/^https:\/\/example\.org\/tco\/#s=2\.17-largeLab\./);
    const back = runInMemory(['link', toLink.stdout.trim()]);
    expect(JSON.parse(back.stdout).scenario).toEqual(presets.largeLab);
    // A link piped in is read as a link too.
    const piped = runInMemory(['link'], {}, toLink.stdout);
    expect(JSON.parse(piped.stdout).scenario).toEqual(presets.largeLab);
  });
});

describe('gpu-tco opencost', () => {
  it('the steady lab’s file round-trips its price: the GPU string reads back as the engine’s price to a millionth', () => {
    const cli = runInMemory(['opencost', '--preset', 'steadyLab', '--purchased', '2026-12']);
    expect(cli.code).toBe(0);
    const file = JSON.parse(cli.stdout);
    expect(Object.keys(file)).toEqual([
      'provider',
      'description',
      'CPU',
      'spotCPU',
      'RAM',
      'spotRAM',
      'GPU',
      'storage',
      'zoneNetworkEgress',
      'regionNetworkEgress',
      'internetNetworkEgress',
    ]);
    expect(file.provider).toBe('custom');
    for (const value of Object.values(file)) expect(typeof value).toBe('string');
    const price = ownedGpuHourPrice(presets.steadyLab!);
    expect(Math.abs(Number(file.GPU) - (price?.cnyPerGpuHour ?? 0))).toBeLessThanOrEqual(5e-7);
    expect(file.description).toContain('Bought 2026-12');
    expect(file.CPU).toBe('0');
  });

  it('the price × the GPU-hours held is the own cluster’s month: the self-build total when nothing bursts', () => {
    // The accounting view of the seed example's single server, which holds the whole demand.
    const s = { ...seed, finance: { ...seed.finance, costView: 'accounting' as const } };
    const e = evaluate(s);
    expect(e.strategies.selfBuild.burstShare).toBe(0);
    const price = ownedGpuHourPrice(s);
    expect(price).not.toBeNull();
    expect((price?.cnyPerGpuHour ?? 0) * 8 * 730).toBeCloseTo(e.strategies.selfBuild.monthlyCny, 6);
    // Its depreciation alone, from the inputs: capex × (1 − residual) ÷ (years × 12) ÷ (8 GPUs × 730 h).
    const sb = s.selfBuild;
    const capex =
      sb.serverPriceCny * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
      sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
    const depreciationPerHour = (capex * (1 - sb.residualFraction)) / (sb.depreciationYears * 12) / (8 * 730);
    expect(price?.byCategoryCnyPerGpuHour.compute ?? 0).toBeGreaterThan(depreciationPerHour);
  });

  it('a scenario that owns no GPUs has no price to export', () => {
    const s = withInput(seed, 'selfBuild.capacityGpus', 0);
    const cli = runInMemory(['opencost', 'zero.json'], { 'zero.json': JSON.stringify(s) });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('owns no GPUs');
  });
});

describe('gpu-tco ladder', () => {
  it('solves the hand-worked case: 80 GPUs reserved for a year, 912,500 CNY a month, 182,500 below renting', () => {
    const file = JSON.stringify(handCase(['reserved1y', 'onDemand']));
    const run = runInMemory(['ladder', 'case.json', '--format', 'json'], { 'case.json': file });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      sentence: string;
      monthlyCny: number;
      savingVsBestWayCnyPerMonth: number;
      bestWay: { id: string; monthlyCny: number };
      rungs: { id: string; gpus: number | null; monthlyCny: number }[];
      schedule: { id: string; startMonth: number; endMonth: number; gpus: number }[];
      budget: { quarters: { commitmentsCny: number; variableCny: number; totalCny: number }[] };
      market: { peakGpus: number; onDemandGpus: number; text: string };
    };
    // By the hour: the 40 useful GPUs above the reservation in the busy weeks, held at 50 %: 80 GPUs.
    expect(report.market.peakGpus).toBeCloseTo(80, 9);
    expect(report.market.text).toBe(
      `Its by-the-hour part holds at most 80 GPUs at once, within the ${report.market.onDemandGpus} one can get on demand.`,
    );
    // The plan by quarter: 3 × 547,500 committed and 3 × 365,000 on demand each quarter.
    expect(report.budget.quarters).toHaveLength(4);
    for (const q of report.budget.quarters) {
      expect(q.commitmentsCny).toBeCloseTo(1_642_500, 6);
      expect(q.variableCny).toBeCloseTo(1_095_000, 6);
    }
    expect(run.stdout).not.toContain('NaN');
    // 80 × 730 × 12.5 × 0.75 + 40 × ½ × 730 ÷ 50 % × 12.5, against 60 × 730 ÷ 50 % × 12.5 on demand alone.
    expect(report.monthlyCny).toBeCloseTo(547_500 + 365_000, 6);
    expect(report.bestWay.id).toBe('rent');
    expect(report.bestWay.monthlyCny).toBeCloseTo(1_095_000, 6);
    expect(report.savingVsBestWayCnyPerMonth).toBeCloseTo(182_500, 6);
    expect(report.rungs.find((r) => r.id === 'reserved1y')?.gpus).toBe(80);
    expect(report.schedule).toMatchObject([{ id: 'reserved1y', startMonth: 1, endMonth: 12, gpus: 80 }]);
    expect(report.sentence).toBe(
      'Reserve 80 GPUs for one year; the rest on whole servers rented on demand: CN¥912,500 a month, CN¥182,500 (16.7%) below the best single way (Rent, CN¥1,095,000 a month).',
    );
  });

  it('says a training plan’s deadlines on the plan: 32 GPUs on demand of the 64 wanted finish the 4-week run in week 8', () => {
    const file = JSON.stringify(planOnLadder(['onDemand'], {}, undefined, 32));
    const json = runInMemory(['ladder', 'plan.json', '--format', 'json'], { 'plan.json': file });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      deadlines: { runs: { finishWeek: number; onTime: boolean }[]; serverGpus: number };
    };
    // 64 × 168 × 4 GPU-hours on 32 GPUs: 8 weeks, due in week 8.
    expect(report.deadlines.serverGpus).toBe(32);
    expect(report.deadlines.runs).toEqual([{ finishWeek: 8, slipWeeks: 0, onTime: true }]);
    const table = runInMemory(['ladder', 'plan.json'], { 'plan.json': file });
    expect(table.stdout).toContain('On this plan every run finishes on time, the last in week 8.');
    // Without a training plan there are no deadlines.
    const plain = runInMemory(['ladder', '--preset', 'steadyLab', '--format', 'json']);
    expect((JSON.parse(plain.stdout) as { deadlines: unknown }).deadlines).toBeNull();
  });

  it('prints the plan, its rungs and its schedule as a table in Chinese', () => {
    const run = runInMemory(['ladder', '--preset', 'largeLab', '--lang', 'zh-CN']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('在智算平台预留');
    expect(run.stdout).toContain('平台预留算力');
    expect(run.stdout).toContain('第 1 年第 1 季度（第 1 月）');
  });
});
