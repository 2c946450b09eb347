import type { ReactNode } from 'react';

/**
 * A wizard table that scrolls sideways on a narrow screen: focusable and named by its caption, so a
 * keyboard can scroll it too (axe "scrollable-region-focusable"; the same pattern as the finance and
 * compare tables).
 */
export function TableScroll({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
    <section className="wizard-table-wrap" tabIndex={0} aria-labelledby={captionId}>
      {children}
    </section>
  );
}
