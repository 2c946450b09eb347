import type { TFunction } from 'i18next';
import type { BudgetPlan, SizingBand, SizingCurve } from '../../engine';
import { add, type Expr, rangeCall } from './expr';
import { INTEGER_FORMAT, PERCENT_FORMAT, PRECISE_FORMAT } from './number-format';
import { type CellModel, SheetBuilder, type SheetModel } from './sheet-model';

/**
 * The workbook's sizing sheet: the sizing curve (total over the horizon at each owned size, its Monte
 * Carlo P10 and P90) and the buy-N budget plan by quarter, in CNY as the calculation sheets are.
 * The curve and the plan's parts are the engine's values (an own cluster of every size priced as the
 * right-size search does, and its cash model by quarter; the P10/P90 come from a simulation), which
 * the sheet says; each quarter's total and the horizon's sums are formulas over them, so an edited
 * figure carries through.
 */
export function sizingSheet(
  name: string,
  curve: SizingCurve,
  band: SizingBand | null,
  plan: BudgetPlan,
  capexText: string,
  t: TFunction,
): SheetModel {
  const b = new SheetBuilder(name, [22, 22, 18, 18, 18, 18, 18, 20]);
  const fits =
    band !== null &&
    band.gpus.length === curve.points.length &&
    curve.points.every((p, i) => band.gpus[i] === p.ownedGpus);
  const money = (v: number): CellModel => ({ value: v, numFmt: INTEGER_FORMAT });
  b.title(t('sizing:title'));
  b.note(t('sizing:excel.source'));
  b.gap();
  b.header(
    [
      t('sizing:table.gpus'),
      t('sizing:excel.totalCny'),
      t('sizing:excel.p10Cny'),
      t('sizing:excel.p90Cny'),
      t('sizing:excel.perHourCny'),
      t('sizing:table.burst'),
      t('sizing:excel.mark'),
    ],
    true,
  );
  curve.points.forEach((p, i) => {
    const tags = [
      p.ownedGpus === curve.optimumGpus ? t('sizing:table.optimumTag') : null,
      p.ownedGpus === curve.currentGpus ? t('sizing:table.currentTag') : null,
    ].filter((x) => x !== null);
    b.add([
      { value: p.ownedGpus, numFmt: INTEGER_FORMAT },
      money(p.totalCostCny),
      fits ? money(band.p10TotalCny[i] ?? 0) : null,
      fits ? money(band.p90TotalCny[i] ?? 0) : null,
      { value: p.costPerUsefulGpuHourCny, numFmt: PRECISE_FORMAT },
      { value: p.burstShare, numFmt: PERCENT_FORMAT },
      tags.length > 0 ? { value: tags.join(', ') } : null,
    ]);
  });
  if (fits) b.note(t('sizing:excel.band', { draws: band.draws }));
  b.gap();
  b.title(plan.ownedGpus > 0 ? t('sizing:plan.title', { gpus: plan.ownedGpus }) : t('sizing:plan.titleNone'));
  b.add([{ value: capexText, wrap: false }]);
  b.header([
    t('sizing:plan.quarter'),
    t('sizing:plan.months'),
    t('sizing:excel.capexCny'),
    t('sizing:excel.resaleCny'),
    t('sizing:excel.runRateCny'),
    t('sizing:excel.burstCny'),
    t('sizing:excel.burstP90Cny'),
    t('sizing:excel.totalQuarterCny'),
  ]);
  const first = b.rowCount + 1;
  for (const q of plan.quarters) {
    const row = b.rowCount + 1;
    // The quarter's total: capex + resale + run-rate + burst of this row, as a formula.
    const parts = [q.capexCny, q.resaleCny, q.runRateCny, q.burstCny];
    const cells: (CellModel | null)[] = [
      { value: t('sizing:plan.quarterName', { quarter: q.quarter }) },
      { value: t('sizing:plan.monthRange', { from: q.fromMonth, to: q.toMonth }) },
      ...parts.map(money),
      q.burstP90Cny === null ? null : money(q.burstP90Cny),
    ];
    b.add(cells);
    const total: Expr = add(...[3, 4, 5, 6].map((c) => b.at(row, c).here));
    cells.push({ value: total.v, formula: total.f, numFmt: INTEGER_FORMAT });
  }
  const last = b.rowCount;
  const sumOf = (column: number, v: number): CellModel => {
    const e = rangeCall('SUM', [b.range(column, first, last, false)], v);
    return { value: e.v, formula: e.f, numFmt: INTEGER_FORMAT, bold: true };
  };
  b.add([
    { value: t('sizing:plan.sum'), bold: true },
    null,
    sumOf(3, plan.total.capexCny),
    sumOf(4, plan.total.resaleCny),
    sumOf(5, plan.total.runRateCny),
    sumOf(6, plan.total.burstCny),
    null,
    sumOf(8, plan.total.totalCny),
  ]);
  b.note(t('sizing:plan.note'));
  return b.model;
}
