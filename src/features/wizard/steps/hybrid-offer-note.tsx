import { useTranslation } from 'react-i18next';
import type { SelfAssessmentHybrid } from '../../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useMoneyFormat } from '../../../state/store-context';

/**
 * The hybrid the result offers, said honestly (docs/model.md §9): the cheapest one, or — when its baseline
 * is pinned — that the baseline is the user's, what it costs and what the cheapest hybrid costs.
 */
export function HybridOfferNote({ offer }: { offer: SelfAssessmentHybrid }) {
  const { t } = useTranslation('wizard');
  const { t: tc } = useTranslation('common');
  const money = useMoneyFormat();
  if (!offer.eligible) return null;
  const m = (v: number) => formatMoney(v, money);
  const gpus = (v: number) => formatNumber(v, money.locale);
  const mode = tc(offer.mode === 'owned' ? 'recommendation.modeOwned' : 'recommendation.modeReserved');
  const { offered, best } = offer;
  let text: string;
  if (offer.pinnedBy !== null) {
    const why = t(`result.hybridOffer.why.${offer.pinnedBy}`);
    const base = { gpus: gpus(offered.baselineGpus), why, monthly: m(offered.monthlyCny) };
    text = offer.pinnedIsBest
      ? t('result.hybridOffer.pinnedIsBest', base)
      : t(best.baselineGpus > 0 ? 'result.hybridOffer.pinned' : 'result.hybridOffer.pinnedBestNothing', {
          ...base,
          bestGpus: gpus(best.baselineGpus),
          bestMonthly: m(best.monthlyCny),
          extra: m(offer.extraMonthlyCny),
        });
  } else if (best.baselineGpus <= 0) {
    text = t('result.hybridOffer.bestNothing');
  } else if (best.burstShare <= 0) {
    text = t('result.hybridOffer.bestAll', { gpus: gpus(best.baselineGpus), mode });
  } else {
    text = t('result.hybridOffer.best', {
      gpus: gpus(best.baselineGpus),
      mode,
      burst: formatPercent(best.burstShare, money.locale, 1),
      monthly: m(best.monthlyCny),
    });
  }
  return (
    <p className="wizard-note" data-testid="wizard-hybrid-offer" data-pinned={offer.pinned}>
      {text}
    </p>
  );
}
