import { useEffect } from 'react';

/**
 * Sideways-scrolling boxes (wide tables on a phone, the tab and section bars) say that there is more:
 * each gets `data-overflow` = "end" (more to the right), "start" (scrolled to the end) or "both", which
 * the CSS turns into a fade at the hidden side, and tables also a line of text (`data-scroll-hint`,
 * shown by CSS) — so a clipped number is never shown without a hint. Boxes are found by class; sizes
 * are watched with ResizeObserver and scrolling with one listener, so nothing runs while idle.
 */
export const SCROLL_BOX_SELECTOR =
  '.table-scroll, .analysis-table-wrap, .wizard-table-wrap, .view-tabs__list, .section-nav__list';
const TABLE_BOX = '.table-scroll, .analysis-table-wrap, .wizard-table-wrap';

/** Which sides of a box hide content: the pure rule behind the cue. */
export function overflowSides(scrollLeft: number, clientWidth: number, scrollWidth: number): string {
  const hiddenRight = scrollWidth - clientWidth - scrollLeft > 1;
  const hiddenLeft = scrollLeft > 1;
  if (hiddenLeft && hiddenRight) return 'both';
  if (hiddenRight) return 'end';
  if (hiddenLeft) return 'start';
  return '';
}

function mark(box: HTMLElement, hint: string): void {
  const sides = overflowSides(box.scrollLeft, box.clientWidth, box.scrollWidth);
  if ((box.dataset.overflow ?? '') !== sides) box.dataset.overflow = sides;
  if (box.matches(TABLE_BOX) && box.dataset.scrollHint !== hint) box.dataset.scrollHint = hint;
}

/** Whether a mutation added an element that is, or contains, a sideways-scrolling box. */
function addsScrollBox(record: MutationRecord): boolean {
  for (const node of record.addedNodes) {
    if (!(node instanceof Element)) continue;
    if (node.matches(SCROLL_BOX_SELECTOR) || node.querySelector(SCROLL_BOX_SELECTOR)) return true;
  }
  return false;
}

export function useScrollCues(tableHint: string): void {
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined' || typeof MutationObserver === 'undefined') return;
    const watched = new WeakSet<Element>();
    const resize = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.target.matches(SCROLL_BOX_SELECTOR)
          ? entry.target
          : entry.target.parentElement?.closest(SCROLL_BOX_SELECTOR);
        if (box instanceof HTMLElement) mark(box, tableHint);
      }
    });
    const scan = () => {
      for (const box of document.querySelectorAll<HTMLElement>(SCROLL_BOX_SELECTOR)) {
        if (watched.has(box)) continue;
        watched.add(box);
        resize.observe(box);
        if (box.firstElementChild) resize.observe(box.firstElementChild);
        mark(box, tableHint);
      }
    };
    // Only added elements that are (or hold) a box start a scan, and the scan runs after the frame:
    // a slider step replaces text and chart nodes every frame, and must not pay for a document query.
    let pending = 0;
    const mutations = new MutationObserver((records) => {
      if (pending || !records.some(addsScrollBox)) return;
      pending = window.setTimeout(() => {
        pending = 0;
        scan();
      }, 0);
    });
    mutations.observe(document.body, { childList: true, subtree: true });
    const onScroll = (event: Event) => {
      const box = event.target;
      if (box instanceof HTMLElement && box.matches(SCROLL_BOX_SELECTOR)) mark(box, tableHint);
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    scan();
    // A new language: the hint text of every table box changes.
    for (const box of document.querySelectorAll<HTMLElement>(SCROLL_BOX_SELECTOR)) mark(box, tableHint);
    return () => {
      mutations.disconnect();
      resize.disconnect();
      if (pending) window.clearTimeout(pending);
      document.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [tableHint]);
}
