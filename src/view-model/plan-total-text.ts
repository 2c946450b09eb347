import type { TFunction } from 'i18next';
import type { PlanTotal } from '../engine';
import { formatNumber, type Locale } from '../lib/format';

/**
 * The plan's total line, on screen and in the PDF: the runs' GPU-hours alone when there is no
 * recurring work, else the sum with both parts and the weeks the recurring work is counted over.
 */
export function planTotalText(total: PlanTotal, t: TFunction, locale: Locale): string {
  const n = (v: number) => formatNumber(v, locale);
  if (!(total.recurringGpuHours > 0)) return t('plan:total', { hours: n(total.runsGpuHours) });
  return t('plan:totalWithRecurring', {
    hours: n(total.totalGpuHours),
    runs: n(total.runsGpuHours),
    recurring: n(total.recurringGpuHours),
    count: total.weeks,
    weeks: n(total.weeks),
  });
}
