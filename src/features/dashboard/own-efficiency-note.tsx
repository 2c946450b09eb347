import { useTranslation } from 'react-i18next';
import type { Evaluation, Scenario } from '../../engine';
import { formatNumber, formatPercent } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { ownEfficiencyOriginText } from '../../view-model/efficiency-text';
import { loadRateLabel } from '../../view-model/slider-value';

/**
 * Beside the load-rate slider (docs/model.md §9): the utilization the own cluster achieves — the load it
 * can reach — and where that figure comes from (the rule for the team level, or a measurement); a
 * load above it says in words that the excess bursts to the platform, or waits on premises.
 */
export function OwnEfficiencyNote({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const own = evaluation.efficiencies.own;
  const excess = evaluation.loadRate - own.value;
  return (
    <>
      <p
        className="slider__note"
        data-testid="own-efficiency"
        data-origin={own.origin}
        data-value={own.value}
      >
        {t('sliders.ownEfficiency', {
          efficiency: formatPercent(own.value, locale, 0),
          origin: ownEfficiencyOriginText(scenario, own, t),
        })}
      </p>
      {excess > 0.0005 ? (
        <p className="slider__note" data-testid="load-above-efficiency">
          {t(scenario.compliance === 'onPrem' ? 'sliders.excessWaits' : 'sliders.excessBursts', {
            // The slider's own rounding, so the note and the label above it read one figure (review #13).
            load: loadRateLabel(evaluation.loadRate),
            points: formatNumber(excess * 100, locale, 1),
          })}
        </p>
      ) : null}
    </>
  );
}
