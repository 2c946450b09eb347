// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import type { ParseResult } from '../../src/components/parameter-value';
import { useValidatedText } from '../../src/components/use-validated-text';

const format = (value: number) => String(value);
const parse = (text: string): ParseResult => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value)
    ? { ok: true, value }
    : { ok: false, error: { code: 'notNumber' } };
};

/** A field bound to `value`, with a button that changes the value from elsewhere (as a slider does). */
function Harness({ onCommit }: { onCommit: () => void }) {
  const [value, setValue] = useState(10);
  return (
    <Profiler id="field" onRender={onCommit}>
      <button type="button" onClick={() => setValue((v) => v + 1)}>
        elsewhere
      </button>
      <Field
        value={value}
        apply={(v) => {
          setValue(v);
          return null;
        }}
      />
    </Profiler>
  );
}

function Field({ value, apply }: { value: number; apply: (v: number) => null }) {
  const field = useValidatedText(value, format, parse, apply);
  return (
    <>
      <input aria-label="amount" value={field.text} onChange={field.onChange} />
      <output>{field.error === null ? 'ok' : 'error'}</output>
    </>
  );
}

describe('useValidatedText', () => {
  it('follows a value changed elsewhere in the same commit, not in a second one', () => {
    let commits = 0;
    render(<Harness onCommit={() => commits++} />);
    commits = 0;
    act(() => screen.getByRole('button', { name: 'elsewhere' }).click());
    expect(screen.getByRole('textbox', { name: 'amount' })).toHaveValue('11');
    // The old effect-based sync committed the old text, then the new one.
    expect(commits).toBe(1);
  });

  it('keeps what the person typed when it already means the new value', () => {
    render(<Harness onCommit={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'amount' });
    fireEvent.change(input, { target: { value: '12.0' } });
    // The store now holds 12; the typed "12.0" stays instead of being rewritten to "12".
    expect(input).toHaveValue('12.0');
    expect(screen.getByRole('status')).toHaveTextContent('ok');
  });

  it('replaces unparsable text and clears its error when the value changes elsewhere', () => {
    render(<Harness onCommit={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'amount' });
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByRole('status')).toHaveTextContent('error');
    act(() => screen.getByRole('button', { name: 'elsewhere' }).click());
    expect(input).toHaveValue('11');
    expect(screen.getByRole('status')).toHaveTextContent('ok');
  });
});
