/** How long a jump keeps its target in place while sections above it load, in ms. */
const HOLD_MS = 5000;

/**
 * How long a jump waits for a target that appears only once its lazy section has rendered, in ms: its
 * code loads and its figures are priced first, which on a busy machine took over 5 s (the wait stops
 * as soon as the person scrolls, types or touches, so a late target never pulls the page away).
 */
const WAIT_FOR_TARGET_MS = 20000;

const STOP_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * A loop of animation frames that ends when the person scrolls, types or touches, or when `stop` is
 * called; `next` schedules the following frame.
 */
function framesUntilInput(): { next: (step: () => void) => void; stop: () => void } {
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of STOP_EVENTS) window.removeEventListener(type, stop, true);
  };
  for (const type of STOP_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  return {
    next: (step) => {
      frame = requestAnimationFrame(step);
    },
    stop,
  };
}

/**
 * Scrolls `target` to the top and keeps it there while the sections above it load on demand (charts,
 * analysis) and change height; stops at once when the person scrolls, types or touches.
 */
export function scrollAndHold(target: HTMLElement): void {
  target.scrollIntoView({ block: 'start' });
  const wanted = target.getBoundingClientRect().top;
  const started = performance.now();
  const { next, stop } = framesUntilInput();
  const hold = () => {
    if (performance.now() - started > HOLD_MS) return stop();
    if (Math.abs(target.getBoundingClientRect().top - wanted) > 2) target.scrollIntoView({ block: 'start' });
    next(hold);
  };
  next(hold);
}

/**
 * Brings the element `targetId` into view and holds it there. When it is not in the page yet (its
 * section renders only once near the viewport), scrolls to the section `sectionId` first, which makes
 * it render, and jumps on as soon as the target appears. The address is not touched.
 */
export function jumpToWhenRendered(targetId: string, sectionId: string): void {
  const present = document.getElementById(targetId);
  if (present) {
    scrollAndHold(present);
    return;
  }
  document.getElementById(sectionId)?.scrollIntoView({ block: 'start' });
  const started = performance.now();
  const { next, stop } = framesUntilInput();
  const wait = () => {
    const target = document.getElementById(targetId);
    if (target) {
      stop();
      scrollAndHold(target);
    } else if (performance.now() - started < WAIT_FOR_TARGET_MS) next(wait);
    else stop();
  };
  next(wait);
}
