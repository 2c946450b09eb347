import type { ReactNode } from 'react';

/**
 * A card's titled panel. The analysis cards (Monte Carlo, hybrid baseline, sizing, tornado) are worked
 * out in a worker that reports progress and may fail, so the frame has a place for both: under the
 * title what is read first (the progress line, an introduction), then the failure as an alert (read
 * out when it appears), then the content. `busy` marks the content as being recomputed (`aria-busy`), so assistive technology waits
 * for the new figures rather than reading the old ones.
 */
export function Panel({
  className,
  title,
  titleId,
  busy,
  testId,
  id,
  head,
  error,
  children,
}: {
  className: string;
  title: ReactNode;
  titleId?: string;
  busy?: boolean;
  testId?: string;
  id?: string;
  /** Under the title, above any failure: the work's progress and what to read before it. */
  head?: ReactNode;
  /** The failure, in words; nothing is shown while there is none. */
  error?: string | null;
  children: ReactNode;
}): ReactNode {
  return (
    <div className={className} aria-busy={busy} data-testid={testId} id={id}>
      <h3 id={titleId} className="card__title">
        {title}
      </h3>
      {head}
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}
