import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file input whose button speaks the app's language: the browser's own "Choose File / No file
 * chosen" ignores the page language. The native input stays (visually hidden, focusable, labelled by
 * the caller's <label htmlFor={id}>); the visible button is a second label hidden from assistive
 * technology, so the input's accessible name is only the caller's label.
 */
export function FileInput({
  id,
  accept,
  onChange,
  describedBy,
}: {
  id: string;
  /** The kinds of file offered first; absent for files that come under any name (a cluster's logs). */
  accept?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className="file-input">
      <input
        id={id}
        type="file"
        className="file-input__native"
        {...(accept ? { accept } : {})}
        onChange={onChange}
        {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      />
      <label htmlFor={id} className="button file-input__button" aria-hidden="true">
        {t('files.choose')}
      </label>
    </span>
  );
}
