import type { TFunction } from 'i18next';
import {
  type CashReport,
  COMPARATOR_IDS,
  COST_CATEGORIES,
  type Evaluation,
  STRATEGY_IDS,
  type StrategyId,
} from '../../engine';
import type { CashLayout } from './cash-sheet';
import type { CostsLayout } from './costs-sheet';
import type { Expr, Value } from './expr';
import { INTEGER_FORMAT, PERCENT_FORMAT, PRECISE_FORMAT } from './number-format';
import { type CellModel, SheetBuilder } from './sheet-model';

/** One figure of the engine beside the workbook's own. */
export interface ReconciliationLine {
  figure: string;
  strategy: string;
  engine: Value;
  workbook: Expr;
  numFmt: string;
}

/** The commitment ladder's plan a month: the engine's figure and the Ladder sheet's total. */
export interface LadderReconciliation {
  monthlyCny: number;
  workbook: Expr;
}

/**
 * Every figure of the engine that the workbook computes — each strategy's monthly cost by category,
 * monthly and horizon totals, cash by year, resale value and NPV; self-build's NPV advantage, IRR and
 * discounted payback against each rental; the load rate; the commitment ladder's plan a month; each
 * way's draw on the on-demand market — engine value beside the workbook's formula.
 */
export function reconciliationLines(
  evaluation: Evaluation,
  report: CashReport,
  costs: CostsLayout,
  cash: CashLayout,
  ladder: LadderReconciliation,
  t: TFunction,
): ReconciliationLine[] {
  const lines: ReconciliationLine[] = [];
  const name = (id: StrategyId) => t(`common:strategy.${id}`);
  const money = (figure: string, strategy: string, engine: number, workbook: Expr) =>
    lines.push({ figure, strategy, engine, workbook, numFmt: INTEGER_FORMAT });
  lines.push({
    figure: t('export:workbook.costs.loadRate'),
    strategy: name('selfBuild'),
    engine: evaluation.loadRate,
    workbook: costs.loadRate,
    numFmt: '0.0000%',
  });
  for (const id of STRATEGY_IDS) {
    const r = evaluation.strategies[id];
    for (const c of COST_CATEGORIES)
      money(
        t('common:join.labelValue', {
          label: t('export:workbook.recon.monthly'),
          value: t(`charts:category.${c}`),
        }),
        name(id),
        r.breakdownMonthlyCny[c],
        costs.monthly[id][c],
      );
    money(t('export:workbook.recon.monthlyTotal'), name(id), r.monthlyCny, costs.monthly[id].total);
    money(t('export:workbook.recon.horizonTotal'), name(id), r.horizonCny, costs.horizonTotal[id]);
    const c = report.strategies[id];
    c.years.forEach((y, k) => {
      const workbook = cash.years[id][k];
      if (workbook)
        money(t('export:workbook.recon.cashYear', { year: y.year }), name(id), y.cashOutCny, workbook);
    });
    money(t('export:excel.residual'), name(id), c.residualValueCny, cash.resale[id]);
    money(t('export:excel.npv'), name(id), c.npvCny, cash.npv[id]);
  }
  for (const comparator of COMPARATOR_IDS) {
    const v = report.selfBuildVs[comparator];
    const vs = t('export:workbook.vs', { name: t(`common:strategy.${comparator}`) });
    money(t('finance:returns.npvAdvantage'), vs, v.incrementalNpvCny, cash.vs[comparator].npv);
    lines.push({
      figure: t('finance:returns.irr'),
      strategy: vs,
      engine: v.irrFractionPerYear ?? t('export:workbook.cash.noIrr'),
      workbook: cash.vs[comparator].irr,
      numFmt: '0.0000%',
    });
    lines.push({
      figure: t('export:excel.paybackMonth'),
      strategy: vs,
      engine: v.discountedPaybackMonth ?? t('export:workbook.cash.never'),
      workbook: cash.vs[comparator].payback,
      numFmt: INTEGER_FORMAT,
    });
  }
  money(
    t('export:excel.ladder.reconFigure'),
    t('export:excel.ladder.reconWay'),
    ladder.monthlyCny,
    ladder.workbook,
  );
  // Each way's draw on the on-demand market (engine market-use.ts), where it takes from the market:
  // GPUs held in the busiest week and the share of its work beyond the market, neither a whole number;
  // then the same of an own cluster's build months.
  for (const id of STRATEGY_IDS) {
    const use = evaluation.market.ways[id];
    if (use === null) continue;
    lines.push({
      figure: t('export:workbook.recon.marketPeakGpus'),
      strategy: name(id),
      engine: use.peakGpus,
      workbook: costs.market.peakGpus[id],
      numFmt: PRECISE_FORMAT,
    });
    lines.push({
      figure: t('export:workbook.recon.marketBeyondShare'),
      strategy: name(id),
      engine: use.beyondShare,
      workbook: costs.market.beyondShare[id],
      numFmt: '0.0000%',
    });
    // An own cluster's build months on the same market, where it has them.
    const build = use.buildLeadTime;
    if (build === null) continue;
    lines.push({
      figure: t('export:workbook.recon.marketLeadPeakGpus'),
      strategy: name(id),
      engine: build.peakGpus,
      workbook: costs.market.buildLead.peakGpus[id],
      numFmt: PRECISE_FORMAT,
    });
    lines.push({
      figure: t('export:workbook.recon.marketLeadBeyondShare'),
      strategy: name(id),
      engine: build.beyondShare,
      workbook: costs.market.buildLead.beyondShare[id],
      numFmt: '0.0000%',
    });
  }
  // A cluster already owned: what it is worth and the lens's lines each way (existing-cluster.ts).
  const existing = evaluation.existing;
  const rows = costs.existing;
  if (existing !== null && rows !== null) {
    const cluster = t('export:workbook.recon.existingCluster');
    const figures: [string, number, Expr][] = [
      ['existingBookNow', existing.bookNowCny, rows.bookNow.there],
      ['existingMarketNow', existing.marketNowCny, rows.marketNow.there],
      ['existingMaintenance', existing.maintenanceCny, rows.maintenance.there],
      ['existingEndValue', existing.keepEndValueCny, rows.endValue.there],
      ['existingKeepDepreciation', existing.keep.depreciationCny, rows.keep.depreciation.there],
      ['existingKeepIteration', existing.keep.iterationCny, rows.keep.iteration.there],
      ['existingKeepCapitalCharge', existing.keep.capitalChargeCny, rows.keep.capitalCharge.there],
      ['existingSellIteration', existing.sell.iterationCny, rows.sell.iteration.there],
      ['existingSellCapitalCharge', existing.sell.capitalChargeCny, rows.sell.capitalCharge.there],
    ];
    for (const [key, engine, workbook] of figures)
      money(t(`export:workbook.costs.${key}`), cluster, engine, workbook);
  }
  return lines;
}

/** The difference shown: workbook − engine for numbers; 0 when two texts agree, 1 when they differ. */
export function differenceOf(engine: Value, workbook: Value): number {
  if (typeof engine === 'number' && typeof workbook === 'number') return workbook - engine;
  return engine === workbook ? 0 : 1;
}

/**
 * The Reconciliation sheet: each line's engine value (a value), the workbook's own (a formula pointing
 * at its cell) and the difference (a formula), then the largest difference; below, the results no
 * spreadsheet formula can reproduce, as values labelled with why.
 */
export function reconciliationSheet(
  name: string,
  lines: ReconciliationLine[],
  evaluation: Evaluation,
  t: TFunction,
): SheetBuilder {
  const s = new SheetBuilder(name, [44, 24, 20, 20, 16]);
  s.note(t('export:workbook.recon.note'));
  s.header(
    [
      t('export:workbook.recon.figure'),
      t('export:workbook.recon.strategy'),
      t('export:workbook.recon.engine'),
      t('export:workbook.recon.workbook'),
      t('export:workbook.recon.difference'),
    ],
    true,
  );
  const first = s.rowCount + 1;
  for (const line of lines) {
    const row = s.rowCount + 1;
    const diff = differenceOf(line.engine, line.workbook.v);
    const engineCell: CellModel =
      typeof line.engine === 'number' ? { value: line.engine, numFmt: line.numFmt } : { value: line.engine };
    s.add([
      { value: line.figure },
      { value: line.strategy },
      engineCell,
      { value: line.workbook.v, formula: line.workbook.f, numFmt: line.numFmt },
      {
        value: diff,
        formula: `IF(AND(ISNUMBER(C${row}),ISNUMBER(D${row})),D${row}-C${row},IF(C${row}=D${row},0,1))`,
        numFmt: line.numFmt === INTEGER_FORMAT ? '#,##0.00' : '0.000000',
      },
    ]);
  }
  const last = s.rowCount;
  const diffs = lines.map((l) => Math.abs(differenceOf(l.engine, l.workbook.v)));
  s.add([
    { value: t('export:workbook.recon.largest'), bold: true },
    null,
    null,
    null,
    {
      value: Math.max(0, ...diffs),
      formula: `MAX(MAX(E${first}:E${last}),-MIN(E${first}:E${last}))`,
      numFmt: '#,##0.00',
      bold: true,
    },
  ]);
  s.gap();
  s.title(t('export:workbook.recon.valuesTitle'));
  s.note(t('export:workbook.recon.valuesNote'));
  const hybrid = evaluation.strategies.hybrid.baselineGpus;
  s.add([
    { value: t('export:workbook.recon.hybridBaseline') },
    { value: t('export:workbook.why.search') },
    { value: hybrid, numFmt: INTEGER_FORMAT },
  ]);
  s.add([
    { value: t('export:workbook.recon.rightSize') },
    { value: t('export:workbook.why.search') },
    { value: evaluation.rightSize.gpus, numFmt: INTEGER_FORMAT },
  ]);
  for (const c of COMPARATOR_IDS) {
    const x = evaluation.comparisons[c].crossoverLoadRate;
    s.add([
      {
        value: t('export:workbook.recon.crossover', {
          comparator: t('export:workbook.vs', { name: t(`common:strategy.${c}`) }),
        }),
      },
      { value: t('export:workbook.why.search') },
      x === null ? { value: t('export:workbook.recon.noCrossing') } : { value: x, numFmt: PERCENT_FORMAT },
    ]);
  }
  s.add([{ value: t('export:workbook.recon.monteCarlo') }, { value: t('export:workbook.why.simulation') }]);
  return s;
}
