import { describe, expect, it } from 'vitest';
import { presets, type Scenario, STRATEGY_IDS, type StrategyId } from '../../../src/engine';
import { createI18n } from '../../../src/i18n';
import type { LiveWorkbook } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';
import { FormulaEvaluator } from '../formula-evaluator';
import { sheetOf, workbookOf } from './workbook-of';

/*
 * A cluster already owned in the live workbook (schema v16, src/engine/existing-cluster.ts): its inputs
 * are named cells of the Inputs sheet and its figures formulas of the Costs sheet. Pinned on one case
 * worked by hand — two servers four years into a five-year life, a three-year horizon, so one
 * replacement at month 12 and the replacement held at the end; each batch fetches less than its book
 * when it leaves, so the lenses differ in where that loss goes — every expected figure worked out here
 * by plain arithmetic from the scenario's inputs (no engine function), under both lenses; the
 * formulas are recomputed from the inputs (cached results dropped) by ../formula-evaluator.ts, and one
 * input edited moves them as the same arithmetic says.
 */

const t = createI18n('en').t;
const lab = presets.steadyLab as Scenario;

/** The hand case: no price paths, no lead time, the economic view, the VAT view off. */
function handCase(lens: 'marginal' | 'full'): Scenario {
  return {
    ...lab,
    horizonMonths: 36,
    selfBuild: {
      ...lab.selfBuild,
      depreciationYears: 5,
      residualFraction: 0.2,
      buildLeadTimeMonths: 0,
    },
    finance: {
      ...lab.finance,
      gpuTimePriceDeclineFractionPerYear: 0,
      gpuTimePriceShape: null,
      termPriceShape: null,
      hardwarePriceShape: null,
      resalePriceShape: null,
      resaleValueDeclineFractionPerYear: 0.3,
      discountRateFractionPerYear: 0.08,
      costView: 'economic',
      lens,
    },
    vat: { ...lab.vat, enabled: false },
    existing: { servers: 2, ageMonths: 48, pricePaidCnyPerServer: 2_000_000 },
  };
}

/** The hand case's figures by plain arithmetic (docs/model.md §10 "The marginal lens"). */
function byHand(s: Scenario) {
  const sb = s.selfBuild;
  const e = s.existing as NonNullable<Scenario['existing']>;
  const H = s.horizonMonths;
  const r = s.finance.discountRateFractionPerYear;
  const d = s.finance.resaleValueDeclineFractionPerYear;
  const full = s.finance.lens === 'full';
  const capexOf = (price: number) =>
    e.servers * price * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
    e.servers * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
  const paid = capexOf(e.pricePaidCnyPerServer);
  const today = capexOf(sb.serverPriceCny);
  const res = sb.residualFraction;
  // 48 of 60 months used: book 1 − 0.8 × 0.8 = 36 % of what it cost; the market 0.7⁴ = 24.01 %.
  const bookNow = paid * (1 - (1 - res) * (48 / 60));
  const marketNow = Math.min(paid * (1 - d) ** 4, bookNow);
  // Its life ends at month 12: its book is the residual (20 %), it fetches 0.7⁵ = 16.8 %; the
  // replacement (today's price) is 24 months old at the end: book 68 %, market 0.7² = 49 %.
  const soldBook = paid * res;
  const sale = Math.min(paid * (1 - d) ** 5, soldBook);
  const endBook = today * (1 - (1 - res) * (24 / 60));
  const endValue = Math.min(today * (1 - d) ** 2, endBook);
  // The case is chosen so the cluster fetches less than its book when it leaves (the lenses differ).
  if (!(sale < soldBook && marketNow < bookNow)) throw new Error('the hand case lost its point');
  const capital = full ? bookNow : marketNow;
  // Full: each batch from its capital down to its book, the loss to market in iteration risk;
  // marginal: the cluster from V₀ down to what it fetches, only the replacement's loss in iteration.
  const depreciation = full ? capital - soldBook + (today - endBook) : capital - sale + (today - endBook);
  const iteration = full ? soldBook - sale + (endBook - endValue) : endBook - endValue;
  let annuity = 0;
  for (let m = 1; m <= H; m++) annuity += (1 + r) ** (-m / 12);
  const pv = capital + (today - sale) / (1 + r) - endValue / (1 + r) ** (H / 12);
  const plain = capital + (today - sale) - endValue;
  const writeOff = bookNow - marketNow;
  return {
    paid,
    today,
    bookNow,
    marketNow,
    writeOff,
    maintenance: (paid * sb.maintenanceFractionPerYear) / 12,
    price: today,
    soldBook,
    sale,
    endBook,
    endValue,
    keepDepreciation: depreciation / H,
    keepIteration: iteration / H,
    keepCapitalCharge: pv / annuity - plain / H,
    sellIteration: full ? writeOff / H : 0,
    sellCapitalCharge: full ? writeOff / annuity - writeOff / H : 0,
  };
}

/** The 1-based row whose first cell reads `label`. */
function rowOf(sheet: SheetModel, label: string): number {
  const i = sheet.rows.findIndex((r) => r[0]?.value === label);
  if (i < 0) throw new Error(`no row "${label}" in ${sheet.name}`);
  return i + 1;
}

/** A Costs row's figure (its first strategy column), recomputed from the inputs. */
function costsFigure(wb: LiveWorkbook, evaluator: FormulaEvaluator, key: string, k?: number): number {
  const costs = sheetOf(wb, 'costs');
  const label =
    k === undefined ? t(`export:workbook.costs.${key}`) : t(`export:workbook.costs.${key}`, { k });
  const v = evaluator.value(costs.name, rowOf(costs, label), 2);
  if (typeof v !== 'number') throw new Error(`${key}: ${String(v)}`);
  return v;
}

/** The named cell `name` of a sheet: its row and its value. */
function named(sheet: SheetModel, name: string): { row: number; value: unknown } {
  for (const [i, row] of sheet.rows.entries())
    for (const cell of row) if (cell?.name === name) return { row: i + 1, value: cell.value };
  throw new Error(`no cell named ${name}`);
}

/** Within a thousandth of a yuan, relative for large amounts. */
function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-3 + 1e-12 * Math.abs(expected));
}

describe('a cluster already owned in the live workbook', () => {
  for (const lens of ['marginal', 'full'] as const)
    it(`the ${lens} lens: its inputs are named cells and its figures formulas equal to the hand arithmetic`, () => {
      const s = handCase(lens);
      const wb = workbookOf(s);
      const inputs = sheetOf(wb, 'inputs');
      expect(named(inputs, 'existing_servers').value).toBe(2);
      expect(named(inputs, 'existing_ageMonths').value).toBe(48);
      expect(named(inputs, 'existing_pricePaidCnyPerServer').value).toBe(2_000_000);
      expect(named(inputs, 'finance_lensFull').value).toBe(lens === 'full' ? 1 : 0);
      const evaluator = new FormulaEvaluator(wb.sheets);
      const hand = byHand(s);
      const figure = (key: string, k?: number) => costsFigure(wb, evaluator, key, k);
      close(figure('existingPaid'), hand.paid);
      close(figure('existingToday'), hand.today);
      close(figure('existingBookNow'), hand.bookNow);
      close(figure('existingMarketNow'), hand.marketNow);
      close(figure('existingWriteOff'), hand.writeOff);
      close(figure('existingMaintenance'), hand.maintenance);
      // One replacement, at month 12; the next would start at 72, past the horizon: 0.
      close(figure('existingBatchStart', 1), 12);
      close(figure('existingBatchPrice', 1), hand.price);
      close(figure('existingBatchBook', 1), hand.soldBook);
      close(figure('existingBatchSale', 1), hand.sale);
      close(figure('existingBatchPrice', 2), 0);
      close(figure('existingReplacements'), 1);
      close(figure('existingEndBook'), hand.endBook);
      close(figure('existingEndValue'), hand.endValue);
      close(figure('existingKeepDepreciation'), hand.keepDepreciation);
      close(figure('existingKeepIteration'), hand.keepIteration);
      close(figure('existingKeepCapitalCharge'), hand.keepCapitalCharge);
      close(figure('existingSellIteration'), hand.sellIteration);
      close(figure('existingSellCapitalCharge'), hand.sellCapitalCharge);
      // The hand figures (which the workbook's rows equal, above) move keeping and selling by the same
      // amount between the lenses: the write-off.
      const other = byHand(handCase(lens === 'full' ? 'marginal' : 'full'));
      const keepMove =
        hand.keepDepreciation + hand.keepIteration - other.keepDepreciation - other.keepIteration;
      const sellMove = hand.sellIteration - other.sellIteration;
      close(keepMove, sellMove);
    });

  it('in the cash: selling brings V₀ in month 1, keeping pays the replacement less the sale in its month', () => {
    const s = handCase('full');
    const hand = byHand(s);
    const monthly = (scenario: Scenario, id: StrategyId, month: number) => {
      const wb = workbookOf(scenario);
      const sheet = sheetOf(wb, 'monthlyCash');
      const evaluator = new FormulaEvaluator(wb.sheets);
      // A note, the header, then month 0, 1, … (cash-sheet.ts).
      const v = evaluator.value(sheet.name, 3 + month, 5 + STRATEGY_IDS.indexOf(id));
      if (typeof v !== 'number') throw new Error(String(v));
      return v;
    };
    // Rent's running cash does not depend on the cluster: the difference is the sale alone.
    close(monthly(s, 'rent', 1) - monthly({ ...s, existing: null }, 'rent', 1), -hand.marketNow);
    close(monthly(s, 'rent', 2) - monthly({ ...s, existing: null }, 'rent', 2), 0);
    // Flat prices, no lead time: the self-build's months are alike but for the replacement's.
    close(monthly(s, 'selfBuild', 12) - monthly(s, 'selfBuild', 13), hand.price - hand.sale);
  });

  it('an input edited moves its figures: the cluster 30 months old instead of 48', () => {
    const s = handCase('marginal');
    const wb = workbookOf(s);
    const inputs = sheetOf(wb, 'inputs');
    const age = named(inputs, 'existing_ageMonths');
    const edited: LiveWorkbook = {
      ...wb,
      sheets: wb.sheets.map((sheet) =>
        sheet !== inputs
          ? sheet
          : {
              ...sheet,
              rows: sheet.rows.map((row, i) =>
                i + 1 === age.row
                  ? row.map((cell) => (cell?.name === 'existing_ageMonths' ? { ...cell, value: 30 } : cell))
                  : row,
              ),
            },
      ),
    };
    const evaluator = new FormulaEvaluator(edited.sheets);
    const { paid } = byHand(s);
    // Half the life used: book 1 − 0.8 × 0.5 = 60 %, the market 0.7^2.5 = 41 %; its life ends at month 30.
    close(costsFigure(edited, evaluator, 'existingBookNow'), paid * 0.6);
    close(costsFigure(edited, evaluator, 'existingMarketNow'), paid * 0.7 ** 2.5);
    close(costsFigure(edited, evaluator, 'existingBatchStart', 1), 30);
  });

  it('without one, the Inputs and Costs sheets have none of its rows', () => {
    const wb = workbookOf({ ...handCase('full'), existing: null });
    const names = sheetOf(wb, 'inputs').rows.flatMap((row) => row.map((cell) => cell?.name));
    expect(names).not.toContain('existing_servers');
    expect(names).not.toContain('finance_lensFull');
    const labels = sheetOf(wb, 'costs').rows.map((row) => row[0]?.value);
    expect(labels).not.toContain(t('export:workbook.costs.existing'));
    expect(labels).not.toContain(t('export:workbook.costs.newServers'));
  });
});
