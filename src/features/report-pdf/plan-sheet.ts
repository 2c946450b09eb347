import type ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { type Evaluation, type Scenario, STRATEGY_IDS } from '../../engine';
import type { MoneyFormat } from '../../lib/format';
import { gpuNameIn } from '../../view-model/catalogue-text';
import { planView } from '../../view-model/training-plan';
import { finishText, onTimeCheapestText, runLabel } from '../../view-model/training-plan-text';

/**
 * The workbook's Training plan sheet (when the plan is the demand form): each run with its FLOPs,
 * MFU, reported-hours overhead, GPU-hours (the overhead included), GPUs, start, deadline and finish week under each strategy (the weeks late beside),
 * then the cheapest on-time way and each strategy's finish in words. Values, for reading: the plan's
 * curve is on the Curve sheet, where the formulas start.
 */
export function planSheet(
  wb: ExcelJS.Workbook,
  s: Scenario,
  e: Evaluation,
  money: MoneyFormat,
  t: TFunction,
): void {
  if (s.demand.mode !== 'plan' || s.trainingPlan.runs.length === 0) return;
  const view = planView(s, e);
  const name = t('plan:title')
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31);
  const sheet = wb.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  const strategyNames = STRATEGY_IDS.map((id) => t(`common:strategy.${id}`));
  const head = sheet.addRow([
    t('plan:deadlines.run'),
    t('plan:field.modelId'),
    t('plan:field.flops'),
    t('plan:field.mfu'),
    t('plan:field.overhead'),
    t('plan:field.gpuHours'),
    t('plan:field.gpus'),
    t('plan:field.startWeek'),
    t('plan:field.deadlineWeek'),
    ...strategyNames.flatMap((n) => [
      t('common:join.labelValue', { label: n, value: t('plan:deadlines.finish') }),
      t('common:join.labelValue', { label: n, value: t('plan:lateWeeks') }),
    ]),
  ]);
  head.font = { bold: true };
  for (const r of view.rows) {
    const row = sheet.addRow([
      runLabel(r.index, r.name, t),
      gpuNameIn(r.modelName, money.locale),
      r.flops,
      r.mfuFraction,
      r.overheadFactor,
      r.gpuHours,
      r.gpus,
      r.startWeek,
      r.deadlineWeek ?? '',
      ...STRATEGY_IDS.flatMap((id) => [
        r.finishWeek[id] ?? t('plan:finish.neverShort'),
        r.slipWeeks[id] ?? '',
      ]),
    ]);
    row.getCell(3).numFmt = '0.00E+00';
    row.getCell(4).numFmt = '0.0%';
    row.getCell(5).numFmt = '0.00';
    row.getCell(6).numFmt = '#,##0';
  }
  const total = sheet.addRow([t('plan:field.gpuHours'), '', '', '', '', view.totalGpuHours]);
  total.font = { bold: true };
  total.getCell(6).numFmt = '#,##0';
  sheet.addRow([]);
  sheet.addRow([onTimeCheapestText(view, t, money)]).font = { bold: true };
  for (const [i, id] of STRATEGY_IDS.entries())
    sheet.addRow([
      t('common:join.labelValue', { label: strategyNames[i], value: finishText(view, id, t, money) }),
    ]);
  sheet.getColumn(1).width = 28;
  for (let c = 2; c <= 9 + 2 * STRATEGY_IDS.length; c++) sheet.getColumn(c).width = 14;
}
