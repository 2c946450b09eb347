import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { ScenarioIssue } from '../scenario';
import type { ParseError, ParseResult } from './parameter-value';

/** Why typed text is not applied: it is not a number, or the scenario it would make is invalid. */
export type FieldError = { kind: 'syntax'; error: ParseError } | { kind: 'issues'; issues: ScenarioIssue[] };

/**
 * Text state of a field whose value goes through the store's door. The text is parsed as a number
 * (syntax only); the scenario with the new value is then validated as a whole by `apply` (the store's
 * `commitScenario`), which returns the issues when it refuses. The person's text is kept while it is
 * not applied (so they can fix it) and the last good scenario stays; when the value changes from
 * elsewhere (a preset, a slider, undo) the text follows it.
 */
export function useValidatedText(
  value: number,
  format: (value: number) => string,
  parse: (text: string) => ParseResult,
  apply: (value: number) => ScenarioIssue[] | null,
) {
  const [text, setText] = useState(() => format(value));
  const [error, setError] = useState<FieldError | null>(null);
  // Latest text without re-running the sync effect on every keystroke.
  const textRef = useRef(text);
  textRef.current = text;
  const parseRef = useRef(parse);
  parseRef.current = parse;
  const formatRef = useRef(format);
  formatRef.current = format;

  useEffect(() => {
    const current = parseRef.current(textRef.current);
    if (!current.ok || !nearlyEqual(current.value, value)) {
      setText(formatRef.current(value));
      setError(null);
    }
  }, [value]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const result = parse(next);
    if (!result.ok) {
      setError({ kind: 'syntax', error: result.error });
      return;
    }
    const issues = apply(result.value);
    setError(issues === null ? null : { kind: 'issues', issues });
  };

  return { text, error, onChange };
}

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
