import type { TFunction } from 'i18next';
import type { MfuDefault, OverheadDefault } from '../engine';
import { formatNumber, type Locale } from '../lib/format';
import { mfuSourceIn } from './catalogue-text';

/** The model sizes a default is for, in words ("20–150 B parameters"). */
function sizeText(size: NonNullable<MfuDefault['sizeBillions']>, t: TFunction, locale: Locale): string {
  const from = formatNumber(size.from, locale);
  const below = formatNumber(size.below, locale);
  if (size.from <= 0) return t('plan:mfuSize.below', { below });
  if (!Number.isFinite(size.below)) return t('plan:mfuSize.from', { from });
  return t('plan:mfuSize.between', { from, below });
}

/**
 * The hint beside a run's MFU field: the default a blank field takes and its source, as a reader would
 * cite it (engine training-plan defaults). A default for a band of model sizes names the band; an
 * estimate (no published large run on the GPU) says so and names the published runs it is set from.
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
  if (d.confidence === 'L') return t('plan:mfuEstimate', params);
  if (d.sizeBillions !== undefined)
    return t('plan:mfuSourceSized', { ...params, size: sizeText(d.sizeBillions, t, locale) });
  return t('plan:mfuSource', params);
}

/**
 * The line under the reported-hours overhead beside the MFU field: what it holds (and that
 * interruptions are not in it: the failure cost holds them), and its sources.
 */
export function overheadSourceText(d: OverheadDefault, t: TFunction, locale: Locale): string {
  return t('plan:overhead', { source: mfuSourceIn(d.source, locale) });
}
