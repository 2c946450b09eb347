import type { TFunction } from 'i18next';
import { type SizingAdvice, UTILIZATION_THRESHOLD, type UtilizationCheck } from '../../../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../../lib/format';

/**
 * Step 3's sentences from the engine's check and sizing advice (self-assessment.ts): which load the
 * check compares with and where the cluster's reachable efficiency comes from, and the sizing advice
 * in the two sizes' words (self-build sized to the peak, the hybrid at the right size).
 */

/** Where the own cluster's efficiency comes from: by rule (team level, siloed or pooled) or measured. */
export function originText(check: UtilizationCheck, t: TFunction<'wizard'>): string {
  const r = check.reachable;
  if (r.origin === 'rule')
    return t('utilization.origin.rule', {
      level: check.teamCapability,
      setup: t(check.privatePool ? 'utilization.origin.pooled' : 'utilization.origin.siloed'),
    });
  const origin = t(`utilization.origin.${r.origin}`);
  return r.label ? t('utilization.origin.withLabel', { origin, label: r.label }) : origin;
}

export function checkText(check: UtilizationCheck, t: TFunction<'wizard'>, money: MoneyFormat): string {
  const pct = (v: number) => formatPercent(v, money.locale, 0);
  const key =
    `${check.target.basis === 'seed' ? 'seed' : 'reachable'}${check.meetsThreshold ? 'Meets' : 'Below'}` as const;
  return t(`utilization.check.${key}`, {
    utilization: pct(check.utilization),
    threshold: pct(UTILIZATION_THRESHOLD),
    reachable: pct(check.reachable.value),
    origin: originText(check, t),
  });
}

export function sizingText(advice: SizingAdvice, t: TFunction<'wizard'>, money: MoneyFormat): string {
  const gpus = (v: number) => formatNumber(v, money.locale);
  const selfBuild = (capital: boolean) =>
    t(`utilization.sizing.${advice.sizedToPeak ? 'selfBuildPeak' : 'selfBuildSet'}${capital ? 'Cap' : ''}`, {
      gpus: gpus(advice.selfBuildGpus),
    });
  if (advice.kind === 'asSized') return t('utilization.sizing.asSized', { selfBuild: selfBuild(true) });
  return t(`utilization.sizing.${advice.kind}`, {
    gpus: gpus(advice.gpus),
    burst: formatPercent(advice.burstShare, money.locale, 0),
    monthly: formatMoney(advice.monthlyCny, money),
    saving: formatMoney(advice.savingMonthlyCny, money),
    selfBuild: selfBuild(false),
  });
}
