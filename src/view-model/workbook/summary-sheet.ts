import type { TFunction } from 'i18next';
import { type Evaluation, flipPathShift, type Scenario, STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatNumber, type MoneyFormat } from '../../lib/format';
import { type AmountScale, amountDigits, amountUnit } from '../cash-table';
import { costViewStatement } from '../cost-view-text';
import { flipPathText } from '../decline-text';
import { pricePathSentences } from '../price-path-text';
import { wayName } from '../way-name';
import type { CashLayout } from './cash-sheet';
import type { CostsLayout } from './costs-sheet';
import {
  and,
  ceiling,
  cmp,
  div,
  type Expr,
  iff,
  isNumber,
  lit,
  max,
  mul,
  ref,
  str,
  sub,
  textEquals,
} from './expr';
import type { Inputs } from './inputs-sheet';
import { amountFormat, formatFor, INTEGER_FORMAT, PERCENT_FORMAT, SHARE_FORMAT } from './number-format';
import { type CellModel, SheetBuilder } from './sheet-model';
import { verdictBlock } from './verdict-block';

export interface SummaryInput {
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  scale: AmountScale;
  t: TFunction;
  scenarioName: string;
  /** When the file was made, already formatted for the reader. */
  generatedText: string;
  preparedBy?: string;
  notes?: string;
}

/** CNY per unit shown: the exchange rate for USD, × 10,000 for 万元 (× 1,000 for thousands). */
export function cnyPerShownUnit(money: MoneyFormat, scale: AmountScale): number {
  const unit = amountUnit(money.locale, money.currency, scale);
  return (money.currency === 'USD' ? money.cnyPerUsd : 1) * unit.divisor;
}

/**
 * The Summary sheet: what the file is, the verdict, and per strategy the monthly, annual and horizon
 * cost and the NPV as formulas over the calculation sheets, in the unit chosen (元 or 万元, CNY or
 * USD): each amount = its yuan figure ÷ the named cell "display_cnyPerUnit". The verdict, the
 * recommended strategy, the runner-up and the saving are formulas too (verdict-block.ts), and the
 * recommended row is marked by a formula and drawn bold by conditional formatting, so all of them
 * follow an edited input.
 */
export function summarySheet(
  name: string,
  input: SummaryInput,
  costs: CostsLayout,
  cash: CashLayout,
  inputs: Inputs,
): SheetBuilder {
  const { t, money, scale, scenario, evaluation } = input;
  const s = new SheetBuilder(name, [30, 20, 22, 24, 20, 22, 12, 20, 10, 16]);
  s.add([{ value: t('export:excel.title', { name: input.scenarioName }), bold: true }]);
  s.add([{ value: t('export:excel.generated') }, { value: input.generatedText }]);
  if (input.preparedBy?.trim())
    s.add([{ value: t('export:summary.preparedBy') }, { value: input.preparedBy.trim() }]);
  if (input.notes?.trim()) s.add([{ value: t('export:summary.notes') }, { value: input.notes.trim() }]);
  s.add([
    { value: t('export:excel.currency') },
    {
      value:
        money.currency === 'USD'
          ? t('export:excel.currencyUsd', { rate: formatNumber(money.cnyPerUsd, money.locale, 4) })
          : t('export:excel.currencyCny'),
    },
  ]);
  const unit = amountUnit(money.locale, money.currency, scale);
  s.add([{ value: t('finance:cash.unitLabel') }, { value: t(unit.labelKey) }]);
  const perUnit = cnyPerShownUnit(money, scale);
  s.add([
    { value: t('export:workbook.cnyPerUnit') },
    { value: perUnit, numFmt: formatFor(perUnit), name: 'display_cnyPerUnit' },
  ]);
  const divisor = ref('display_cnyPerUnit', perUnit);
  const H = ref('horizonMonths', scenario.horizonMonths);
  s.add([{ value: t('export:excel.horizon') }, { value: H.v, formula: H.f, numFmt: INTEGER_FORMAT }]);
  // The verdict's rows come first but read the pick laid out below the table: reserved now, filled
  // once the pick's cells are placed.
  const verdictRows = [s.add([]), s.add([]), s.add([]), s.add([]), s.add([])];
  s.gap();
  s.header(
    [
      t('export:excel.strategy'),
      t('export:excel.monthly'),
      t('export:excel.annual'),
      t('export:excel.horizonTotal'),
      t('export:excel.unitCost'),
      t('export:excel.perPflop'),
      t('export:excel.utilization'),
      t('export:excel.npv'),
      t('export:excel.eligible'),
      t('export:workbook.markHeader'),
    ],
    true,
  );
  const fmt = amountFormat(amountDigits(scale));
  const cell = (e: Expr, numFmt?: string): CellModel => ({
    value: e.v,
    formula: e.f,
    ...(numFmt ? { numFmt } : {}),
  });
  const pflops = scenario.hardware.referenceDenseTflopsPerGpu / 1000;
  // The ways as the verdict names them (with a cluster already owned: keep, sell).
  const names = Object.fromEntries(STRATEGY_IDS.map((id) => [id, wayName(t, id, scenario)])) as Record<
    StrategyId,
    string
  >;
  const tableRows = {} as Record<StrategyId, number>;
  const firstRow = s.rowCount + 1;
  for (const id of STRATEGY_IDS) {
    const r = evaluation.strategies[id];
    const row = s.rowCount + 1;
    tableRows[id] = row;
    const monthly = div(costs.monthly[id].total, divisor);
    const monthlyHere = ref(`B${row}`, monthly.v);
    // Per useful GPU-hour of the reference GPU (result.ts): 0 without demand.
    const perHour = iff(
      cmp(costs.useful, '>', 1e-9),
      div(div(costs.monthly[id].total, costs.useful), money.currency === 'USD' ? money.cnyPerUsd : 1),
      0,
    );
    const perHourHere = ref(`E${row}`, perHour.v);
    s.add([
      { value: names[id] },
      cell(monthly, fmt),
      cell(mul(monthlyHere, 12), fmt),
      cell(mul(monthlyHere, H), fmt),
      cell(perHour, '#,##0.00'),
      pflops > 0 ? cell(div(perHourHere, pflops), '#,##0.00') : { value: 0, numFmt: '#,##0.00' },
      { value: r.utilization, numFmt: PERCENT_FORMAT },
      cell(div(cash.npv[id], divisor), fmt),
      { value: t(r.eligible ? 'export:excel.yes' : 'export:excel.no') },
      null,
    ]);
  }
  const lastRow = s.rowCount;
  s.gap();
  s.note(t('export:workbook.summaryNote', { unit: t(unit.labelKey) }));
  // The deciding assumption (model v4): the price path and how far prices must move off it to flip.
  const winner = input.evaluation.recommendation.strategy;
  s.note(
    `${costViewStatement(input.scenario.finance, t, input.money.locale)} ${pricePathSentences(input.scenario.finance, t, input.money.locale)} ${flipPathText(flipPathShift(input.scenario), winner, t, input.money.locale, input.scenario)}`,
  );
  s.gap();

  const input1 = (key: string): Expr => {
    const e = inputs[key];
    if (!e) throw new Error(`no input ${key}`);
    return e;
  };
  marketBlock(s, t, costs, input1('trainingPlan_onDemandGpus'), names);
  const allowed = (key: string) => cmp(input1(key), '=', 1);
  const baseline = input1('engine_hybridBaselineGpus');
  // A hybrid that owns or reserves nothing, or bursts nothing, is one of its parts (winner.ts
  // competingMonthly); a burst below a millionth of a GPU-hour is a rounding remainder, not work.
  const hybridBursts = and(cmp(costs.useful, '>', 1e-9), cmp(costs.hybridBurstUseful, '>', 1e-6));
  const competes: Record<StrategyId, Expr> = {
    selfBuild: cmp(lit(1), '=', 1),
    rent: allowed('engine_rentEligible'),
    platform: allowed('engine_platformEligible'),
    hybrid: and(allowed('engine_platformEligible'), cmp(baseline, '>', 0), hybridBursts),
  };
  const verdict = verdictBlock(s, {
    t,
    money,
    evaluation,
    names,
    monthlyCny: Object.fromEntries(STRATEGY_IDS.map((id) => [id, costs.monthly[id].total])) as Record<
      StrategyId,
      Expr
    >,
    competes,
    hybridBaselineGpus: baseline,
    selfBuildCapacityGpus: costs.selfBuildCapacity,
    hybridBursts,
    loadRate: costs.loadRate,
    platformEligible: input1('engine_platformEligible'),
  });
  const [vRow, wRow, rRow, sRow, pRow] = verdictRows as [number, number, number, number, number];
  s.set(vRow, [{ value: t('export:excel.verdict') }, cell(verdict.sentence)]);
  s.set(wRow, [{ value: t('export:workbook.recommended') }, cell(verdict.winner)]);
  s.set(rRow, [{ value: t('export:workbook.runnerUp') }, cell(verdict.runnerUp)]);
  s.set(sRow, [{ value: t('export:workbook.savingMonthly') }, cell(div(verdict.savingCny, divisor), fmt)]);
  s.set(pRow, [{ value: t('export:workbook.savingShare') }, cell(verdict.savingFraction, PERCENT_FORMAT)]);
  // The recommended row: a visible mark by formula (what a CSV or a plain previewer shows) and the
  // row drawn bold by conditional formatting on that mark.
  const winnerHere = ref(`$B$${wRow}`, verdict.winner.v);
  for (const id of STRATEGY_IDS) {
    const row = tableRows[id];
    const mark = iff(
      textEquals(ref(`$A$${row}`, names[id]), winnerHere),
      str(t('export:workbook.mark')),
      str(''),
    );
    const cells = s.model.rows[row - 1];
    if (cells) cells[9] = cell(mark);
  }
  s.model.conditional = [{ range: `A${firstRow}:J${lastRow}`, formula: `$J${firstRow}<>""` }];
  return s;
}

/**
 * The on-demand market (engine market-use.ts, the Costs sheet's section): the GPUs one can get on
 * demand, and for each way the GPUs it holds from the market in its busiest week and the share of its
 * work that would wait for them ("—" for a way that takes nothing from the market); then the same of
 * the months its own cluster is being built, when the work meanwhile is rented or on the platform
 * ("—" for a way without such months). Between the table's notes and the step-by-step pick of the
 * verdict, which reads only rows above it.
 */
function marketBlock(
  s: SheetBuilder,
  t: TFunction,
  costs: CostsLayout,
  onDemandGpus: Expr,
  names: Record<StrategyId, string>,
): void {
  const cell = (e: Expr, numFmt: string): CellModel => ({ value: e.v, formula: e.f, numFmt });
  // The block's title heads the column of the ways.
  s.header([
    t('export:workbook.market.title'),
    t('export:workbook.market.peakGpus'),
    t('export:workbook.market.share'),
    t('export:workbook.market.leadPeakGpus'),
    t('export:workbook.market.leadShare'),
  ]);
  // Whole GPUs as the page says them: a fraction of a GPU still takes one (within rounding of a whole
  // number it is that number; src/view-model/market-text.ts wholeGpusHeld).
  const whole = (peak: Expr): Expr =>
    iff(isNumber(peak), ceiling(max(0, sub(peak, mul(1e-9, max(1, peak))))), peak);
  for (const id of STRATEGY_IDS)
    s.add([
      { value: names[id] },
      cell(whole(costs.market.peakGpus[id]), INTEGER_FORMAT),
      cell(costs.market.beyondShare[id], SHARE_FORMAT),
      cell(whole(costs.market.buildLead.peakGpus[id]), INTEGER_FORMAT),
      cell(costs.market.buildLead.beyondShare[id], SHARE_FORMAT),
    ]);
  s.add([{ value: t('plan:field.onDemand') }, cell(onDemandGpus, INTEGER_FORMAT)]);
  s.note(t('export:workbook.market.note'));
  s.gap();
}
