import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseNumberInput } from '../../components/parameter-value';
import { formatNumber, type Locale } from '../../lib/format';
import type { ScenarioIssue } from '../../scenario';
import type { CommitResult } from '../../state/store';

/** The issues of one field of the last refused commit, as lines in the reader's language. */
export function IssueLines({
  id,
  issues,
  locale,
}: {
  id: string;
  issues: readonly ScenarioIssue[] | string | null;
  locale: Locale;
}) {
  const { t } = useTranslation();
  if (issues === null || issues.length === 0) return null;
  // Limits in the reader's format ("1,000,000"), as every other number on the page.
  const num = (v: number | undefined) => (v === undefined ? '' : formatNumber(v, locale, 6));
  const lines =
    typeof issues === 'string'
      ? [issues]
      : issues.map((i) =>
          t(`common:fieldIssue.${i.code ?? 'invalid'}`, {
            limit: num(i.limit),
            min: num(i.min),
            max: num(i.max),
            other: '',
            week: num(i.week),
          }),
        );
  return (
    <p id={id} role="alert" className="field-error">
      {lines.join(' ')}
    </p>
  );
}

interface NumberFieldProps {
  label: string;
  value: number | null;
  /** Blank text means null (a default, or "none"), said in `blankHint`. */
  nullable?: boolean;
  blankHint?: string;
  hint?: ReactNode;
  locale: Locale;
  /** Engine value → shown number (a fraction as a percent) and back. */
  scale?: number;
  /** Commits the value; the issues of this field (by path) are shown when it is refused. */
  apply: (value: number | null) => CommitResult;
  path: string;
  testId?: string;
}

const show = (value: number | null, scale: number, locale: Locale) =>
  value === null ? '' : formatNumber(value * scale, locale, 6);

/**
 * A plan's number field: the text is the person's until it is applied (a refused value stays to be
 * fixed, the last good plan stays); a change from elsewhere (undo, a link) replaces it.
 */
export function PlanNumberField(props: NumberFieldProps) {
  const { t } = useTranslation();
  const scale = props.scale ?? 1;
  const id = useId();
  const [text, setText] = useState(() => show(props.value, scale, props.locale));
  const [error, setError] = useState<readonly ScenarioIssue[] | string | null>(null);
  const applied = useRef(props.value);
  useEffect(() => {
    if (props.value !== applied.current) {
      applied.current = props.value;
      setText(show(props.value, scale, props.locale));
      setError(null);
    }
  }, [props.value, scale, props.locale]);
  const onChange = (next: string) => {
    setText(next);
    let value: number | null;
    if (next.trim() === '' && props.nullable) value = null;
    else {
      const parsed = parseNumberInput(next);
      if (!parsed.ok) {
        setError(t('plan:notNumber'));
        return;
      }
      value = parsed.value / scale;
    }
    const result = props.apply(value);
    if (result.ok) {
      applied.current = value;
      setError(null);
    } else {
      const mine = result.issues.filter((i) => i.path === props.path);
      setError(mine.length > 0 ? mine : result.issues);
    }
  };
  const invalid = error !== null;
  return (
    <div className="field plan-field">
      <label htmlFor={id} className="field__label">
        {props.label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        data-testid={props.testId}
        onChange={(e) => onChange(e.target.value)}
      />
      {props.nullable && props.blankHint ? <p className="field__hint">{props.blankHint}</p> : null}
      {props.hint ? <p className="field__hint">{props.hint}</p> : null}
      <IssueLines id={`${id}-error`} issues={error} locale={props.locale} />
    </div>
  );
}
