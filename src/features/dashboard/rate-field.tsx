import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseInRange } from '../../components/parameter-value';
import { useValidatedText } from '../../components/use-validated-text';
import { STEADY_SHAPE } from '../../engine';
import { formatNumber, formatPercent, type Locale } from '../../lib/format';
import type { ScenarioIssue } from '../../scenario';
import { fieldErrorLines } from './field-error';

/**
 * A steady path's yearly decline, typed in percent (negative: a rise), through the one door as the
 * assumption fields are (useValidatedText): applied as typed, the text kept while it does not apply, a
 * value outside ±40 % refused with nothing changed, and the field following the path when it changes
 * from elsewhere (undo, another tab).
 */
export function RateField({
  label,
  path,
  decline,
  locale,
  apply,
}: {
  label: string;
  /** The scenario path the rate writes (finance.termPriceShape …): the issues are said against it. */
  path: string;
  decline: number;
  locale: Locale;
  /** Commits the path at this yearly decline; the issues when the door refuses it, else null. */
  apply: (decline: number) => ScenarioIssue[] | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useValidatedText(
    decline * 100,
    (percent) => formatNumber(percent, locale, 1),
    (text) =>
      parseInRange(text, STEADY_SHAPE.min * 100, STEADY_SHAPE.max * 100, false, {
        currency: null,
        percent: true,
      }),
    (percent) => apply(percent / 100),
  );
  const lines = field.error
    ? fieldErrorLines(field.error, path, t, locale, undefined, (v) => formatPercent(v / 100, locale, 0))
    : [];
  return (
    <div className="hardware-path__rate">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={field.text}
        aria-invalid={lines.length > 0}
        aria-describedby={lines.length > 0 ? `${id}-error` : undefined}
        onChange={field.onChange}
      />
      {lines.length > 0 ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {lines.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
