import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParameterMeta } from '../../engine';
import { formatNumber, type Locale } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { displayText, type ParseError, parseParameter, toDisplay } from './parameter-value';
import { getNumberAt, setNumberAt } from './scenario-path';
import { useValidatedText } from './use-validated-text';

/** Shows numbers in hints with enough digits for tiny rates (2×10⁻⁵ per GPU-hour). */
export function hintNumber(value: number, locale: Locale): string {
  return formatNumber(value, locale, 6);
}

/**
 * One numeric assumption from `PARAMETERS`: translated label, unit, allowed range and default, and the
 * default's source and date in a description shown on hover and on focus. Invalid text is kept and
 * explained, never applied.
 */
export function ParameterField({ meta }: { meta: ParameterMeta }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const value = useAppStore((s) => getNumberAt(s.scenario, meta.path));
  const updateScenario = useAppStore((s) => s.updateScenario);
  const id = useId();
  const field = useValidatedText(
    value,
    (v) => displayText(meta, v),
    (text) => parseParameter(meta, text),
    (v) => updateScenario((s) => setNumberAt(s, meta.path, v)),
  );

  const unit = t(`units.${meta.unit}`);
  const label = t(`params.${meta.path}`);
  const n = (v: number) => hintNumber(toDisplay(meta, v), locale);
  const describedBy = [`${id}-hint`, `${id}-source`, field.error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field" data-path={meta.path}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={field.text}
          onChange={field.onChange}
          aria-invalid={field.error !== null}
          aria-describedby={describedBy}
        />
        <span className="field__unit">{unit}</span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('field.range', { min: n(meta.min), max: n(meta.max), unit })} ·{' '}
        {t('field.default', { value: n(meta.defaultValue), unit })}
      </p>
      <div id={`${id}-source`} role="tooltip" className="field__tooltip">
        <p>{t('field.source', { source: t(`sources.${meta.path}`) })}</p>
        <p>
          {t('field.asOf', { date: meta.asOf })} ·{' '}
          {t('field.confidence', { level: t(`field.confidenceLevel.${meta.confidence}`) })}
        </p>
        {meta.typical ? (
          <p>{t('field.typical', { min: n(meta.typical[0]), max: n(meta.typical[1]), unit })}</p>
        ) : null}
      </div>
      {field.error ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {errorMessage(field.error, t, (v) => hintNumber(v, locale))}
        </p>
      ) : null}
    </div>
  );
}

export function errorMessage(error: ParseError, t: TFunction, num: (v: number) => string): string {
  return error.code === 'outOfRange'
    ? t('validation.outOfRange', { min: num(error.min), max: num(error.max) })
    : t(`validation.${error.code}`);
}
