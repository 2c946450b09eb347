import type { TFunction } from 'i18next';
import { type Evaluation, type Scenario, STRATEGY_IDS } from '../../engine';
import { formatNumber, type MoneyFormat } from '../../lib/format';
import { type AmountScale, amountDigits, amountUnit } from '../cash-table';
import type { CashLayout } from './cash-sheet';
import type { CostsLayout } from './costs-sheet';
import { cmp, div, type Expr, iff, mul, ref } from './expr';
import { amountFormat, formatFor, INTEGER_FORMAT, PERCENT_FORMAT } from './number-format';
import { type CellModel, SheetBuilder } from './sheet-model';

export interface SummaryInput {
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  scale: AmountScale;
  t: TFunction;
  scenarioName: string;
  verdict: string;
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
 * USD): each amount = its yuan figure ÷ the named cell "display_cnyPerUnit".
 */
export function summarySheet(
  name: string,
  input: SummaryInput,
  costs: CostsLayout,
  cash: CashLayout,
): SheetBuilder {
  const { t, money, scale, scenario, evaluation } = input;
  const s = new SheetBuilder(name, [30, 20, 22, 24, 20, 22, 12, 20, 10]);
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
  s.add([{ value: t('export:excel.verdict') }, { value: input.verdict }]);
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
    ],
    true,
  );
  const fmt = amountFormat(amountDigits(scale));
  const cell = (e: Expr, numFmt: string): CellModel => ({ value: e.v, formula: e.f, numFmt });
  const pflops = scenario.hardware.referenceDenseTflopsPerGpu / 1000;
  for (const id of STRATEGY_IDS) {
    const r = evaluation.strategies[id];
    const row = s.rowCount + 1;
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
      { value: t(`common:strategy.${id}`), bold: id === evaluation.recommendation.strategy },
      cell(monthly, fmt),
      cell(mul(monthlyHere, 12), fmt),
      cell(mul(monthlyHere, H), fmt),
      cell(perHour, '#,##0.00'),
      pflops > 0 ? cell(div(perHourHere, pflops), '#,##0.00') : { value: 0, numFmt: '#,##0.00' },
      { value: r.utilization, numFmt: PERCENT_FORMAT },
      cell(div(cash.npv[id], divisor), fmt),
      { value: t(r.eligible ? 'export:excel.yes' : 'export:excel.no') },
    ]);
  }
  s.gap();
  s.note(t('export:workbook.summaryNote', { unit: t(unit.labelKey) }));
  return s;
}
