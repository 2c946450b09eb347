import type { TFunction } from 'i18next';
import { cashReport, datedDemand, HOURS_PER_MONTH, ladderPlan, workbookFacts } from '../../engine';
import { pricePathName, scenarioHardwarePathText, termPathName } from '../price-path-text';
import { cashSheets } from './cash-sheet';
import { soldLines } from './costs/existing';
import { costsSheet } from './costs-sheet';
import { CurveSheet } from './curve-sheet';
import { DatedCurveSheet } from './dated-curve-sheet';
import { type EnergySheetRows, energySheet } from './energy-sheet';
import { div, mul } from './expr';
import { inputsSheet } from './inputs-sheet';
import { ladderSheet } from './ladder-sheet';
import { hardwarePathFormulas, pathFormulas } from './price-path-sheet';
import { type ReconciliationLine, reconciliationLines, reconciliationSheet } from './reconciliation-sheet';
import { SheetBuilder, type SheetModel } from './sheet-model';
import { type SummaryInput, summarySheet } from './summary-sheet';

export type LiveSheetId =
  | 'summary'
  | 'inputs'
  | 'costs'
  | 'curve'
  | 'cash'
  | 'monthlyCash'
  | 'reconciliation';

/** Sheet ids in the workbook's order (the Uncertainty sheet follows them). */
export const LIVE_SHEET_IDS: readonly LiveSheetId[] = [
  'summary',
  'inputs',
  'costs',
  'curve',
  'cash',
  'monthlyCash',
  'reconciliation',
];

/** A sheet name in the reader's language (Excel allows 31 characters, none of []:*?/\). */
export function sheetName(t: TFunction, id: string): string {
  return t(`export:excel.sheets.${id}`)
    .replace(/[[\]:*?/\\]/g, ' ')
    .slice(0, 31);
}

export interface LiveWorkbook {
  sheets: SheetModel[];
  reconciliation: ReconciliationLine[];
  /** Where the Energy sheet holds each figure (its rows; columns B–E are the ways). */
  energy: EnergySheetRows;
}

/**
 * The live workbook as data: Inputs (named cells), the calculation sheet, the Curve, cash by month and
 * by year with NPV, IRR and discounted payback, energy and emissions by way, the commitment ladder's
 * plan, the Reconciliation (last)
 * and the Summary — every amount a formula from the inputs with its cached result, which equals the
 * engine's figure (the Reconciliation shows both).
 */
export function liveWorkbook(input: SummaryInput): LiveWorkbook {
  const { scenario: s, evaluation, t } = input;
  const names = Object.fromEntries(LIVE_SHEET_IDS.map((id) => [id, sheetName(t, id)])) as Record<
    LiveSheetId,
    string
  >;
  const facts = workbookFacts(s);
  const inputsBuilder = new SheetBuilder(names.inputs, [44, 16, 22, 70, 10, 12, 40]);
  const inputs = inputsSheet(inputsBuilder, s, facts, evaluation, t, input.money.locale);
  // A plan's jobs are counted from its curve as the weekly form's are.
  const weekly = s.demand.mode !== 'jobs';
  const at = (name: string) => {
    const e = inputs[name];
    if (!e) throw new Error(`no input ${name}`);
    return e;
  };
  // A job-form demand is one flat week: its useful GPUs = jobs × hours × GPUs × rental efficiency ÷ 730.
  const weeks = weekly
    ? s.demand.weeklyGpus
    : [
        div(
          mul(
            at('demand_jobsPerMonth'),
            at('demand_hoursPerJob'),
            at('demand_gpusPerJob'),
            at('rent_utilization'),
          ),
          HOURS_PER_MONTH,
        ),
      ];
  // The price path of GPU-time (model v4): steady in the decline input, or a sheet of its own.
  const shape = s.finance.gpuTimePriceShape;
  const path = pathFormulas(
    at('finance_gpuTimePriceDeclineFractionPerYear'),
    shape,
    sheetName(t, 'pricePath'),
    shape ? pricePathName(shape, t) : '',
    t,
  );
  // Term GPU-time on a path of its own (model v4): a sheet of its own; else terms read the path above.
  const termShape = s.finance.termPriceShape;
  const termPath = termShape
    ? pathFormulas(
        at('finance_gpuTimePriceDeclineFractionPerYear'),
        termShape,
        sheetName(t, 'termPricePath'),
        termPathName(termShape, t, input.money.locale),
        t,
        'export:workbook.pricePath.termNote',
      )
    : null;
  // Hardware purchase and resale on paths of their own (model v4): a sheet for each that has a shape.
  const hardware = hardwarePathFormulas(
    { hardware: s.finance.hardwarePriceShape, resale: s.finance.resalePriceShape },
    { hardware: sheetName(t, 'hardwarePricePath'), resale: sheetName(t, 'resalePricePath') },
    {
      hardware: scenarioHardwarePathText(s.finance, 'hardware', t, input.money.locale).name,
      resale: scenarioHardwarePathText(s.finance, 'resale', t, input.money.locale).name,
    },
    t,
  );
  // A training plan is dated (model v4): its Curve sheet is the plan laid over the horizon.
  const dated = datedDemand(s);
  const curve = dated
    ? new DatedCurveSheet(names.curve, t, dated, path.factorAt, at('engine_buildLeadTimeMonths'))
    : new CurveSheet(names.curve, t, weeks, weekly);
  const costs = costsSheet(names.costs, inputs, curve, weekly, t, path, termPath, hardware);
  const cash = cashSheets({ monthly: names.monthlyCash, returns: names.cash }, inputs, costs, t);
  // Energy and emissions of each way from the same hours (issue 40), before the Reconciliation.
  const energy = energySheet(
    sheetName(t, 'energy'),
    inputs,
    costs.hours,
    s,
    dated !== null,
    t,
    { costs: names.costs, inputs: names.inputs },
    input.money.locale,
  );
  // The commitment ladder as the engine solves it (issue 37): its GPUs are values, its prices formulas.
  const plan = ladderPlan(s);
  const ladder = ladderSheet(
    sheetName(t, 'ladder'),
    plan,
    s,
    inputs,
    termPath ?? path,
    t,
    soldLines(costs.existing, true),
  );
  const report = cashReport(s);
  const lines = reconciliationLines(
    evaluation,
    report,
    costs,
    cash,
    { monthlyCny: plan.monthlyCny, workbook: ladder.monthlyTotal },
    t,
  );
  const recon = reconciliationSheet(names.reconciliation, lines, evaluation, t);
  const summary = summarySheet(names.summary, input, costs, cash, inputs);
  return {
    sheets: [
      summary.model,
      inputsBuilder.model,
      costs.sheet.model,
      curve.sheet.model,
      ...(path.sheet ? [path.sheet.model] : []),
      ...(termPath?.sheet ? [termPath.sheet.model] : []),
      ...(hardware ? hardware.sheets.map((sheet) => sheet.model) : []),
      cash.returns.model,
      cash.monthly.model,
      energy.sheet.model,
      ladder.sheet.model,
      recon.model,
    ],
    reconciliation: lines,
    energy: energy.rows,
  };
}
