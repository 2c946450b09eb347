import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseNumberInput } from '../../components/parameter-value';
import { useValidatedText } from '../../components/use-validated-text';
import {
  type Evaluation,
  MEASURED_EFFICIENCY,
  type MeasuredWay,
  type Scenario,
  withMeasuredEfficiency,
} from '../../engine';
import { formatPercent } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { FieldErrors } from './choice-fields';

/** The efficiency each way's measured value replaces, in the evaluation. */
const EVALUATION_WAY = { selfBuild: 'own', rent: 'rent', platform: 'platform' } as const;

/**
 * A measured allocation efficiency (docs/model.md §9: measured beats assumed), typed in percent: empty
 * means by rule. Used as given (5–95 %), even above the platform's; the own cluster's also re-sizes
 * self-build to serve the peak at it (engine `withMeasuredEfficiency`). Goes through the one door.
 */
export function MeasuredEfficiencyField({ way, evaluation }: { way: MeasuredWay; evaluation: Evaluation }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const measured = useAppStore((s) => s.scenario.measured[way]);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const id = useId();
  const path = `measured.${way}`;
  const apply = (value: number | null) => {
    const result = commitScenario(
      (s: Scenario) =>
        withMeasuredEfficiency(
          s,
          way,
          value === null
            ? null
            : {
                value,
                origin: 'typed',
                label: s.measured[way]?.origin === 'typed' ? s.measured[way].label : null,
              },
        ),
      { source: 'field', group: path },
    );
    return result.ok ? null : result.issues;
  };
  // Percent in the box, a fraction in the scenario; empty text is "by rule" (NaN → null).
  const field = useValidatedText(
    measured === null ? Number.NaN : measured.value,
    (v) => (Number.isNaN(v) ? '' : String(Math.round(v * 1000) / 10)),
    (text) => {
      if (text.trim() === '') return { ok: true, value: Number.NaN };
      const r = parseNumberInput(text);
      return r.ok ? { ok: true, value: r.value / 100 } : r;
    },
    (v) => apply(Number.isNaN(v) ? null : v),
  );
  const used = evaluation.efficiencies[EVALUATION_WAY[way]];
  const status =
    used.origin === 'rule'
      ? t('measured.byRule', { value: formatPercent(used.value, locale, 0) })
      : t('measured.used', {
          value: formatPercent(used.value, locale, 0),
          byRule: formatPercent(used.byRule, locale, 0),
          label: used.label ?? t('measured.typed'),
        });
  return (
    <div className="field" data-path={path}>
      <label htmlFor={id} className="field__label">
        {t(`measured.label.${way}`)}
      </label>
      <div className="field__input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          value={field.text}
          placeholder={t('measured.placeholder')}
          onChange={field.onChange}
          onBlur={endGroup}
          aria-invalid={field.error !== null}
          aria-describedby={`${id}-hint${field.error ? ` ${id}-error` : ''}`}
        />
        <span className="field__unit">%</span>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('measured.hint', {
          min: formatPercent(MEASURED_EFFICIENCY.min, locale, 0),
          max: formatPercent(MEASURED_EFFICIENCY.max, locale, 0),
        })}{' '}
        {status}
      </p>
      <FieldErrors id={`${id}-error`} error={field.error} path={path} />
    </div>
  );
}
