import type { TFunction } from 'i18next';
import type { BudgetPlan } from '../engine';
import { formatMoney, type MoneyFormat } from '../lib/format';
import { countText } from './count-text';

/** What to buy and when it is paid, in a sentence (the panel's and the PDF's). */
export function capexSentence(plan: BudgetPlan, stepGpus: number, money: MoneyFormat, t: TFunction): string {
  if (plan.ownedGpus <= 0) return t('sizing:plan.none');
  const values = {
    // Each count with its noun in the right number ("1 server", "1 month"), count-text.ts.
    gpus: countText(t, 'gpus', plan.ownedGpus, money.locale),
    servers: countText(t, 'servers', plan.ownedGpus / stepGpus, money.locale),
    capex: formatMoney(plan.capexCny, money),
    month: plan.capexMonth ?? 0,
    lead: countText(t, 'months', plan.leadMonths, money.locale),
  };
  return t(plan.capexMonth ? 'sizing:plan.capex' : 'sizing:plan.capexNow', values);
}
