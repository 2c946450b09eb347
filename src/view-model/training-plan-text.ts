import type { TFunction } from 'i18next';
import type { StrategyId } from '../engine';
import { formatMoneyCompact, formatNumber, type MoneyFormat } from '../lib/format';
import type { PlanView } from './training-plan';

/**
 * The one wording of the plan's deadlines (keys in the `plan` namespace), for the screen and the PDF:
 * a strategy's finish, in words with the weeks late, and the cheapest way that meets every deadline.
 */
export function finishText(view: PlanView, id: StrategyId, t: TFunction, money: MoneyFormat): string {
  const d = view.deadlines.strategies[id];
  const n = (v: number) => formatNumber(v, money.locale);
  if (!d.eligible) return t('plan:finish.ineligible');
  if (d.lastFinishWeek === null) {
    const never = view.rows.find((r) => r.finishWeek[id] === null);
    return t('plan:finish.never', { run: never ? runLabel(never.index, never.name, t) : '' });
  }
  if (d.allOnTime) return t('plan:finish.onTime', { week: n(d.lastFinishWeek) });
  const late = view.rows
    .filter((r) => (r.slipWeeks[id] ?? 0) > 0)
    .map((r) =>
      t('plan:finish.lateRun', {
        run: runLabel(r.index, r.name, t),
        weeks: n(r.slipWeeks[id] ?? 0),
        count: r.slipWeeks[id] ?? 0,
      }),
    );
  return t('plan:finish.late', { week: n(d.lastFinishWeek), runs: late.join(t('plan:listSeparator')) });
}

/** "Run 2 “Fine-tune”" (or "Run 2" for an unnamed run). */
export function runLabel(index: number, name: string, t: TFunction): string {
  const trimmed = name.trim();
  const numbered = t('plan:runNumber', { n: index + 1 });
  // A run still named by its number ("训练任务 1", the name "Add run" gives it) reads once, not twice.
  return trimmed === '' || trimmed === numbered
    ? numbered
    : t('plan:runNamed', { n: index + 1, name: trimmed });
}

export function onTimeCheapestText(view: PlanView, t: TFunction, money: MoneyFormat): string {
  const c = view.deadlines.cheapest;
  const n = (v: number) => formatNumber(v, money.locale);
  if (c.strategyId === null) {
    if (c.closestId === null) return t('plan:cheapest.none');
    return t('plan:cheapest.noneClosest', {
      name: t(`common:strategy.${c.closestId}`),
      weeks: n(c.closestSlipWeeks ?? 0),
      count: c.closestSlipWeeks ?? 0,
    });
  }
  const cost = formatMoneyCompact(c.horizonCny ?? 0, money);
  const d = view.deadlines.strategies[c.strategyId];
  if (c.strategyId === 'hybrid' && d.ownFromWeek !== null && d.baselineGpus > 0) {
    return t('plan:cheapest.hybrid', { gpus: n(d.baselineGpus), week: n(d.ownFromWeek), cost });
  }
  return t('plan:cheapest.one', { name: t(`common:strategy.${c.strategyId}`), cost });
}
