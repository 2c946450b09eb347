import type { TFunction } from 'i18next';
import { WEEKLY_CURVE_WEEKS, WEEKLY_GPUS_MAX } from '../../engine';
import type { Locale } from '../../lib/format';
import { formatNumber } from '../../lib/format';
import type { CsvError, ScenarioIssue } from '../../scenario';

/**
 * Translated messages for outside data that did not load. Every message names what was wrong: the
 * field (by its label where the app has one, and its path), the CSV line and column.
 */

/** "Server price (selfBuild.serverPriceCny)" — or the bare path when the field has no label. */
function fieldName(t: TFunction, path: string): string {
  if (path === '') return t('scenarios:issue.whole');
  const label = t(`common:params.${path}`, { defaultValue: '' });
  return label ? `${label} (${path})` : path;
}

export function issueText(t: TFunction, issue: ScenarioIssue, locale: Locale): string {
  const field = fieldName(t, issue.path);
  const limit = issue.limit === undefined ? '' : formatNumber(issue.limit, locale, 6);
  switch (issue.code) {
    case 'tooSmall':
      return t('scenarios:issue.tooSmall', { field, limit });
    case 'tooBig':
      return t('scenarios:issue.tooBig', { field, limit });
    case 'notInteger':
      return t('scenarios:issue.notInteger', { field });
    case 'wrongType':
      return t('scenarios:issue.wrongType', { field });
    default:
      // zod's own English text is the most precise description left (e.g. an unknown option).
      return t('scenarios:issue.invalid', { field, message: issue.message });
  }
}

/** The first issues as one line ("…; …"), with a count of the rest. */
export function issuesText(
  t: TFunction,
  issues: readonly ScenarioIssue[],
  locale: Locale,
  shown = 3,
): string {
  const head = issues.slice(0, shown).map((i) => issueText(t, i, locale));
  const rest = issues.length - head.length;
  if (rest > 0) head.push(t('scenarios:issue.more', { rest: formatNumber(rest, locale) }));
  return head.join(t('scenarios:issue.separator'));
}

export function csvErrorText(t: TFunction, error: CsvError, locale: Locale): string {
  const values = {
    line: error.line === undefined ? '' : formatNumber(error.line, locale),
    column: error.column ?? '',
    value: error.value ?? '',
    weeks: formatNumber(error.weeks ?? 0, locale),
    min: formatNumber(WEEKLY_CURVE_WEEKS.min, locale),
    max: formatNumber(error.code === 'tooBig' ? WEEKLY_GPUS_MAX : WEEKLY_CURVE_WEEKS.max, locale),
  };
  return t(`scenarios:csv.error.${error.code}`, values);
}
