import type { TFunction } from 'i18next';
import type { BudgetPlan } from '../engine';
import { formatMoney, formatNumber, type MoneyFormat } from '../lib/format';

/** What to buy and when it is paid, in a sentence (the panel's and the PDF's). */
export function capexSentence(plan: BudgetPlan, stepGpus: number, money: MoneyFormat, t: TFunction): string {
  if (plan.ownedGpus <= 0) return t('sizing:plan.none');
  const values = {
    gpus: formatNumber(plan.ownedGpus, money.locale),
    servers: formatNumber(plan.ownedGpus / stepGpus, money.locale),
    capex: formatMoney(plan.capexCny, money),
    month: plan.capexMonth ?? 0,
    lead: plan.leadMonths,
  };
  return t(plan.capexMonth ? 'sizing:plan.capex' : 'sizing:plan.capexNow', values);
}
