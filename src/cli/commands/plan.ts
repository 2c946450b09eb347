import {
  evaluate,
  planDeadlines,
  runGpuHours,
  runGpus,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  switchDemandForm,
} from '../../engine';
import { formatMoney, formatNumber } from '../../lib/format';
import { parseScenario } from '../../scenario/parse';
import { issuesText } from '../../view-model/import-messages';
import { type CliContext, loadScenario, readText } from '../context';
import { csvLines, textTable } from '../text-table';
import type { CommandResult } from './result';
import { notesText } from './result';

/**
 * `gpu-tco plan <plan.json> [--preset id]`: a training plan priced as the page's plan section
 * prices it. The file is a scenario file with a plan (its own scenario), or the plan alone — the
 * `trainingPlan` object of a scenario (`runs`, `recurringGpuHoursPerMonth`, `onDemandGpus`) — which
 * then runs in --preset's scenario (the seed example without one) as its demand, through the one door.
 */
export function planCommand(ctx: CliContext): CommandResult {
  const { t, options } = ctx;
  const file = options.positionals[1];
  if (file === undefined) return { ok: false, code: 2, message: t('cli:noInput') };
  const read = readText(ctx, file);
  if (!read.ok) return read;
  let plan: unknown = null;
  try {
    const parsed: unknown = JSON.parse(read.value.replace(/^\uFEFF/, ''));
    if (typeof parsed === 'object' && parsed !== null && 'runs' in parsed) plan = parsed;
  } catch {
    return { ok: false, code: 1, message: t('scenarios:files.json.notJson', { file }) };
  }
  let scenario: Scenario;
  let notes = '';
  if (plan === null) {
    // A scenario file: read through the page's file door (migrations, messages).
    const loaded = loadScenario({ ...ctx, options: { ...options, preset: null } }, file);
    if (!loaded.ok) return loaded;
    scenario = loaded.value.scenario;
    notes = notesText(ctx, loaded.value.notes);
    if (scenario.trainingPlan.runs.length === 0 && scenario.trainingPlan.recurringGpuHoursPerMonth === 0)
      return { ok: false, code: 1, message: t('cli:planNotPlan', { file }) };
  } else {
    const base = loadScenario(
      { ...ctx, options: { ...options, preset: options.preset ?? 'seedTeam' } },
      undefined,
    );
    if (!base.ok) return base;
    // The plan first checked in the scenario as it is, then made its demand as the page's demand
    // switch makes it (its weekly curve, the cluster sized to it), through the door again.
    const parsed = parseScenario({ ...base.value.scenario, trainingPlan: plan });
    if (!parsed.ok)
      return {
        ok: false,
        code: 1,
        message: t('scenarios:files.json.invalid', {
          file,
          issues: issuesText(t, parsed.issues, options.locale),
        }),
      };
    scenario = parsed.scenario;
  }
  if (scenario.demand.mode !== 'plan') {
    const parsed = parseScenario(switchDemandForm(scenario, 'plan'));
    if (!parsed.ok) return { ok: false, code: 1, message: issuesText(t, parsed.issues, options.locale) };
    scenario = parsed.scenario;
  }
  const report = planReport(scenario);
  const text =
    options.format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : options.format === 'csv'
        ? planCsv(report)
        : planTable(ctx, report);
  return { ok: true, text, notes };
}

interface PlanReport {
  runs: { name: string; gpuHours: number; gpus: number; startWeek: number; deadlineWeek: number | null }[];
  recurringGpuHoursPerMonth: number;
  ways: Record<
    StrategyId,
    {
      eligible: boolean;
      horizonCny: number;
      monthlyCny: number;
      allOnTime: boolean;
      finishWeeks: (number | null)[];
      slipWeeks: (number | null)[];
    }
  >;
  cheapestOnTime: {
    strategy: StrategyId | null;
    horizonCny: number | null;
    closest: StrategyId | null;
    closestSlipWeeks: number | null;
  };
}

function planReport(s: Scenario): PlanReport {
  const e = evaluate(s);
  const d = planDeadlines(s, e);
  const ways = Object.fromEntries(
    STRATEGY_IDS.map((id) => [
      id,
      {
        eligible: e.strategies[id].eligible,
        horizonCny: e.strategies[id].horizonCny,
        monthlyCny: e.strategies[id].monthlyCny,
        allOnTime: d.strategies[id].allOnTime,
        finishWeeks: d.strategies[id].runs.map((r) => r.finishWeek),
        slipWeeks: d.strategies[id].runs.map((r) => r.slipWeeks),
      },
    ]),
  ) as PlanReport['ways'];
  return {
    runs: s.trainingPlan.runs.map((run, i) => ({
      name: run.name || `#${i + 1}`,
      gpuHours: runGpuHours(run),
      gpus: runGpus(run),
      startWeek: run.startWeek,
      deadlineWeek: run.deadlineWeek,
    })),
    recurringGpuHoursPerMonth: s.trainingPlan.recurringGpuHoursPerMonth,
    ways,
    cheapestOnTime: {
      strategy: d.cheapest.strategyId,
      horizonCny: d.cheapest.horizonCny,
      closest: d.cheapest.closestId,
      closestSlipWeeks: d.cheapest.closestSlipWeeks,
    },
  };
}

function planCsv(r: PlanReport): string {
  const rows: (string | number | null)[][] = [
    ['run', 'gpuHours', 'gpus', 'startWeek', 'deadlineWeek', ...STRATEGY_IDS.map((id) => `${id}FinishWeek`)],
  ];
  r.runs.forEach((run, i) => {
    rows.push([
      run.name,
      run.gpuHours,
      run.gpus,
      run.startWeek,
      run.deadlineWeek,
      ...STRATEGY_IDS.map((id) => r.ways[id].finishWeeks[i] ?? null),
    ]);
  });
  return csvLines(rows);
}

function planTable(ctx: CliContext, r: PlanReport): string {
  const { t } = ctx;
  const money = ctx.options.money;
  const n = (v: number) => formatNumber(v, money.locale);
  const finish = (week: number | null, slip: number | null) =>
    week === null
      ? t('cli:table.never')
      : `${n(week)}${slip !== null && slip > 0 ? ` (${t('cli:table.late', { weeks: n(slip) })})` : ''}`;
  const rows: string[][] = [
    [
      t('cli:table.run'),
      t('cli:table.gpuHours'),
      t('cli:table.gpus'),
      t('cli:table.deadline'),
      ...STRATEGY_IDS.map((id) => t('cli:table.finish', { way: t(`charts:strategy.${id}`) })),
    ],
  ];
  r.runs.forEach((run, i) => {
    rows.push([
      run.name,
      n(Math.round(run.gpuHours)),
      n(run.gpus),
      run.deadlineWeek === null ? '—' : n(run.deadlineWeek),
      ...STRATEGY_IDS.map((id) =>
        r.ways[id].eligible
          ? finish(r.ways[id].finishWeeks[i] ?? null, r.ways[id].slipWeeks[i] ?? null)
          : t('cli:table.ineligible'),
      ),
    ]);
  });
  const totals: string[][] = [
    [
      t('cli:table.horizonTotal'),
      ...STRATEGY_IDS.map((id) =>
        r.ways[id].eligible ? formatMoney(r.ways[id].horizonCny, money) : t('cli:table.ineligible'),
      ),
    ],
  ];
  const c = r.cheapestOnTime;
  const verdict =
    c.strategy !== null
      ? `${t('cli:table.cheapestOnTime')}: ${t(`charts:strategy.${c.strategy}`)} (${formatMoney(c.horizonCny ?? 0, money)})`
      : c.closest !== null
        ? t('cli:table.noneOnTime', {
            way: t(`charts:strategy.${c.closest}`),
            weeks: n(c.closestSlipWeeks ?? 0),
          })
        : t('cli:table.never');
  return [
    textTable(rows, (i) => i > 0 && i < 4),
    '',
    textTable([['', ...STRATEGY_IDS.map((id) => t(`charts:strategy.${id}`))], ...totals], (i) => i > 0),
    '',
    verdict,
    t('cli:table.amounts', { currency: money.currency }),
    '',
  ].join('\n');
}
