import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import {
  defaultUncertainty,
  readInput,
  type Scenario,
  UNCERTAINTY_DRAWS,
  UNCERTAINTY_SEED,
} from '../../engine';
import { formatNumber, type Locale } from '../../lib/format';
import { parseNumberText } from '../../lib/number-text';
import { useAppStore, useShownScenario } from '../../state/store-context';
import { issuesText } from '../../view-model/import-messages';
import { fromEditorValue, metaOf, toEditorValue, valueKindOf } from './analysis-data';

/**
 * The editable uncertainty block of the scenario: low and high of every ranged input, the number of
 * draws and the seed. Loaded only when its panel is opened (it brings the zod schema with it).
 *
 * Every edit builds the whole candidate scenario and passes it through `parseScenario`, the same door
 * as links and files, before it reaches the store; invalid text stays in the box with a message and
 * is not applied.
 */
export default function UncertaintyRangesEditor(): ReactNode {
  const { t } = useTranslation('analysis');
  const scenario = useShownScenario();
  const commitScenario = useAppStore((s) => s.commitScenario);
  const locale = useAppStore((s) => s.locale);
  const paths = Object.keys(scenario.uncertainty.ranges);

  /** Applies a candidate uncertainty block if the scenario schema accepts it; else the first issue. */
  const tryApply = (recipe: (s: Scenario) => Scenario): string | null => {
    const result = commitScenario(recipe, { source: 'analysis' });
    // Translated from the issues' codes, never their English messages.
    return result.ok ? null : issuesText(t, result.issues, locale);
  };

  return (
    <div className="analysis-ranges">
      <p className="analysis-note">{t('ranges.intro')}</p>
      <div className="analysis-ranges__settings">
        <IntegerField
          label={t('ranges.draws')}
          value={scenario.uncertainty.draws}
          min={UNCERTAINTY_DRAWS.min}
          max={UNCERTAINTY_DRAWS.max}
          locale={locale}
          apply={(draws) => tryApply((s) => ({ ...s, uncertainty: { ...s.uncertainty, draws } }))}
        />
        <IntegerField
          label={t('ranges.seed')}
          value={scenario.uncertainty.seed}
          min={UNCERTAINTY_SEED.min}
          max={UNCERTAINTY_SEED.max}
          locale={locale}
          apply={(seed) => tryApply((s) => ({ ...s, uncertainty: { ...s.uncertainty, seed } }))}
        />
        <button
          type="button"
          className="analysis-button"
          onClick={() =>
            tryApply((s) => ({
              ...s,
              uncertainty: { ...defaultUncertainty(), draws: s.uncertainty.draws, seed: s.uncertainty.seed },
            }))
          }
        >
          {t('ranges.reset')}
        </button>
      </div>
      <div className="analysis-table-wrap">
        <DataTable
          className="analysis-table analysis-table--ranges"
          headers={[t('ranges.input'), t('ranges.low'), t('ranges.high'), t('ranges.current')]}
        >
          <tbody>
            {paths.map((path) => (
              <RangeRow key={path} path={path} scenario={scenario} locale={locale} tryApply={tryApply} />
            ))}
          </tbody>
        </DataTable>
      </div>
    </div>
  );
}

function unitText(path: string, t: TFunction): string {
  const meta = metaOf(path);
  return valueKindOf(meta) === 'percent' ? '%' : t(`units.${meta.unit}`, { ns: 'common' });
}

function RangeRow({
  path,
  scenario,
  locale,
  tryApply,
}: {
  path: string;
  scenario: Scenario;
  locale: Locale;
  tryApply: (recipe: (s: Scenario) => Scenario) => string | null;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const meta = metaOf(path);
  const [low, high] = scenario.uncertainty.ranges[path] ?? [meta.min, meta.max];
  const label = t(`params.${path}`, { ns: 'common' });
  const unit = unitText(path, t);
  const show = (v: number) => formatNumber(toEditorValue(meta, v), locale, 6);
  const setBound = (index: 0 | 1) => (value: number) =>
    tryApply((s) => {
      const current = s.uncertainty.ranges[path] ?? [low, high];
      const next: [number, number] = index === 0 ? [value, current[1]] : [current[0], value];
      return { ...s, uncertainty: { ...s.uncertainty, ranges: { ...s.uncertainty.ranges, [path]: next } } };
    });
  const check = (value: number, index: 0 | 1): string | null => {
    if (value < meta.min || value > meta.max)
      return t('ranges.invalid.outOfRange', { min: show(meta.min), max: show(meta.max) });
    if (index === 0 ? value > high : value < low) return t('ranges.invalid.lowAboveHigh');
    return null;
  };
  // Both bounds are typed in the editor's unit (percent for fractions) and stored in the engine's.
  const toText = (v: number) => String(toEditorValue(meta, v));
  const parse = (text: string) => {
    const n = parseNumberText(text);
    return n === null ? null : fromEditorValue(meta, n);
  };
  const bound = (index: 0 | 1) => (
    <BoundField
      label={t(index === 0 ? 'ranges.lowLabel' : 'ranges.highLabel', { input: label })}
      value={index === 0 ? low : high}
      toText={toText}
      parse={parse}
      check={(v) => check(v, index)}
      apply={setBound(index)}
    />
  );
  return (
    <tr data-path={path}>
      <th scope="row">
        {label} <span className="analysis-table__sub">{unit}</span>
      </th>
      <td>{bound(0)}</td>
      <td>{bound(1)}</td>
      <td>{show(readInput(scenario, path))}</td>
    </tr>
  );
}

/**
 * A text box for one number: keeps the person's text while it is invalid (with the reason, never
 * applied) and follows the value when it changes elsewhere (reset, a loaded scenario).
 */
function BoundField({
  label,
  value,
  toText,
  parse,
  check,
  apply,
}: {
  label: string;
  value: number;
  toText: (value: number) => string;
  parse: (text: string) => number | null;
  check: (value: number) => string | null;
  /** Returns the schema's complaint when the scenario would not validate, else applies and returns null. */
  apply: (value: number) => string | null;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const id = useId();
  const [text, setText] = useState(() => toText(value));
  const [error, setError] = useState<string | null>(null);
  const [lastValue, setLastValue] = useState(value);
  // The value moved elsewhere: show it (React's "adjust state while rendering" pattern, no effect lag).
  if (!Object.is(lastValue, value)) {
    setLastValue(value);
    if (parse(text) !== value) {
      setText(toText(value));
      setError(null);
    }
  }
  return (
    <div className="analysis-bound">
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const parsed = parse(next);
          if (parsed === null) {
            setError(t('ranges.invalid.notNumber'));
            return;
          }
          const problem = check(parsed);
          if (problem) {
            setError(problem);
            return;
          }
          const rejected = parsed === value ? null : apply(parsed);
          setError(rejected ? t('ranges.invalid.schema', { message: rejected }) : null);
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

function IntegerField({
  label,
  value,
  min,
  max,
  locale,
  apply,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  locale: Locale;
  apply: (value: number) => string | null;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const id = useId();
  const [text, setText] = useState(() => String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText((current) => (parseNumberText(current) === value ? current : String(value)));
  }, [value]);
  return (
    <div className="field analysis-int">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const n = parseNumberText(next);
          if (n === null) return setError(t('ranges.invalid.notNumber'));
          if (!Number.isInteger(n)) return setError(t('ranges.invalid.notInteger'));
          if (n < min || n > max)
            return setError(
              t('ranges.invalid.outOfRange', {
                min: formatNumber(min, locale),
                max: formatNumber(max, locale),
              }),
            );
          const rejected = n === value ? null : apply(n);
          setError(rejected ? t('ranges.invalid.schema', { message: rejected }) : null);
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
