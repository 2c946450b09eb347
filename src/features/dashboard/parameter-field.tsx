import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { displayText, echoText, parseParameter, toDisplay } from '../../components/parameter-value';
import { Term } from '../../components/term';
import { useValidatedText } from '../../components/use-validated-text';
import { isMoneyParameter, type ParameterMeta, readInput, type Scenario, withInput } from '../../engine';
import { formatNumber, type Locale, type MoneyFormat } from '../../lib/format';
import { type MoneyCurrency, moneyInputShown, withMoneyInput } from '../../scenario';
import { useAppStoreApi } from '../../state/store-context';
import { catalogueDate } from '../../view-model/catalogue-text';
import { PARAMETER_TERMS } from '../../view-model/glossary';
import { unitSuffix } from '../../view-model/unit-text';
import { fieldErrorLines } from './field-error';
import { UserEditedBadge } from './user-edited-badge';

/** Shows numbers in hints with enough digits for tiny rates (2×10⁻⁵ per GPU-hour). */
export function hintNumber(value: number, locale: Locale): string {
  return formatNumber(value, locale, 6);
}

/**
 * The value a field shows: the scenario's input at the field's path, in dollars when the display
 * currency is USD and the input is money (typed and shown in the display currency; dollars are kept
 * exactly as typed).
 */
export function fieldValue(scenario: Scenario, meta: ParameterMeta, money: MoneyFormat): number {
  return isMoneyParameter(meta) && money.currency === 'USD'
    ? moneyInputShown(scenario, meta.path, 'USD', money.cnyPerUsd)
    : readInput(scenario, meta.path);
}

/**
 * One numeric assumption from `PARAMETERS`: translated label, unit, allowed range and default, and the
 * default's source and date in a description shown on hover and on focus. A typed value goes through
 * the store's door with the rest of the scenario (so cross-field rules apply); a refused value stays in
 * the box with the schema's reasons beside it, and the last good scenario stays.
 */
// Memoised, with its value from the panel (which reads the scenario its section shows once, for every
// field): a slider step draws only the fields whose value it changed, and none while the panel is off
// screen. The field subscribes to nothing itself: with seven store selectors in each of about sixty
// fields, every step ran some four hundred of them, in view or not.
export const ParameterField = memo(function ParameterField({
  meta,
  value,
  edited,
  money,
}: {
  meta: ParameterMeta;
  value: number;
  /** A chosen GPU model filled this input and the user then changed it. */
  edited: boolean;
  money: MoneyFormat;
}) {
  const { t } = useTranslation();
  const { locale, cnyPerUsd } = money;
  const currency: MoneyCurrency = isMoneyParameter(meta) ? money.currency : 'CNY';
  // The store's actions are read when used: they never change.
  const store = useAppStoreApi();
  const id = useId();
  const field = useValidatedText(
    value,
    (v) => displayText(meta, v),
    (text) => parseParameter(meta, text, currency),
    (v) => {
      // The keystrokes typed into one field before leaving it are one undo step.
      const result = store
        .getState()
        .commitScenario(
          (s) =>
            isMoneyParameter(meta)
              ? withMoneyInput(s, meta.path, v, currency, cnyPerUsd)
              : withInput(s, meta.path, v),
          { source: 'field', group: meta.path },
        );
      return result.ok ? null : result.issues;
    },
  );

  const unit = currency === 'USD' ? t(`unitsUsd.${meta.unit}`) : t(`units.${meta.unit}`);
  // After one number the unit takes its plural ("Default 1 hour"); ranges keep the plural.
  const unitFor = (v: number) =>
    currency === 'USD' ? unit : t(`units.${meta.unit}`, { count: toDisplay(meta, v) });
  const label = t(`params.${meta.path}`);
  // Ranges and defaults are CNY in the engine; shown in dollars at the current rate when typing dollars.
  const shown = (v: number) => (currency === 'USD' ? toDisplay(meta, v) / cnyPerUsd : toDisplay(meta, v));
  const n = (v: number) => hintNumber(shown(v), locale);
  const errors = field.error
    ? fieldErrorLines(field.error, meta.path, t, locale, shown, (v) => hintNumber(v, locale))
    : [];
  // What the typed text means, when it is not already plain digits ("180万" = 1,800,000).
  const echo = errors.length === 0 ? echoText(field.text, locale) : null;
  const describedBy = [`${id}-hint`, `${id}-source`, errors.length > 0 ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="field" data-path={meta.path}>
      {/* The badge sits outside the label, so the field's accessible name stays its name. */}
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {PARAMETER_TERMS[meta.path] ? <Term id={PARAMETER_TERMS[meta.path]!} bare /> : null}
        {edited ? <UserEditedBadge /> : null}
      </div>
      <div className="field__input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={field.text}
          onChange={field.onChange}
          onBlur={() => store.getState().endGroup()}
          aria-invalid={errors.length > 0}
          aria-describedby={describedBy}
        />
        <span className="field__unit">{unit}</span>
      </div>
      {echo ? (
        <p className="field__echo" data-testid="field-echo" aria-live="polite">
          {t('number.echo', { ns: 'layout', value: echo })}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="field__hint">
        {t('field.range', { min: n(meta.min), max: n(meta.max), unit: unitSuffix(unit) })} ·{' '}
        {t('field.default', { value: n(meta.defaultValue), unit: unitSuffix(unitFor(meta.defaultValue)) })}
      </p>
      <div id={`${id}-source`} role="tooltip" className="field__tooltip">
        <p>{t('field.source', { source: t(`sources.${meta.path}`) })}</p>
        <p>
          {t('field.asOf', { date: catalogueDate(meta.asOf, locale) })} ·{' '}
          {t('field.confidence', { level: t(`field.confidenceLevel.${meta.confidence}`) })}
        </p>
        {meta.typical ? (
          <p>
            {t('field.typical', { min: n(meta.typical[0]), max: n(meta.typical[1]), unit: unitSuffix(unit) })}
          </p>
        ) : null}
      </div>
      {errors.length > 0 ? (
        <p id={`${id}-error`} role="alert" className="field-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
});
