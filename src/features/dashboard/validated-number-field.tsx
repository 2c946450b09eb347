import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseResult } from '../../components/parameter-value';
import { useValidatedText } from '../../components/use-validated-text';
import type { Locale } from '../../lib/format';
import type { ScenarioIssue } from '../../scenario';
import { fieldErrorLines } from './field-error';

/**
 * A number typed into a field outside the parameter table, through the one door as the assumption
 * fields are (useValidatedText): applied as typed, the text kept while it does not apply, a value the
 * door refuses named with nothing changed, and the field following the scenario when it changes from
 * elsewhere (undo, another tab).
 */
export function ValidatedNumberField({
  label,
  path,
  value,
  locale,
  format,
  parse,
  apply,
  showLimit,
  hint,
  action,
  className,
}: {
  label: string;
  /** The scenario path the value writes: the issues are said against it. */
  path: string;
  value: number;
  locale: Locale;
  format: (value: number) => string;
  parse: (text: string) => ParseResult;
  /** Commits the value; the issues when the door refuses it, else null. */
  apply: (value: number) => ScenarioIssue[] | null;
  /** A limit as the field shows it (a percent, a sum of money). */
  showLimit: (value: number) => string;
  hint?: string;
  /** A control under the hint (a button that sets the field's default). */
  action?: ReactNode;
  className: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useValidatedText(value, format, parse, apply);
  const lines = field.error ? fieldErrorLines(field.error, path, t, locale, undefined, showLimit) : [];
  const described = [lines.length > 0 ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return (
    <div className={className}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={field.text}
        aria-invalid={lines.length > 0}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        onChange={field.onChange}
      />
      {lines.length > 0 ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {lines.join(' ')}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {action ?? null}
    </div>
  );
}
