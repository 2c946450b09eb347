import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseInRange } from '../../components/parameter-value';
import { onDemandDefaultOf, PLAN_LIMITS } from '../../engine';
import { formatNumber, formatPercent } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { ValidatedNumberField } from './validated-number-field';

/**
 * "GPUs you can get on demand": one market for the cost side and the deadlines (docs/model.md §10). The
 * check under the verdict and the deadlines (the plan's, the ladder's) read it. Its default follows the
 * rented GPU's availability and scales with the scenario (the engine's onDemandDefaultOf); the hint
 * says how, and a button sets it. Typed or set through the one door, one undo step each.
 */
export function OnDemandMarketField() {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  const value = scenario.trainingPlan.onDemandGpus;
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const num = (v: number) => formatNumber(v, locale, 0);
  const fallback = useMemo(() => onDemandDefaultOf(scenario), [scenario]);
  // Typing joins one undo step (the group); the button's change is a step of its own.
  const setGpus = (gpus: number, typed: boolean) =>
    commitScenario(
      (s) => ({ ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus: gpus } }),
      typed ? { source: 'field', group: 'trainingPlan.onDemandGpus' } : { source: 'field' },
    );
  const figures = {
    value: num(fallback.gpus),
    share: formatPercent(
      fallback.shareOfRentPeak,
      locale,
      Number.isInteger(fallback.shareOfRentPeak * 100) ? 0 : 1,
    ),
    peak: num(fallback.rentPeakGpus),
    floor: num(fallback.floorGpus),
  };
  const source =
    fallback.status === null
      ? t('plan:onDemandDefaultUnknown', figures)
      : t('plan:onDemandDefault', { ...figures, status: t(`plan:availability.${fallback.status}`) });
  const use = t('firstScreen:market.fieldUse');
  return (
    <ValidatedNumberField
      className="field field--wide"
      label={t('plan:field.onDemand')}
      path="trainingPlan.onDemandGpus"
      value={value}
      locale={locale}
      format={num}
      parse={(text) => parseInRange(text, 0, PLAN_LIMITS.maxGpus, true, { currency: null, percent: false })}
      apply={(gpus) => {
        const result = setGpus(gpus, true);
        return result.ok ? null : result.issues;
      }}
      showLimit={num}
      // Chinese sentences run on without a space.
      hint={`${source}${locale === 'zh-CN' ? '' : ' '}${use}`}
      action={
        // On premises nothing reads the market: no default to offer.
        value === fallback.gpus || !fallback.read ? null : (
          <button
            type="button"
            className="button"
            data-testid="on-demand-default"
            onClick={() => setGpus(fallback.gpus, false)}
          >
            {t('plan:onDemandUseDefault', { value: num(fallback.gpus) })}
          </button>
        )
      }
    />
  );
}
