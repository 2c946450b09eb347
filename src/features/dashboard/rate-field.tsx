import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseInRange } from '../../components/parameter-value';
import { STEADY_SHAPE } from '../../engine';
import { formatNumber, formatPercent, type Locale } from '../../lib/format';

/**
 * A steady path's yearly decline, typed in percent (negative: a rise), applied on Enter or leaving the
 * field through the one door; a value outside ±40 % is refused with nothing changed.
 */
export function RateField({
  label,
  decline,
  locale,
  onRate,
}: {
  label: string;
  decline: number;
  locale: Locale;
  onRate: (decline: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const shown = formatNumber(decline * 100, locale, 1);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // The committed rate (undo, another tab) replaces what the field shows.
  useEffect(() => setText(shown), [shown]);
  const apply = () => {
    const read = parseInRange(text, STEADY_SHAPE.min * 100, STEADY_SHAPE.max * 100, false, {
      currency: null,
      percent: true,
    });
    if (!read.ok) {
      setError(
        t('common:pricePath.rateError', {
          min: formatPercent(STEADY_SHAPE.min, locale, 0),
          max: formatPercent(STEADY_SHAPE.max, locale, 0),
        }),
      );
      return;
    }
    setError(null);
    if (read.value / 100 !== decline) onRate(read.value / 100);
  };
  return (
    <div className="hardware-path__rate">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
