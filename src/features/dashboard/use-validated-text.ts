import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { ParseError, ParseResult } from './parameter-value';

/**
 * Text state of a numeric field that applies only valid input. The person's text is kept while it is
 * invalid (so they can fix it) and the engine never sees it; when the value changes from elsewhere
 * (a preset, a slider) the text follows it.
 */
export function useValidatedText(
  value: number,
  format: (value: number) => string,
  parse: (text: string) => ParseResult,
  apply: (value: number) => void,
) {
  const [text, setText] = useState(() => format(value));
  const [error, setError] = useState<ParseError | null>(null);
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
    if (result.ok) {
      setError(null);
      if (!nearlyEqual(result.value, value)) apply(result.value);
    } else {
      setError(result.error);
    }
  };

  return { text, error, onChange };
}

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
