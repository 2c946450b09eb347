import type { TFunction } from 'i18next';
import type {
  LadderBudget,
  LadderCommitment,
  LadderDeadlines,
  LadderPlan,
  LadderRung,
  LadderTierId,
} from '../engine';
import { wholeGpusHeld } from './market-text';

/** Formatters the ladder's words read: money, a count of GPUs or hours, a percentage. */
export interface LadderFormat {
  money: (cny: number) => string;
  count: (n: number) => string;
  percent: (fraction: number) => string;
}

/** Below this share of the best single way's cost, the ladder is said to save nothing. */
const SAVES_NOTHING_BELOW = 0.0005;

/**
 * Whether the ladder saves enough against the best single way to be named the cheaper answer. A plan
 * that leaves work waiting is never the answer, however its waiting is valued: it does not do the work.
 */
export function ladderWins(plan: LadderPlan): boolean {
  return (
    plan.bestWay !== null &&
    !(plan.waitingUsefulGpuHoursPerMonth > 0) &&
    plan.savingVsBestWayCnyPerMonth > SAVES_NOTHING_BELOW * plan.bestWay.monthlyCny
  );
}

/**
 * Where the plan stands against the best single way: cheaper (`wins`); not cheaper, but that way would
 * need more GPUs at once than one can get on demand while the plan keeps within them (`fitsMarket`:
 * the plan is the answer the market allows, said on the first screen with its own heading); or
 * neither (`same`).
 */
export type LadderStanding = 'wins' | 'fitsMarket' | 'same';

export function ladderStanding(plan: LadderPlan): LadderStanding {
  if (ladderWins(plan)) return 'wins';
  if (
    plan.bestWay !== null &&
    !plan.bestWay.fitsMarket &&
    !plan.demandIsZero &&
    plan.pricing.bands.length > 0 &&
    plan.savingVsBestWayCnyPerMonth < 0 &&
    !(plan.waitingUsefulGpuHoursPerMonth > 0)
  )
    return 'fitsMarket';
  return 'same';
}

/**
 * The plan in words: the committed rungs holding GPUs (own 256 GPUs, reserve 128 for three years…),
 * then where the rest goes (the variable tiers in the order they take it), then what waits.
 */
export function ladderPieces(plan: LadderPlan, t: TFunction, f: LadderFormat): string[] {
  const pieces: string[] = [];
  for (const band of plan.pricing.bands)
    pieces.push(t(`sizing:ladder.piece.${band.id}`, { gpus: f.count(band.gpus) }));
  const variable = plan.pricing.variable.tiers.map((v) => t(`sizing:ladder.where.${v.id}`));
  if (variable.length > 0)
    pieces.push(
      t(pieces.length > 0 ? 'sizing:ladder.piece.rest' : 'sizing:ladder.piece.all', {
        where: variable.join(t('sizing:ladder.then')),
      }),
    );
  if (plan.waitingUsefulGpuHoursPerMonth > 0)
    pieces.push(
      plan.pricing.variable.marketBinds
        ? t('sizing:ladder.piece.waitsMarket', {
            hours: f.count(plan.waitingUsefulGpuHoursPerMonth),
            market: f.count(plan.market.onDemandGpus),
          })
        : t('sizing:ladder.piece.waits', { hours: f.count(plan.waitingUsefulGpuHoursPerMonth) }),
    );
  return pieces;
}

/** The sentence `ladder-plan` shows (and the PDF prints): the plan, its cost, and the best single way's. */
export function ladderSentence(plan: LadderPlan, t: TFunction, f: LadderFormat): string {
  if (plan.tiersOn.length === 0) return t('sizing:ladder.noTiers');
  if (plan.demandIsZero) return t('sizing:ladder.nothingToServe');
  const pieces = ladderPieces(plan, t, f);
  const list = pieces.join(t('sizing:ladder.listJoin'));
  const plain = list.charAt(0).toLocaleUpperCase() + list.slice(1);
  const best = plan.bestWay;
  if (best === null)
    return t('sizing:ladder.sentenceAlone', { plan: plain, monthly: f.money(plan.monthlyCny) });
  const way = t(`common:strategy.${best.id}`);
  // Dearer than a way priced as if the market supplied all it needs, while the plan fits in it.
  if (!best.fitsMarket && !(plan.waitingUsefulGpuHoursPerMonth > 0) && plan.savingVsBestWayCnyPerMonth < 0)
    return t('sizing:ladder.sentenceWithinMarket', {
      plan: plain,
      monthly: f.money(plan.monthlyCny),
      extra: f.money(-plan.savingVsBestWayCnyPerMonth),
      way,
      wayMonthly: f.money(best.monthlyCny),
      peak: f.count(wholeGpusHeld(best.marketPeakGpus)),
      market: f.count(plan.market.onDemandGpus),
    });
  if (!ladderWins(plan))
    return t('sizing:ladder.sentenceSame', {
      plan: plain,
      monthly: f.money(plan.monthlyCny),
      way,
    });
  return t('sizing:ladder.sentence', {
    plan: plain,
    monthly: f.money(plan.monthlyCny),
    saving: f.money(plan.savingVsBestWayCnyPerMonth),
    percent: f.percent(plan.savingVsBestWayCnyPerMonth / best.monthlyCny),
    way,
    wayMonthly: f.money(best.monthlyCny),
  });
}

/**
 * The plan against the one on-demand market (docs/model.md §10): how many GPUs its by-the-hour tiers
 * hold at once, within or above the GPUs one can get on demand. Null when they hold none.
 */
export function ladderMarketText(plan: LadderPlan, t: TFunction, f: LadderFormat): string | null {
  if (plan.demandIsZero) return null;
  const running = runningMarketText(plan, t, f);
  const build = buildLeadMarketText(plan, t, f);
  if (running === null || build === null) return running ?? build;
  // Two sentences, as the page's language joins them (no space between Chinese sentences).
  return `${running}${t('sizing:ladder.market.gap')}${build}`;
}

function runningMarketText(plan: LadderPlan, t: TFunction, f: LadderFormat): string | null {
  // The tiers never hold more than the market; when it runs out, work beyond it waits (no commitment on).
  if (plan.pricing.variable.marketBinds)
    return t('sizing:ladder.market.exceeds', { market: f.count(plan.market.onDemandGpus) });
  // Whole GPUs the by-the-hour tiers hold at the busiest moment, as the market check says them.
  const peak = wholeGpusHeld(plan.market.peakGpus);
  if (peak <= 0) return null;
  return t('sizing:ladder.market.fits', {
    peak: f.count(peak),
    market: f.count(plan.market.onDemandGpus),
  });
}

/** While the own rung is built, its work is bought by the hour too: the GPUs that takes at once. */
function buildLeadMarketText(plan: LadderPlan, t: TFunction, f: LadderFormat): string | null {
  const build = plan.market.buildLeadTime;
  if (build === null) return null;
  const peak = wholeGpusHeld(build.peakGpus);
  if (peak <= 0) return null;
  return t(build.withinMarket ? 'sizing:ladder.market.buildFits' : 'sizing:ladder.market.buildExceeds', {
    months: t('common:count.months', { count: build.months, value: f.count(build.months) }),
    peak: f.count(peak),
    market: f.count(plan.market.onDemandGpus),
  });
}

/**
 * The plan's deadlines in words (a training plan): on time with the last finish week, how many runs
 * slip and the worst slip, or a run that never finishes; then the capacity counted and, when spot
 * serves, that its preemptions are counted.
 */
export function ladderDeadlineText(d: LadderDeadlines, t: TFunction, f: LadderFormat): string {
  const runs = d.runs.length;
  const late = d.runs.filter((r) => !r.onTime).length;
  const head =
    d.worstSlipWeeks === null
      ? t('sizing:ladder.deadlines.never')
      : late === 0
        ? t('sizing:ladder.deadlines.onTime', {
            week: f.count(d.runs.reduce((m, r) => Math.max(m, r.finishWeek ?? 0), 0)),
          })
        : t('sizing:ladder.deadlines.late', {
            count: late,
            runs: f.count(runs),
            weeks: f.count(d.worstSlipWeeks),
          });
  const held: string[] = [];
  if (d.committedGpus > 0)
    held.push(
      t(
        d.ownFromWeek === null ? 'sizing:ladder.deadlines.committed' : 'sizing:ladder.deadlines.committedOwn',
        {
          gpus: f.count(d.committedGpus),
        },
      ),
    );
  if (d.serverGpus > 0) held.push(t('sizing:ladder.deadlines.servers', { gpus: f.count(d.serverGpus) }));
  if (d.platformGpus > 0) held.push(t('sizing:ladder.deadlines.platform', { gpus: f.count(d.platformGpus) }));
  const parts = [
    head,
    t('sizing:ladder.deadlines.capacity', {
      parts: held.length > 0 ? held.join(t('common:join.separator')) : t('sizing:ladder.deadlines.nothing'),
    }),
  ];
  if (d.preemptionsPerGpuHour > 0) parts.push(t('sizing:ladder.deadlines.spot'));
  return parts.join(t('common:join.sentences'));
}

/** Month m (1 = the horizon's first) as its year and quarter. */
export function quarterOf(month: number): { year: number; quarter: number } {
  return { year: Math.floor((month - 1) / 12) + 1, quarter: Math.floor(((month - 1) % 12) / 3) + 1 };
}

/** The schedule's "from" cell: the quarter a commitment starts in and its month. */
export function commitmentStartText(row: LadderCommitment, t: TFunction): string {
  return t('sizing:ladder.schedule.starts', { ...quarterOf(row.startMonth), month: row.startMonth });
}

/** The schedule's "until" cell: the last month paid (a term past the horizon is paid to its end). */
export function commitmentEndText(row: LadderCommitment, horizonMonths: number, t: TFunction): string {
  if (row.renewsMonthly) return t('sizing:ladder.schedule.renews', { month: row.endMonth });
  return row.endMonth > horizonMonths
    ? t('sizing:ladder.schedule.endsAfter', { month: row.endMonth, horizon: horizonMonths })
    : t('sizing:ladder.schedule.ends', { month: row.endMonth });
}

/** A tier's name (its checkbox's label). */
export function tierName(id: LadderTierId, t: TFunction): string {
  return t(`sizing:ladder.tier.${id}`);
}

/**
 * What a rung saves as printed: against the plan without it, or — when without it work would wait
 * for GPUs beyond the market — that it keeps the plan within the market (a saving against a plan that
 * does not do the work says nothing).
 */
export function rungSavingText(rung: LadderRung, t: TFunction, money: (cny: number) => string): string {
  if (rung.keepsWithinMarket) return t('sizing:ladder.rungs.keepsWithinMarket');
  return money(Math.max(0, rung.savingCnyPerMonth));
}

/** A rung's cells as printed (PDF, command line): tier, GPUs held, useful GPU-hours, cost, saving. */
export function ladderRungCells(
  plan: LadderPlan,
  t: TFunction,
  f: LadderFormat,
  money = f.money,
): string[][] {
  return plan.rungs.map((r) => {
    const used = r.usefulGpuHoursPerMonth > 0 || (r.gpus ?? 0) > 0;
    return [
      tierName(r.id, t),
      r.gpus === null ? t('sizing:ladder.rungs.variable') : f.count(r.gpus),
      f.count(r.usefulGpuHoursPerMonth),
      used ? money(r.monthlyCny) : t('sizing:ladder.rungs.unused'),
      used ? rungSavingText(r, t, money) : '',
    ];
  });
}

/** The schedule's cells as printed: tier, start, paid until, GPUs, cash a month, paid at the start. */
export function ladderScheduleCells(
  plan: LadderPlan,
  t: TFunction,
  f: LadderFormat,
  money = f.money,
): string[][] {
  return plan.schedule.map((row) => [
    tierName(row.id, t),
    commitmentStartText(row, t),
    commitmentEndText(row, plan.horizonMonths, t),
    f.count(row.gpus),
    money(row.monthlyCashCny),
    row.id === 'own'
      ? t('sizing:ladder.schedule.bought', { capex: money(row.prepaidCny), month: row.paidMonth })
      : money(row.prepaidCny),
  ]);
}

/** The plan by quarter's amount columns: the own cluster's three only when the plan owns one. */
const BUDGET_COLUMNS = [
  { key: 'ownCapexCny', label: 'sizing:ladder.budget.ownCapex', own: true },
  { key: 'ownResaleCny', label: 'sizing:ladder.budget.ownResale', own: true },
  { key: 'ownRunRateCny', label: 'sizing:ladder.budget.ownRunRate', own: true },
  { key: 'commitmentsCny', label: 'sizing:ladder.budget.commitments', own: false },
  { key: 'variableCny', label: 'sizing:ladder.budget.variable', own: false },
  { key: 'totalCny', label: 'sizing:plan.total', own: false },
] as const;

/**
 * The plan by quarter as rows of a table (engine ladder/budget.ts), the same on the dashboard, the
 * PDF, the workbook and the CLI: its caption, its header, and for each quarter and the horizon the
 * label, the months and the amounts (numbers: each reader formats them).
 */
export function ladderBudgetRows(
  budget: LadderBudget,
  t: TFunction,
): {
  caption: string;
  head: string[];
  /** The amount columns' keys, left to right (the total last). */
  keys: (keyof LadderBudget['total'])[];
  quarters: { quarter: number; label: string; months: string; amounts: number[] }[];
  horizon: { label: string; amounts: number[] };
} {
  const owns = budget.ownedGpus > 0;
  const columns = BUDGET_COLUMNS.filter((c) => owns || !c.own);
  const amounts = (row: LadderBudget['total']) => columns.map((c) => row[c.key]);
  return {
    caption: t(owns ? 'sizing:ladder.budget.captionOwn' : 'sizing:ladder.budget.caption'),
    head: [t('sizing:plan.quarter'), t('sizing:plan.months'), ...columns.map((c) => t(c.label))],
    keys: columns.map((c) => c.key),
    quarters: budget.quarters.map((q) => ({
      quarter: q.quarter,
      label: t('sizing:plan.quarterName', { quarter: q.quarter }),
      months: t('sizing:plan.monthRange', { from: q.fromMonth, to: q.toMonth }),
      amounts: amounts(q),
    })),
    horizon: { label: t('sizing:plan.sum'), amounts: amounts(budget.total) },
  };
}
