import type { CSSProperties, ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in on a narrow screen (a phone). It takes focus so a keyboard
 * can scroll it too (axe "scrollable-region-focusable"), and is named by the table's caption: either
 * the table's own `<caption>` or a line the caller puts above the box, so a narrow screen wraps the
 * caption instead of cutting it off. The fade at the hidden side and the "scroll sideways" line are
 * added by the app's scroll cues, which find the box by its class (features/layout/scroll-cues.ts):
 * `className` must keep one of the classes they look for.
 */
export function ScrollRegion({
  labelledBy,
  className = 'table-scroll',
  style,
  children,
}: {
  /** Id of the caption that names the region. */
  labelledBy: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}): ReactNode {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className={className} style={style} tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
