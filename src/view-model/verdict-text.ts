import type { TFunction } from 'i18next';
import type { Evaluation, Scenario } from '../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../lib/format';
import { loadRateLabel } from './slider-value';
import { wayName } from './way-name';

/**
 * The exports' verdict in one sentence (page 1 of the PDF, the workbook's Summary): the cheapest
 * strategy and what choosing it saves against the runner-up, stated as a saving ("Platform is 34.2%
 * cheaper than Rent, saving CN¥19,500 a month (CN¥234,000 a year)."), or a tie with its reason (never
 * "0.0% cheaper"), or the only eligible option. The workbook writes the same sentence as a formula from
 * the same keys (src/view-model/workbook/verdict-block.ts), so both read alike.
 */
export function verdictSentence(
  evaluation: Evaluation,
  money: MoneyFormat,
  t: TFunction,
  scenario: Pick<Scenario, 'existing' | 'hybrid'>,
): string {
  const sentence = comparison(evaluation, money, t, scenario);
  // A cluster loaded above 100 % cannot do the work it is compared on: the verdict says so (issue 44).
  const over = evaluation.recommendation.overCapacity;
  if (over === null) return sentence;
  return `${sentence} ${t(`export:verdict.overCapacity.${over.rest}`, {
    gpus: formatNumber(over.capacityGpus, money.locale),
    load: loadRateLabel(over.loadRate),
  })}`;
}

function comparison(
  evaluation: Evaluation,
  money: MoneyFormat,
  t: TFunction,
  scenario: Pick<Scenario, 'existing' | 'hybrid'>,
): string {
  const rec = evaluation.recommendation;
  // With a cluster already owned the ways are named by what they do with it (keep, sell).
  const winner = wayName(t, rec.strategy, scenario);
  if (rec.runnerUp === null) return t('export:verdict.only', { winner });
  const runnerUp = wayName(t, rec.runnerUp, scenario);
  if (rec.tie !== null) {
    return t('export:verdict.tie', {
      winner,
      runnerUp,
      monthly: formatMoney(evaluation.strategies[rec.strategy].monthlyCny, money),
      reason: t(`common:summary.tieReason.${rec.tie}`),
    });
  }
  return t('export:verdict.cheaper', {
    winner,
    runnerUp,
    percent: formatPercent(rec.savingFraction, money.locale, 1),
    monthly: formatMoney(rec.savingMonthlyCny, money),
    annual: formatMoney(rec.savingMonthlyCny * 12, money),
  });
}
