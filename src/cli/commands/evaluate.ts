import { COMPARATOR_IDS, COST_CATEGORIES, STRATEGY_IDS } from '../../engine';
import { formatMoney, formatNumber } from '../../lib/format';
import { comparatorName } from '../../view-model/comparison-text';
import { type CliContext, loadScenario } from '../context';
import { type EvaluateReport, evaluateReport } from '../evaluate-report';
import { csvLines, textTable } from '../text-table';
import type { CommandResult } from './result';
import { notesText } from './result';

/** `gpu-tco evaluate [input]`: the page's answer for one scenario, as a table, JSON or CSV. */
export function evaluateCommand(ctx: CliContext): CommandResult {
  const loaded = loadScenario(ctx, ctx.options.positionals[1]);
  if (!loaded.ok) return loaded;
  const report = evaluateReport(loaded.value.scenario, ctx.options.money, ctx.t);
  const format = ctx.options.format ?? 'table';
  const text =
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === 'csv'
        ? reportCsv(report)
        : reportTable(ctx, report);
  return { ok: true, text, notes: notesText(ctx, loaded.value.notes) };
}

/** One row per way and category (and the total), monthly and over the horizon, in CNY. */
function reportCsv(report: EvaluateReport): string {
  const rows: (string | number | null)[][] = [
    ['strategy', 'eligible', 'category', 'monthlyCny', 'horizonCny'],
  ];
  for (const id of STRATEGY_IDS) {
    const s = report.strategies[id];
    for (const c of COST_CATEGORIES)
      rows.push([id, s.eligible ? 'yes' : 'no', c, s.breakdownMonthlyCny[c], s.breakdownHorizonCny[c]]);
    rows.push([id, s.eligible ? 'yes' : 'no', 'total', s.monthlyCny, s.horizonCny]);
  }
  return csvLines(rows);
}

function reportTable(ctx: CliContext, report: EvaluateReport): string {
  const { t } = ctx;
  const money = ctx.options.money;
  const m = (cny: number) => formatMoney(cny, money);
  const head = [
    [t('cli:table.scenario'), report.scenario.name],
    [
      t('cli:table.horizon'),
      t('cli:table.horizonMonths', { months: formatNumber(report.scenario.horizonMonths, money.locale) }),
    ],
    [t('cli:table.pricePath'), report.scenario.pricePath.name],
    [t('cli:table.termPricePath'), report.scenario.termPricePath.name],
    [t('cli:table.hardwarePricePath'), report.scenario.hardwarePricePath.name],
    [t('cli:table.resalePricePath'), report.scenario.resalePricePath.name],
    ...(report.existing ? [[t('cli:table.existing'), report.existing.text]] : []),
    [t('cli:table.costView'), report.costView.text],
    // The verdict, with the winner's busiest week against the GPUs one can get on demand when it needs more.
    [
      t('cli:table.verdict'),
      [report.verdict.text, report.market.caveatText]
        .filter((text) => text !== null)
        .join(money.locale === 'zh-CN' ? '' : ' '),
    ],
    ...(report.market.waysText ? [[t('cli:table.market'), report.market.waysText]] : []),
  ];
  const ways = STRATEGY_IDS.map((id) => t(`charts:strategy.${id}`));
  const cell = (id: (typeof STRATEGY_IDS)[number], value: number) =>
    report.strategies[id].eligible ? m(value) : t('cli:table.ineligible');
  const rows: string[][] = [[t('cli:table.category'), ...ways]];
  for (const c of COST_CATEGORIES)
    rows.push([
      t(`charts:category.${c}`),
      ...STRATEGY_IDS.map((id) => cell(id, report.strategies[id].breakdownMonthlyCny[c])),
    ]);
  rows.push([
    t('cli:table.monthly'),
    ...STRATEGY_IDS.map((id) => cell(id, report.strategies[id].monthlyCny)),
  ]);
  rows.push([
    t('cli:table.horizonTotal'),
    ...STRATEGY_IDS.map((id) => cell(id, report.strategies[id].horizonCny)),
  ]);
  if (STRATEGY_IDS.some((id) => report.strategies[id].capitalChargeMonthlyCny !== 0))
    rows.push([
      t('cli:table.capitalCharge'),
      ...STRATEGY_IDS.map((id) => cell(id, report.strategies[id].capitalChargeMonthlyCny)),
    ]);
  rows.push([t('cli:table.npv'), ...STRATEGY_IDS.map((id) => cell(id, report.strategies[id].npvCny))]);
  const facts: string[][] = [];
  for (const id of COMPARATOR_IDS) {
    const c = report.crossovers[id];
    facts.push([t('cli:table.crossover', { comparator: comparatorName(id, t) }), c.text]);
    facts.push([t('cli:table.payback', { comparator: comparatorName(id, t) }), c.paybackText]);
  }
  if (report.flip.declineText !== null) facts.push([t('cli:table.flipDecline'), report.flip.declineText]);
  facts.push([t('cli:table.flipPath'), report.flip.pathText]);
  const right = report.rightSize;
  facts.push([
    t('cli:table.rightSize'),
    right.gpus > 0
      ? t('common:summary.rightSizeGpus', {
          gpus: formatNumber(right.gpus, money.locale),
          currentGpus: formatNumber(right.currentGpus, money.locale),
        })
      : t('common:summary.rightSizeNone', { currentGpus: formatNumber(right.currentGpus, money.locale) }),
  ]);
  const label = (rows: string[][]) =>
    textTable(
      rows.map(([a, b]) => [`${a}${ctx.t('cli:labelEnd')}`, b ?? '']),
      () => false,
    );
  return [
    label(head),
    '',
    textTable(rows, (i) => i > 0),
    '',
    label(facts),
    '',
    t('cli:table.amounts', { currency: money.currency }),
    '',
  ].join('\n');
}
