import type { ReactNode } from 'react';

/**
 * A titled part of a page: a `<section>` named by its `<h2>` (so assistive technology lists it as a
 * region under that title), with the one heading style every part shares. Cards and page sections
 * differ only by `className`.
 */
export function Section({
  headingId,
  title,
  id,
  className = 'section',
  testId,
  children,
}: {
  /** Id of the heading; the section is labelled by it. */
  headingId: string;
  title: ReactNode;
  /** The section's own id, where a link or the section bar jumps to it. */
  id?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <section id={id} className={className} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
