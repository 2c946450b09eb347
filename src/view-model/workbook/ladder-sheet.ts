import type { TFunction } from 'i18next';
import {
  COST_CATEGORIES,
  HOURS_PER_MONTH,
  type LadderBudget,
  type LadderPlan,
  type LadderRung,
  ladderBudget,
  PREPAID_SHARE,
  type Scenario,
  TIER_FACTS,
} from '../../engine';
import { ladderBudgetRows, tierName } from '../ladder-text';
import { discountSum } from './costs/capital-charge';
import type { ExistingLines } from './costs/existing';
import { RATE, RATIO } from './costs/rows';
import { add, cmp, div, type Expr, iff, lit, mul, rangeCall, ref, sub } from './expr';
import type { Inputs } from './inputs-sheet';
import { INTEGER_FORMAT, PERCENT_FORMAT, PRECISE_FORMAT } from './number-format';
import type { PathFormulas } from './price-path-sheet';
import { type CellModel, columnLetter, SheetBuilder } from './sheet-model';

/**
 * The commitment ladder's sheet (issue 37, docs/model.md §10 "The ladder"): the plan the engine
 * solved, one row per rung in CNY a month, then the prices the rungs read, then the schedule of
 * commitments. The GPUs of each rung are a search's result and stay values; what a reader can check
 * against a contract — a term tier's compute from the on-demand price, its discount, its held price
 * factor and its prepayment — is a formula from the Inputs sheet, as is the platform's reserved compute.
 * The own cluster's compute, the variable tiers' (billed at the burst's market factor, which a dated
 * plan sets band by band) and every rung's other costs are the engine's parts, as values.
 */

/** A priced part of the plan (a band, a variable tier, what waits): its cost by category. */
type PartCost = LadderPlan['pricing']['part'];

const TERM_TIERS = ['reserved3y', 'reserved1y', 'monthly'] as const;
type TermId = (typeof TERM_TIERS)[number];

const isTerm = (id: string): id is TermId => (TERM_TIERS as readonly string[]).includes(id);

/** Columns of the rungs' table. */
const COL = { tier: 1, gpus: 2, hours: 3, compute: 4, other: 5, total: 6, saving: 7 } as const;

export interface LadderSheet {
  sheet: SheetBuilder;
  /** The plan's total a month (its rungs and what waits), referred to from another sheet. */
  monthlyTotal: Expr;
}

/** What the blocks of the sheet write with: the sheet, the named inputs, the words. */
interface Writer {
  b: SheetBuilder;
  input: (key: string) => Expr;
  tx: (key: string, options?: Record<string, string>) => string;
  t: TFunction;
}

/** Today's prices the rungs read, each a cell of the prices block. */
interface Prices {
  /** One GPU of the rented servers on demand, per GPU-hour. */
  onDemand: Expr;
  /** One of the platform's GPUs, per GPU-hour. */
  platform: Expr;
  /** The price index averaged over the horizon (what GPUs held every month pay). */
  averageFactor: Expr;
}

/** A term tier's cells beside the on-demand price: its held price factor and prepayment factor. */
interface TermCells {
  held: Expr;
  prepay: Expr;
}

function formulaCell(e: Expr, numFmt: string, bold = false): CellModel {
  return { value: e.v, formula: e.f, numFmt, ...(bold ? { bold } : {}) };
}

const money = (v: number): CellModel => ({ value: v, numFmt: INTEGER_FORMAT });

/** A part's cost besides compute: time, energy, staff, failures and iteration risk. */
function otherCny(part: PartCost | null): number {
  if (part === null) return 0;
  return COST_CATEGORIES.filter((c) => c !== 'compute').reduce((sum, c) => sum + part.breakdown[c], 0);
}

/** The engine's part of a rung: its committed band, or what its variable tier served (null: unused). */
function partOf(plan: LadderPlan, rung: LadderRung): PartCost | null {
  const band = plan.pricing.bands.find((b) => b.id === rung.id);
  if (band) return band.part;
  return plan.pricing.variable.tiers.find((v) => v.id === rung.id)?.part ?? null;
}

/** The prices block: today's prices after the compliance premiums, formulas of the Inputs sheet. */
function pricesBlock({ b, input, tx, t }: Writer, path: PathFormulas): Prices {
  b.gap();
  b.title(tx('pricesTitle'));
  b.header([tx('item'), tx('value'), tx('unit')]);
  const priceRow = (label: string, e: Expr, numFmt: string, unit: string): Expr => {
    const row = b.add([{ value: label }, formulaCell(e, numFmt), { value: unit }]);
    return b.at(row, 2).here;
  };
  const perGpuHour = t('common:units.cnyPerGpuHour');
  const premium = (flag: string, fraction: string) =>
    iff(cmp(input(flag), '=', 1), add(1, input(fraction)), 1);
  const domestic = premium('engine_domesticPremium', 'complianceCosts_domesticPremiumFraction');
  // One GPU of the rented servers: terms and spot are priced per such GPU, whatever GPU model the
  // plan's demand is counted in (bands.ts serverGpuMonthTodayCny).
  const onDemand = priceRow(
    tx('onDemandPrice'),
    div(mul(input('rent_priceCnyPerServerHour'), domestic), input('rent_gpusPerServer')),
    RATE,
    perGpuHour,
  );
  priceRow(tx('spotPrice'), mul(onDemand, sub(1, input('ladder_spotDiscountFraction'))), RATE, perGpuHour);
  const platform = priceRow(
    tx('platformPrice'),
    mul(
      input('platform_priceCnyPerGpuHour'),
      add(1, input('platform_premiumFraction')),
      domestic,
      premium('engine_dedicatedPremium', 'complianceCosts_dedicatedPremiumFraction'),
    ),
    RATE,
    perGpuHour,
  );
  const averageFactor = priceRow(tx('averageFactor'), path.average(input('horizonMonths')), RATIO, '');
  return { onDemand, platform, averageFactor };
}

/**
 * The term tiers' block (bands.ts ladderContext): each tier's months, its discount (the Inputs cell),
 * its held price factor Σ_starts T × f(start) ÷ H and its prepayment factor 1 + p × (T ÷ A_r(T) − 1)
 * in the economic view (1 in the accounting view), p the share prepaid.
 */
function termsBlock(w: Writer, plan: LadderPlan, s: Scenario, path: PathFormulas): Record<TermId, TermCells> {
  const { b, input, tx, t } = w;
  b.gap();
  b.title(tx('termsTitle'));
  b.header([
    tx('tier'),
    tx('months'),
    tx('discount'),
    tx('heldFactor'),
    tx('prepaidShare'),
    tx('prepayFactor'),
  ]);
  const H = input('horizonMonths');
  const rate = input('finance_discountRateFractionPerYear');
  const economic = cmp(input('finance_costViewEconomic'), '=', 1);
  const terms = {} as Record<TermId, TermCells>;
  for (const id of TERM_TIERS) {
    const T = TIER_FACTS[id].termMonths;
    const row = b.rowCount + 1;
    // Terms start at months 1, 1 + T, … within the solved horizon, each at its first month's index —
    // or, for a dated plan, as the schedule gives them (quarter by quarter, each commitment its share
    // of the rung's GPUs); a monthly term is paid each month it is renewed, so held over the whole
    // horizon its factor is the average.
    const rows = plan.schedule.filter((r) => r.id === id);
    const rungGpus = plan.rungs.find((r) => r.id === id)?.gpus ?? 0;
    const whole =
      rows.length === 1 &&
      rows[0]?.startMonth === 1 &&
      rows[0]?.endMonth === plan.horizonMonths &&
      rows[0]?.gpus === rungGpus;
    const paidTerms: Expr[] = [];
    for (const r of rows) {
      const share = rungGpus > 0 ? r.gpus / rungGpus : 1;
      const paid =
        T === 1
          ? sub(path.sum(lit(r.endMonth)), path.sum(lit(r.startMonth - 1)))
          : mul(T, path.factorAt(lit(r.startMonth)));
      paidTerms.push(share === 1 ? paid : mul(lit(share), paid));
    }
    if (rows.length === 0)
      for (let m = 1; m <= plan.horizonMonths; m += T) paidTerms.push(mul(T, path.factorAt(lit(m))));
    const held = T === 1 && (whole || rows.length === 0) ? path.average(H) : div(add(...paidTerms), H);
    const prepaid = id === 'monthly' ? 0 : PREPAID_SHARE[s.ladder.prepay[id]];
    const share = ref(`${columnLetter(5)}${row}`, prepaid);
    const prepay = iff(economic, add(1, mul(share, sub(div(T, discountSum(rate, 1, T)), 1))), 1);
    b.add([
      { value: tierName(id, t) },
      { value: T, numFmt: INTEGER_FORMAT },
      formulaCell(input(`ladder_${id}DiscountFraction`), PERCENT_FORMAT),
      formulaCell(held, RATIO),
      { value: prepaid, numFmt: PERCENT_FORMAT },
      formulaCell(prepay, RATIO),
    ]);
    terms[id] = { held: b.at(row, 4).here, prepay: b.at(row, 6).here };
  }
  b.note(tx('termsNote'));
  return terms;
}

/**
 * A rung's compute a month: a term's GPUs × 730 h × the on-demand price × its held price factor ×
 * (1 − its discount) × its prepayment factor (bands.ts termBandPart); the platform's reserved GPUs ×
 * 730 h × its price × the average index × (1 − the reservation discount) (hybrid.ts
 * reservedBandPart); any other rung's, the engine's value.
 */
function computeOf(
  { input }: Writer,
  rung: LadderRung,
  gpus: Expr,
  part: PartCost | null,
  prices: Prices,
  terms: Record<TermId, TermCells>,
): Expr | number {
  if (isTerm(rung.id)) {
    const term = terms[rung.id];
    const keep = sub(1, input(`ladder_${rung.id}DiscountFraction`));
    return mul(gpus, HOURS_PER_MONTH, prices.onDemand, term.held, keep, term.prepay);
  }
  if (rung.id === 'platformReserved') {
    const keep = sub(1, input('hybrid_reservedDiscountFraction'));
    return mul(gpus, HOURS_PER_MONTH, prices.platform, prices.averageFactor, keep);
  }
  return part?.breakdown.compute ?? 0;
}

/** The schedule of commitments (plan.ts schedule), values. */
function scheduleBlock({ b, tx, t }: Writer, plan: LadderPlan): void {
  b.gap();
  b.title(tx('scheduleTitle'));
  if (plan.schedule.length === 0) {
    b.note(tx('scheduleEmpty'));
    return;
  }
  b.header([tx('tier'), tx('startMonth'), tx('endMonth'), tx('gpus'), tx('cash'), tx('prepaid')]);
  for (const c of plan.schedule)
    b.add([
      { value: tierName(c.id, t) },
      { value: c.startMonth, numFmt: INTEGER_FORMAT },
      { value: c.endMonth, numFmt: INTEGER_FORMAT },
      { value: c.gpus, numFmt: INTEGER_FORMAT },
      money(c.monthlyCashCny),
      money(c.prepaidCny),
    ]);
  b.note(tx('scheduleNote'));
}

/**
 * The plan by quarter in cash (engine ladder/budget.ts): the engine's figures for each quarter, each
 * quarter's total and the horizon's sums as formulas over them; the own columns only when it owns.
 */
function budgetBlock({ b, t, tx }: Writer, budget: LadderBudget): void {
  b.gap();
  const rows = ladderBudgetRows(budget, t);
  b.title(rows.caption);
  b.header(rows.head);
  // Amounts from column 3; the last, the total, is a SUM of the others in its row.
  const firstCol = 3;
  const totalCol = firstCol + rows.keys.length - 1;
  const first = b.rowCount + 1;
  for (const q of rows.quarters) {
    const row = b.rowCount + 1;
    const across = `${columnLetter(firstCol)}${row}:${columnLetter(totalCol - 1)}${row}`;
    const parts = q.amounts.slice(0, -1);
    b.add([
      { value: q.label },
      { value: q.months },
      ...parts.map(money),
      formulaCell(rangeCall('SUM', [across], q.amounts[q.amounts.length - 1] ?? 0), INTEGER_FORMAT),
    ]);
  }
  const last = b.rowCount;
  const sums = rows.horizon.amounts.map((v, i) =>
    formulaCell(rangeCall('SUM', [b.range(firstCol + i, first, last, false)], v), INTEGER_FORMAT, true),
  );
  b.add([{ value: rows.horizon.label, bold: true }, null, ...sums]);
  if (budget.afterHorizonCny > 0) {
    // Under the commitments, whose terms run past the horizon.
    const before = rows.keys.slice(0, rows.keys.indexOf('commitmentsCny')).map(() => null);
    b.add([{ value: tx('afterHorizon') }, null, ...before, money(budget.afterHorizonCny)]);
  }
  b.note(t('sizing:ladder.budget.note'));
  b.note(tx('budgetValues'));
}

export function ladderSheet(
  name: string,
  plan: LadderPlan,
  s: Scenario,
  inputs: Inputs,
  path: PathFormulas,
  t: TFunction,
  existingSold: ExistingLines | null,
): LadderSheet {
  const b = new SheetBuilder(name, [46, 16, 20, 18, 18, 18, 16]);
  const w: Writer = {
    b,
    input: (key) => {
      const e = inputs[key];
      if (!e) throw new Error(`no input ${key}`);
      return e;
    },
    tx: (key, options = {}) => t(`export:excel.ladder.${key}`, options),
    t,
  };
  const { tx } = w;
  b.title(tx('title'));
  b.note(tx('note'));
  if (s.finance.termPriceShape !== null) b.note(tx('termPathNote'));
  if (plan.tiersOn.length === 0) b.note(tx('noTiers'));
  else if (plan.demandIsZero) b.note(tx('nothingToServe'));
  b.gap();
  b.header(
    [tx('tier'), tx('gpus'), tx('hours'), tx('compute'), tx('other'), tx('total'), tx('saving')],
    true,
  );

  // Committed tiers bottom up, then the variable ones, each group in the plan's order.
  const rungs = [
    ...plan.rungs.filter((r) => TIER_FACTS[r.id].kind === 'committed'),
    ...plan.rungs.filter((r) => TIER_FACTS[r.id].kind === 'variable'),
  ];
  // The table's rows are reserved first: their formulas read the price rows written below them.
  const first = b.rowCount + 1;
  const rungRows = rungs.map(() => b.add([]));
  const waitingRow = plan.waitingUsefulGpuHoursPerMonth > 0 ? b.add([]) : null;
  // Without an own band the plan sells a cluster already owned (ladder/solve.ts priceLadder): the
  // lens's lines for selling it, from the Costs sheet.
  const sold =
    existingSold !== null && !plan.pricing.bands.some((band) => band.id === 'own')
      ? { row: b.add([]), lines: existingSold }
      : null;
  const last = b.rowCount;
  const totalRow = b.add([]);
  const bestRows = plan.bestWay === null ? null : { best: b.add([]), saving: b.add([]) };
  const prices = pricesBlock(w, path);
  const terms = termsBlock(w, plan, s, path);

  const sums = { hours: 0, compute: 0, other: 0, total: 0 };
  rungs.forEach((rung, i) => {
    const row = rungRows[i] as number;
    const part = partOf(plan, rung);
    const gpus = ref(`${columnLetter(COL.gpus)}${row}`, rung.gpus ?? 0);
    const compute = computeOf(w, rung, gpus, part, prices, terms);
    const computeCny = typeof compute === 'number' ? compute : Number(compute.v);
    const other = otherCny(part);
    const total = add(
      ref(`${columnLetter(COL.compute)}${row}`, computeCny),
      ref(`${columnLetter(COL.other)}${row}`, other),
    );
    b.set(row, [
      { value: tierName(rung.id, t) },
      rung.gpus === null ? null : { value: rung.gpus, numFmt: INTEGER_FORMAT },
      { value: rung.usefulGpuHoursPerMonth, numFmt: PRECISE_FORMAT },
      typeof compute === 'number' ? money(compute) : formulaCell(compute, INTEGER_FORMAT),
      money(other),
      formulaCell(total, INTEGER_FORMAT),
      rung.keepsWithinMarket
        ? { value: t('sizing:ladder.rungs.keepsWithinMarket') }
        : money(Math.max(0, rung.savingCnyPerMonth)),
    ]);
    sums.hours += rung.usefulGpuHoursPerMonth;
    sums.compute += computeCny;
    sums.other += other;
    sums.total += Number(total.v);
  });
  if (waitingRow !== null) {
    // Waiting is a valuation (what the hours no tier takes cost), not a tier: no compute of its own.
    const waiting = plan.pricing.variable.waiting;
    const cost = waiting === null ? 0 : otherCny(waiting) + waiting.breakdown.compute;
    const total = add(ref(`${columnLetter(COL.other)}${waitingRow}`, cost));
    b.set(waitingRow, [
      { value: tx('waiting') },
      null,
      { value: plan.waitingUsefulGpuHoursPerMonth, numFmt: PRECISE_FORMAT },
      null,
      money(cost),
      formulaCell(total, INTEGER_FORMAT),
      null,
    ]);
    sums.hours += plan.waitingUsefulGpuHoursPerMonth;
    sums.other += cost;
    sums.total += Number(total.v);
  }
  if (sold !== null) {
    // Its capital charge is compute; the write-off spread over the horizon, iteration risk (other).
    const { compute, iteration } = sold.lines;
    const total = add(
      ref(`${columnLetter(COL.compute)}${sold.row}`, Number(compute.v)),
      ref(`${columnLetter(COL.other)}${sold.row}`, Number(iteration.v)),
    );
    b.set(sold.row, [
      { value: tx('existingSold') },
      null,
      null,
      formulaCell(compute, INTEGER_FORMAT),
      formulaCell(iteration, INTEGER_FORMAT),
      formulaCell(total, INTEGER_FORMAT),
      null,
    ]);
    sums.compute += Number(compute.v);
    sums.other += Number(iteration.v);
    sums.total += Number(total.v);
  }
  const sumOf = (column: number, v: number, numFmt = INTEGER_FORMAT): CellModel =>
    last >= first
      ? formulaCell(rangeCall('SUM', [b.range(column, first, last, false)], v), numFmt, true)
      : { value: 0, numFmt, bold: true };
  b.set(totalRow, [
    { value: tx('planTotal'), bold: true },
    null,
    sumOf(COL.hours, sums.hours, PRECISE_FORMAT),
    sumOf(COL.compute, sums.compute),
    sumOf(COL.other, sums.other),
    sumOf(COL.total, sums.total),
  ]);
  const monthlyTotal = b.at(totalRow, COL.total);
  if (bestRows !== null && plan.bestWay !== null) {
    const way = t(`common:strategy.${plan.bestWay.id}`);
    const blank = [null, null, null, null];
    b.set(bestRows.best, [{ value: tx('bestWay', { way }) }, ...blank, money(plan.bestWay.monthlyCny)]);
    const saving = sub(b.at(bestRows.best, COL.total).here, monthlyTotal.here);
    b.set(bestRows.saving, [
      { value: tx('savingVsBest'), bold: true },
      ...blank,
      formulaCell(saving, INTEGER_FORMAT, true),
    ]);
  }
  scheduleBlock(w, plan);
  budgetBlock(w, ladderBudget(s, plan));
  return { sheet: b, monthlyTotal: monthlyTotal.there };
}
