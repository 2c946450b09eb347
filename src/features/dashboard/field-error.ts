import type { TFunction } from 'i18next';
import type { ParseError } from '../../components/parameter-value';
import type { FieldError } from '../../components/use-validated-text';
import type { Locale } from '../../lib/format';
import { fieldIssueText } from '../../view-model/import-messages';

/** Text of a typing error (not a number) in the reader's language. */
export function errorMessage(error: ParseError, t: TFunction, num: (v: number) => string): string {
  switch (error.code) {
    case 'outOfRange':
      return t('validation.outOfRange', { min: num(error.min), max: num(error.max) });
    case 'currencyMismatch':
      return t('number.currencyMismatch', {
        ns: 'layout',
        typed: t(`number.currency.${error.typed}`, { ns: 'layout' }),
        expected: t(`number.currency.${error.expected}`, { ns: 'layout' }),
      });
    case 'currencyNotMoney':
      return t('number.currencyNotMoney', {
        ns: 'layout',
        typed: t(`number.currency.${error.typed}`, { ns: 'layout' }),
      });
    case 'percentNotAllowed':
      return t('number.percentNotAllowed', { ns: 'layout' });
    default:
      return t(`validation.${error.code}`);
  }
}

/**
 * The lines shown beside a field that did not apply: the typing error, or every issue the scenario
 * schema found with the new value (limits in the field's display unit).
 */
export function fieldErrorLines(
  error: FieldError,
  path: string,
  t: TFunction,
  locale: Locale,
  display: (value: number) => number = (v) => v,
  num: (v: number) => string = String,
): string[] {
  if (error.kind === 'syntax') return [errorMessage(error.error, t, num)];
  return error.issues.map((issue) => fieldIssueText(t, issue, path, locale, display));
}
