import type { TFunction } from 'i18next';
import { type Evaluation, hardwareSummary, type Scenario, type StrategyId } from '../../engine';
import { formatMoney, formatNumber, formatPercent, type Locale, type MoneyFormat } from '../../lib/format';
import { capexParts, capexPartsText } from '../../view-model/capex-parts';
import { gpuNameIn } from '../../view-model/catalogue-text';
import { costViewStatement } from '../../view-model/cost-view-text';
import { existingSummaryText } from '../../view-model/existing-text';
import { reasonText } from '../../view-model/reason-text';

/** What page 1 says is being bought, as label/value rows, and the advice's strongest reasons. */
export interface PurchaseInput {
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  t: TFunction;
}

/** ", H800" (in a list) or " (H800)" (after a noun); nothing for the user's own figures. */
function modelText(
  s: Scenario,
  way: 'selfBuild' | 'rent' | 'platform',
  t: TFunction,
  key: 'modelInList' | 'modelAfter',
  locale: Locale,
): string {
  const name = hardwareSummary(s).find((r) => r.strategy === way)?.modelName;
  return name ? t(`export:buy.${key}`, { model: gpuNameIn(name, locale) }) : '';
}

/** One strategy's purchase in words: GPUs owned, rented or pooled, the GPU model, capex and when. */
export function purchaseText(id: StrategyId, input: PurchaseInput): string {
  const { scenario: s, evaluation: ev, money, t } = input;
  const locale = money.locale;
  const r = ev.strategies[id];
  const n = (v: number, digits = 0) => formatNumber(v, locale, digits);
  const own = () => ({
    gpus: n(r.baselineGpus),
    // The servers are counted in the capex's parts.
    model: modelText(s, 'selfBuild', t, 'modelAfter', locale),
    capex: formatMoney(r.capexCny, money),
    // The capex in its parts (servers, network, storage, fit-out, power), so they visibly add up.
    capexParts: capexPartsText(s, capexParts(s, r.baselineGpus, r.capexCny), money, t),
    lead: n(ev.buildLeadTimeMonths, 1),
  });
  switch (id) {
    case 'selfBuild':
      return t('export:buy.selfBuild', own());
    case 'rent':
      return t('export:buy.rent', {
        servers: n(r.averageBilledGpus / s.rent.gpusPerServer, 1),
        model: modelText(s, 'rent', t, 'modelAfter', locale),
      });
    case 'platform':
      return t('export:buy.platform', {
        gpus: n(r.averageBilledGpus, 1),
        model: modelText(s, 'platform', t, 'modelAfter', locale),
      });
    case 'hybrid': {
      const burst = formatPercent(r.burstShare, locale, 0);
      if (r.baselineGpus <= 0)
        return t('export:buy.platform', {
          gpus: n(r.averageBilledGpus, 1),
          model: modelText(s, 'platform', t, 'modelAfter', locale),
        });
      return s.hybrid.baselineMode === 'owned'
        ? t('export:buy.hybridOwned', { ...own(), burst })
        : t('export:buy.hybridReserved', { gpus: n(r.baselineGpus), burst });
    }
  }
}

/**
 * Page 1's facts of the purchase: the demand (mean and peak), the horizon, what the recommended
 * strategy buys, and what owning would take (GPUs, model, capex and when) when the advice is not to own.
 */
export function purchaseRows(input: PurchaseInput): { label: string; value: string }[] {
  const { scenario: s, evaluation: ev, money, t } = input;
  const locale = money.locale;
  const rec = ev.recommendation.strategy;
  const rows = [
    {
      label: t('export:buy.demandLabel'),
      // Which cost view page 1's figures are in (model v4), after the horizon they cover.
      value: `${t('export:buy.demand', {
        mean: formatNumber(ev.demand.meanGpus, locale, 1),
        peak: formatNumber(ev.demand.peakGpus, locale, 1),
        hours: formatNumber(ev.demand.usefulGpuHoursPerMonth, locale),
        months: formatNumber(s.horizonMonths, locale),
        years: formatNumber(s.horizonMonths / 12, locale, 1),
      })}${locale === 'zh-CN' ? '。' : '. '}${costViewStatement(s.finance, t, locale)}`,
    },
    {
      label: t('export:buy.recommendedLabel', { strategy: t(`common:strategy.${rec}`) }),
      value: purchaseText(rec, input),
    },
  ];
  const owns = rec === 'selfBuild' || (rec === 'hybrid' && s.hybrid.baselineMode === 'owned');
  if (!owns) rows.push({ label: t('export:buy.owningLabel'), value: purchaseText('selfBuild', input) });
  // A cluster already owned: what it is, the lens, its values today and what selling writes off.
  const ex = ev.existing;
  if (ex !== null)
    rows.push({
      label: t('common:existing.choice'),
      value: `${existingSummaryText(ex, money, t)}${locale === 'zh-CN' ? '' : ' '}${t(
        'common:existing.writeOff',
        {
          writeOff: formatMoney(ex.writeOffCny, money),
        },
      )}`,
    });
  return rows;
}

/** The recommendation's strongest reasons in words (the engine lists them strongest first). */
export function topReasons(input: PurchaseInput, count = 3): string[] {
  return input.evaluation.recommendation.reasons
    .slice(0, count)
    .map((item) => reasonText(item, 'reasons', input.money, input.t));
}
