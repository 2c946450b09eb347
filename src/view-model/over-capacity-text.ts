import type { TFunction } from 'i18next';
import type { Recommendation } from '../engine';
import { formatNumber, type Locale } from '../lib/format';
import { loadRateLabel } from './slider-value';

/**
 * What every verdict adds when the own cluster is too small for the demand (engine
 * `recommendation.overCapacity`, issue 44): "Self-build here is 8 GPUs at a load of 750%: it cannot do
 * the work; it is priced with the rest sent to the platform." Null when the load is at most 100 %.
 * The first screen's headline and the recommendation use it; an export's verdict can append it too.
 */
export function overCapacityText(
  rec: Pick<Recommendation, 'overCapacity'>,
  locale: Locale,
  t: TFunction,
): string | null {
  const over = rec.overCapacity;
  if (over === null) return null;
  return t(`firstScreen:overCapacity.${over.rest}`, {
    gpus: formatNumber(over.capacityGpus, locale),
    // In the load-rate slider's own rounding, so the verdict and the slider read the same figure.
    load: loadRateLabel(over.loadRate),
  });
}
