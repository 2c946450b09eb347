import { useTranslation } from 'react-i18next';
import { parseInRange } from '../../components/parameter-value';
import { defaultOnDemandGpus, gpuModelById, PLAN_LIMITS } from '../../engine';
import { formatNumber } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { ValidatedNumberField } from './validated-number-field';

/**
 * "GPUs you can get on demand": one market for the cost side and the deadlines (docs/model.md §10). The
 * check under the verdict and the deadlines (the plan's, the ladder's) read it; its default is the
 * catalogue's availability note of the rented GPU. Typed through the one door, one undo step.
 */
export function OnDemandMarketField() {
  const { t } = useTranslation();
  const value = useAppStore((s) => s.scenario.trainingPlan.onDemandGpus);
  const hardware = useAppStore((s) => s.scenario.hardware);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const num = (v: number) => formatNumber(v, locale, 0);
  const rentModel = gpuModelById(hardware.rent.modelId ?? hardware.referenceModelId);
  const source = rentModel
    ? t('plan:onDemandSource', {
        status: t(`plan:availability.${rentModel.availability.status}`),
        value: num(defaultOnDemandGpus({ hardware })),
      })
    : '';
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
        const result = commitScenario(
          (s) => ({ ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus: gpus } }),
          { source: 'field', group: 'trainingPlan.onDemandGpus' },
        );
        return result.ok ? null : result.issues;
      }}
      showLimit={num}
      // Chinese sentences run on without a space.
      hint={source === '' ? use : `${source}${locale === 'zh-CN' ? '' : ' '}${use}`}
    />
  );
}
