import { useEffect } from 'react';

/** The attribute on <html> that app.css skips the off-screen blocks under. */
export const SLIDING_ATTRIBUTE = 'data-sliding';

/**
 * While a slider of the first screen has focus (a drag or key steps), the blocks below the first
 * screen (`.below-block`) that are far from the viewport are skipped by the browser's rendering
 * (app.css): a step then lays out and paints the first screen, not the whole page
 * (docs/performance.md). They are drawn as before — React keeps their content current — and laid out
 * again when the slider loses focus. Scoped to the gesture because a skipped block keeps the size it
 * was last laid out at: content that changes size while skipped (a chart loading) would move what is
 * below it once shown. Set on the page's root element from the focus events: no render.
 */
export function useOffScreenSkippedWhileSliding(): void {
  useEffect(() => {
    const root = document.documentElement;
    const isSlider = (target: EventTarget | null) =>
      target instanceof HTMLInputElement && target.type === 'range' && target.closest('#overview') !== null;
    const onFocusIn = (event: FocusEvent) => {
      if (isSlider(event.target)) root.setAttribute(SLIDING_ATTRIBUTE, '');
    };
    const onFocusOut = (event: FocusEvent) => {
      if (isSlider(event.target) && !isSlider(event.relatedTarget)) root.removeAttribute(SLIDING_ATTRIBUTE);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      root.removeAttribute(SLIDING_ATTRIBUTE);
    };
  }, []);
}
