import type { TFunction } from 'i18next';
import { type ChangeEvent, useRef } from 'react';
import type { PriceShape } from '../../engine';
import { parsePricePathCsv } from '../../scenario/price-path-csv';

/**
 * A CSV of dated prices chosen in a file input, read and parsed (scenario/price-path-csv.ts): the
 * shape, or the message that names the bad line and column and says nothing changed; null when no
 * file was chosen. The input is cleared, so the same file can be chosen again after a fix.
 */
export async function readPricePathFile(
  event: ChangeEvent<HTMLInputElement>,
  t: TFunction,
): Promise<{ ok: true; shape: PriceShape } | { ok: false; text: string } | null> {
  const file = event.target.files?.[0];
  event.target.value = '';
  if (!file) return null;
  const nothingChanged = t('common:pricePath.errors.nothingChanged');
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, text: `${t('common:pricePath.errors.read')} ${nothingChanged}` };
  }
  const result = parsePricePathCsv(text, file.name);
  if (result.ok) return { ok: true, shape: result.shape };
  const { code, ...where } = result.issue;
  return { ok: false, text: `${t(`common:pricePath.errors.${code}`, where)} ${nothingChanged}` };
}

/** A button that opens a file chooser for a CSV of dated prices (the input is hidden, labelled alike). */
export function ImportButton({
  label,
  onChange,
}: {
  label: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="price-path__import" onClick={() => fileRef.current?.click()}>
        {label}
      </button>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className="visually-hidden"
        aria-label={label}
        tabIndex={-1}
        onChange={onChange}
      />
    </>
  );
}

/** What a path's choice or file said: an error (an alert) or what was imported (a status). */
export interface PathFileMessage {
  kind: 'error' | 'ok';
  text: string;
}

export function PathMessage({ message }: { message: PathFileMessage | null }) {
  if (!message) return null;
  return (
    <p
      className={`price-path__message price-path__message--${message.kind}`}
      role={message.kind === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </p>
  );
}
