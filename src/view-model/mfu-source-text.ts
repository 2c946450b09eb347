import type { TFunction } from 'i18next';
import type { mfuDefaultFor } from '../engine';
import { formatNumber, type Locale } from '../lib/format';
import { mfuSourceIn } from './catalogue-text';

type MfuDefault = ReturnType<typeof mfuDefaultFor>;

/**
 * The hint beside a run's MFU field: the default a blank field takes and its source, as a reader would
 * cite it (engine training-plan defaults). An estimate (no published large run on the GPU) says so
 * and names the published runs it is set from.
 */
export function mfuSourceText(
  d: MfuDefault,
  mixtureOfExperts: boolean,
  t: TFunction,
  locale: Locale,
): string {
  const params = {
    value: formatNumber(d.mfuFraction * 100, locale, 1),
    source: mfuSourceIn(d.source, locale),
  };
  if (mixtureOfExperts) return t('plan:mfuSourceMoe', params);
  return t(d.confidence === 'L' ? 'plan:mfuEstimate' : 'plan:mfuSource', params);
}
