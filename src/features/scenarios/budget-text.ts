import type { TFunction } from 'i18next';
import { isolatedText } from '../../lib/bidi';
import type { Locale } from '../../lib/format';
import type { BudgetStamp } from '../../scenario';
import { formatSavedAt } from './stored-formats';

/** "3 Dec 2026, 22:40 · prepared by Li Wei · fingerprint 1a2b3c4d" (the by-part only when typed). */
export function stampDetails(t: TFunction<'scenarios'>, stamp: BudgetStamp, locale: Locale): string {
  const date = formatSavedAt(stamp.frozenAt, locale);
  return stamp.preparedBy === ''
    ? t('budget.details', { date, hash: stamp.hash })
    : t('budget.detailsBy', { date, hash: stamp.hash, by: isolatedText(stamp.preparedBy) });
}

/** "Budget FY27 · v2", its name made safe to stand inside a sentence of the other direction. */
export function versionName(t: TFunction<'scenarios'>, stamp: BudgetStamp): string {
  return isolatedText(t('budget.entryName', { label: stamp.label, version: stamp.version }));
}
