import type { TFunction } from 'i18next';
import { type Evaluation, type StrategyId, TIE_FRACTION, TIE_PREFERENCE } from '../../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';
import {
  and,
  cmp,
  concat,
  div,
  type Expr,
  iff,
  isNumber,
  max,
  mul,
  not,
  numberOf,
  or,
  ref,
  str,
  sub,
  text,
  textEquals,
} from './expr';
import { INTEGER_FORMAT, PERCENT_FORMAT } from './number-format';
import type { CellModel, SheetBuilder } from './sheet-model';

/**
 * The Summary's verdict as formulas (issue 44): which strategy is recommended, the runner-up, the
 * saving and the sentence, recalculated when an input changes, with the engine's figures as the
 * cached results. The rule is the engine's (src/engine/winner.ts `pickWinner`, recommend.ts): the
 * strategies that compete — allowed, and a hybrid only when it holds a baseline and bursts — taken in
 * the tie order, a cost within TIE_FRACTION of a cheaper one counting as equal; the runner-up is the
 * same pick among the others at their own monthly cost; the saving is the runner-up's cost less the
 * winner's, never below 0, and a saving under TIE_FRACTION of the runner-up's cost is a tie. The pick
 * is laid out step by step, one row per strategy, so a reader can follow it.
 */

export interface VerdictInput {
  t: TFunction;
  money: MoneyFormat;
  evaluation: Evaluation;
  /** Each strategy's name as the Summary's table prints it. */
  names: Record<StrategyId, string>;
  /** Each strategy's monthly cost in CNY (the calculation sheet's total). */
  monthlyCny: Record<StrategyId, Expr>;
  /** Whether each strategy competes (TRUE/FALSE formulas over the inputs and the calculation sheet). */
  competes: Record<StrategyId, Expr>;
  /** The hybrid's baseline GPUs and the owned cluster's GPUs (the tie's reason compares them). */
  hybridBaselineGpus: Expr;
  selfBuildCapacityGpus: Expr;
  /** Whether the hybrid bursts some work (a hybrid without burst is its baseline alone). */
  hybridBursts: Expr;
  /** The load rate (the calculation sheet's) and whether the platform may take burst. */
  loadRate: Expr;
  platformEligible: Expr;
}

export interface VerdictCells {
  sentence: Expr;
  winner: Expr;
  runnerUp: Expr;
  savingCny: Expr;
  savingFraction: Expr;
}

/** "19,500" → the formula TEXT(x/rate,"#,##0") between the currency's marks, read as the app prints it. */
function moneyText(cny: Expr, money: MoneyFormat): Expr {
  const shown = formatMoney(numberOf(cny), money);
  const zero = formatMoney(0, money);
  const at = zero.indexOf('0');
  const prefix = zero.slice(0, at);
  const suffix = zero.slice(at + 1);
  const digits = shown.slice(prefix.length, shown.length - suffix.length);
  const amount = money.currency === 'USD' ? div(cny, money.cnyPerUsd) : cny;
  return concat(str(prefix), text(amount, INTEGER_FORMAT, digits), str(suffix));
}

function percentText(fraction: Expr, money: MoneyFormat): Expr {
  return text(fraction, PERCENT_FORMAT, formatPercent(numberOf(fraction), money.locale, 1));
}

/**
 * A translated sentence as a formula: the text around each {{placeholder}} as literals, each
 * placeholder the formula given for it (found by translating with markers in their places, so the
 * language's own word order is kept).
 */
export function sentenceFormula(t: TFunction, key: string, params: Record<string, Expr>): Expr {
  const keys = Object.keys(params);
  const marked = t(key, Object.fromEntries(keys.map((k, i) => [k, `\u0000${i}\u0000`])));
  const pieces: Expr[] = [];
  marked.split('\u0000').forEach((piece, i) => {
    if (i % 2 === 0) {
      if (piece !== '') pieces.push(str(piece));
      return;
    }
    const e = params[keys[Number(piece)] ?? ''];
    if (!e) throw new Error(`no value for a placeholder of ${key}`);
    pieces.push(e);
  });
  return concat(...pieces);
}

/** The cheapest-so-far step: this candidate when it is a number below the best by more than a tie. */
function beats(candidate: Expr, best: Expr): Expr {
  return cmp(candidate, '<', mul(best, 1 - TIE_FRACTION));
}

interface Step {
  cost: Expr;
  name: Expr;
}

interface Pick {
  id: StrategyId;
  row: number;
  name: Expr;
  raw: Expr;
  candidate: Expr;
  next: Step;
}

function step(candidate: Expr, name: Expr, best: Step | null): Step {
  if (!best)
    return {
      cost: iff(isNumber(candidate), candidate, str('')),
      name: iff(isNumber(candidate), name, str('')),
    };
  const { cost: bestCost, name: bestName } = best;
  // Nested IFs, not AND/OR: a spreadsheet evaluates an IF's branch only when taken, while AND and OR
  // evaluate every argument, and "" × a number is an error.
  const take = (win: Expr, keep: Expr) =>
    iff(isNumber(candidate), iff(isNumber(bestCost), iff(beats(candidate, bestCost), win, keep), win), keep);
  return { cost: take(candidate, bestCost), name: take(name, bestName) };
}

/**
 * Appends the step-by-step pick to `s` (title, note, header, one row per strategy in the tie order,
 * then the figures decided) and returns the cells the Summary's top rows show.
 */
export function verdictBlock(s: SheetBuilder, input: VerdictInput): VerdictCells {
  const { t, money, evaluation } = input;
  s.title(t('export:workbook.verdictTitle'));
  s.add([{ value: t('export:workbook.verdictNote'), italic: true }]);
  // The right-sized own cluster is a search the workbook does not redo: held as its value, it stands
  // for self-build when cheaper than the cluster as configured (recommend.ts rightSizedOwn).
  const rs = evaluation.rightSize;
  let rightSized: Expr | null = null;
  if (rs.gpus > 0 && rs.burstShare <= 0 && rs.gpus !== rs.currentGpus) {
    const row = s.rowCount + 1;
    s.add([
      { value: t('export:workbook.rightSized', { gpus: rs.gpus }) },
      { value: rs.monthlyCny, numFmt: INTEGER_FORMAT },
    ]);
    rightSized = ref(`$B$${row}`, rs.monthlyCny);
  }
  s.header([
    t('export:excel.strategy'),
    t('export:excel.monthly'),
    t('export:workbook.competes'),
    t('export:workbook.bestSoFar'),
    t('export:workbook.bestNameSoFar'),
    t('export:workbook.othersCompete'),
    t('export:workbook.othersBestSoFar'),
    t('export:workbook.othersBestNameSoFar'),
  ]);
  const cell = (e: Expr, numFmt?: string): CellModel => ({
    value: e.v,
    formula: e.f,
    ...(numFmt ? { numFmt } : {}),
  });
  // First pass: the cheapest, column by column down the tie order.
  const first = s.rowCount + 1;
  const picks: Pick[] = [];
  let best: Step | null = null;
  TIE_PREFERENCE.forEach((id, k) => {
    const row = first + k;
    const name = ref(`$A$${row}`, input.names[id]);
    const raw = ref(`$B$${row}`, numberOf(input.monthlyCny[id]));
    const own =
      id === 'selfBuild' && rightSized ? iff(cmp(rightSized, '<', mul(raw, 1 - 1e-9)), rightSized, raw) : raw;
    const candidate = iff(input.competes[id], own, str(''));
    const next = step(ref(`$C$${row}`, candidate.v), name, best);
    best = { cost: ref(`$D$${row}`, next.cost.v), name: ref(`$E$${row}`, next.name.v) };
    picks.push({ id, row, name, raw, candidate, next });
  });
  const last = first + picks.length - 1;
  const winnerCost = ref(`$D$${last}`, picks.at(-1)?.next.cost.v ?? '');
  const winner = ref(`$E$${last}`, picks.at(-1)?.next.name.v ?? '');
  // Second pass: the runner-up, the same pick among the others at their own monthly cost.
  let other: Step | null = null;
  let lastOther: Step = { cost: str(''), name: str('') };
  for (const p of picks) {
    const candidate = iff(and(input.competes[p.id], not(textEquals(p.name, winner))), p.raw, str(''));
    const next = step(ref(`$F$${p.row}`, candidate.v), p.name, other);
    other = { cost: ref(`$G$${p.row}`, next.cost.v), name: ref(`$H$${p.row}`, next.name.v) };
    lastOther = other;
    s.add([
      { value: input.names[p.id] },
      cell(input.monthlyCny[p.id], INTEGER_FORMAT),
      cell(p.candidate, INTEGER_FORMAT),
      cell(p.next.cost, INTEGER_FORMAT),
      cell(p.next.name),
      cell(candidate, INTEGER_FORMAT),
      cell(next.cost, INTEGER_FORMAT),
      cell(next.name),
    ]);
  }
  const runnerUp = lastOther.name;
  const hasRunnerUp = not(textEquals(runnerUp, str('')));
  const runnerCost = iff(hasRunnerUp, lastOther.cost, winnerCost);

  // The figures decided, each a formula over the steps above.
  const decided = (labelKey: string, e: Expr, numFmt: string): Expr => {
    const row = s.add([{ value: t(labelKey) }, cell(e, numFmt)]);
    return ref(`$B$${row}`, e.v);
  };
  const savingCny = decided(
    'export:workbook.savingMonthly',
    max(0, sub(runnerCost, winnerCost)),
    INTEGER_FORMAT,
  );
  const savingFraction = decided(
    'export:workbook.savingShare',
    iff(cmp(runnerCost, '>', 0), div(savingCny, runnerCost), 0),
    PERCENT_FORMAT,
  );

  const hybridName = str(input.names.hybrid);
  const involvesHybrid = or(textEquals(winner, hybridName), textEquals(runnerUp, hybridName));
  const reasonText = (reason: string) => str(t(`common:summary.tieReason.${reason}`));
  // recommend.ts tieReason: a hybrid equal to one of its parts is that part.
  const reason = iff(
    involvesHybrid,
    iff(
      cmp(input.hybridBaselineGpus, '<=', 0),
      reasonText('hybridOwnsNothing'),
      iff(
        or(not(input.hybridBursts), cmp(input.hybridBaselineGpus, '>=', input.selfBuildCapacityGpus)),
        reasonText('hybridOwnsAll'),
        reasonText('sameCost'),
      ),
    ),
    reasonText('sameCost'),
  );
  const winnerMonthly = rangeLookup(picks, winner);
  const sentence = iff(
    hasRunnerUp,
    iff(
      cmp(savingFraction, '<', TIE_FRACTION),
      sentenceFormula(t, 'export:verdict.tie', {
        winner,
        runnerUp,
        monthly: moneyText(winnerMonthly, money),
        reason,
      }),
      sentenceFormula(t, 'export:verdict.cheaper', {
        winner,
        runnerUp,
        percent: percentText(savingFraction, money),
        monthly: moneyText(savingCny, money),
        annual: moneyText(mul(savingCny, 12), money),
      }),
    ),
    sentenceFormula(t, 'export:verdict.only', { winner }),
  );
  return { sentence: withOverCapacity(sentence, input), winner, runnerUp, savingCny, savingFraction };
}

/**
 * The verdict with, when the own cluster is loaded above 100 %, the sentence that says so (the
 * engine's recommend.ts overCapacity; the PDF's verdict-text.ts): its GPUs and its load in the load-rate
 * slider's rounding (one decimal at most, ROUND(…, 1) & "%" prints "587.5%" and "588%" as the app does).
 */
function withOverCapacity(sentence: Expr, input: VerdictInput): Expr {
  const { t, money, loadRate, selfBuildCapacityGpus } = input;
  const percent = Math.round(numberOf(loadRate) * 1000) / 10;
  const load = concat({ f: `ROUND(${loadRate.f}*100,1)`, v: String(percent), p: 9 }, str('%'));
  const gpus = text(
    selfBuildCapacityGpus,
    INTEGER_FORMAT,
    formatNumber(numberOf(selfBuildCapacityGpus), money.locale),
  );
  const clause = (rest: 'platform' | 'waits') =>
    sentenceFormula(t, `export:verdict.overCapacity.${rest}`, { gpus, load });
  const over = iff(
    cmp(loadRate, '>', 1),
    concat(str(' '), iff(cmp(input.platformEligible, '=', 1), clause('platform'), clause('waits'))),
    str(''),
  );
  return concat(sentence, over);
}

/** The winner's own monthly cost (the table's, as the tie sentence states it): INDEX/MATCH by name. */
function rangeLookup(picks: Pick[], winner: Expr): Expr {
  const firstRow = picks[0]?.row ?? 1;
  const lastRow = picks[picks.length - 1]?.row ?? 1;
  const hit = picks.find((p) => p.name.v === winner.v);
  return {
    f: `INDEX($B$${firstRow}:$B$${lastRow},MATCH(${winner.f},$A$${firstRow}:$A$${lastRow},0))`,
    v: hit ? hit.raw.v : 0,
    p: 9,
  };
}
