import type { TFunction } from 'i18next';
import type { Locale } from '../../lib/format';
import type { QuarantinedEntry } from '../../scenario';
import { issueText } from '../../view-model/import-messages';

/**
 * Why a stored entry was kept aside, in the reader's language: the failing field for a scenario that
 * no longer validates, otherwise the entry's code (the English `reason` is for the exported file).
 */
export function quarantineReasonText(t: TFunction, entry: QuarantinedEntry, locale: Locale): string {
  if (entry.code === 'invalid' && entry.issue) return issueText(t, entry.issue, locale);
  return t(`scenarios:quarantine.code.${entry.code}`);
}
