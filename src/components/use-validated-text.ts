import { type ChangeEvent, useState } from 'react';
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
  // The value the text last followed. When the value changes from elsewhere the text follows it in
  // the same render (React re-runs this component before committing), so the field shows the new
  // number in the same frame as the slider that moved it; an effect would commit the old text first
  // and draw the new one a frame later, in a second commit of its own.
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    const current = parse(text);
    if (!current.ok || !nearlyEqual(current.value, value)) {
      setText(format(value));
      setError(null);
    }
  }

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
