import {
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * Window event that asks every deferred section to render now (the PDF export needs the charts in
 * the page even when the reader never scrolled to them).
 */
export const RENDER_ALL_EVENT = 'gpu-tco:render-all';

/**
 * Whether RENDER_ALL_EVENT has been sent in this page: a section that mounts after it (the sections
 * below the first screen are drawn just after the app's first render) renders at once too.
 */
let renderAllSent = false;
if (typeof window !== 'undefined')
  window.addEventListener(RENDER_ALL_EVENT, () => {
    renderAllSent = true;
  });

/** How far below the viewport a section starts loading, so it is usually ready when scrolled to. */
const PRELOAD_MARGIN = '600px';

/**
 * How long the input must rest before an off-screen section catches up. A drag or a held arrow key
 * changes the scenario every frame; the sections out of view redraw once it pauses, not per step.
 */
export const OFFSCREEN_SETTLE_MS = 250;

// On the server (the build's prerender of the first screen) a section renders as in the browser's first
// render, where the observer exists: lazy ones as placeholders, so the page hydrates unchanged.
const hasObserver = () => typeof IntersectionObserver !== 'undefined' || typeof document === 'undefined';

/**
 * A dashboard section that draws `value` (the scenario, its evaluation, the analyses) through
 * `children`, and keeps a slider step fast:
 *
 * - While any part of it is in the viewport it draws the current value in the same render as the
 *   slider, so what the reader sees changes in one frame.
 * - While it is off screen it keeps the value it last drew: the step's frame skips it. Once the value
 *   has rested for OFFSCREEN_SETTLE_MS it catches up in a transition (a render React interrupts for
 *   the next input). Scrolling it into view draws the current value at once.
 * - With `lazy`, it is first rendered (and its lazy code loaded) when it comes within PRELOAD_MARGIN
 *   of the viewport or on RENDER_ALL_EVENT, which keeps the first visit's JavaScript small; until then
 *   an empty box of `minHeight` px holds its place, so the page does not jump.
 *
 * Focus, a pointer press, a key or an edit inside it also makes it current at once (the observer
 * reports a section scrolled into view a frame late). Without IntersectionObserver (tests, old
 * browsers) it counts as on screen and renders at once.
 * `children` is read with the value; a new function alone does not redraw the section.
 */
export function LiveSection<T>({
  value,
  children,
  minHeight = 0,
  lazy = false,
}: {
  value: T;
  children: (value: T) => ReactNode;
  minHeight?: number;
  lazy?: boolean;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(() => !lazy || !hasObserver() || renderAllSent);
  const [onScreen, setOnScreen] = useState(() => !hasObserver());
  // What the section drew last while off screen; `latest` lets the observer freeze the current value
  // the moment the section leaves the viewport.
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasObserver()) return;
    const mount = () => setMounted(true);
    const near = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) mount();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    const seen = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (!last) return;
      if (!last.isIntersecting) setSettled(latest.current);
      setOnScreen(last.isIntersecting);
    });
    near.observe(element);
    seen.observe(element);
    window.addEventListener(RENDER_ALL_EVENT, mount);
    // Sent between this section's first render and now (a render React split across frames).
    if (renderAllSent) mount();
    return () => {
      near.disconnect();
      seen.disconnect();
      window.removeEventListener(RENDER_ALL_EVENT, mount);
    };
  }, []);
  useEffect(() => {
    if (onScreen || settled === value) return;
    const timer = window.setTimeout(() => startTransition(() => setSettled(value)), OFFSCREEN_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [onScreen, settled, value]);
  const shown = onScreen ? value : settled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the shown value changes, not when the parent passes a new arrow
  const content = useMemo(() => (mounted ? children(shown) : null), [mounted, shown]);
  // Input inside the section makes it current at once, in the same render as the change it causes
  // (focus or an edit can reach a section a frame before the observer reports it in view). Setting
  // the same state again is a no-op, so the handler needs no dependency.
  const live = useCallback(() => setOnScreen(true), []);
  // The same element while the content is unchanged: a step that leaves an off-screen section as it
  // was does not touch its box either.
  return useMemo(() => {
    const placeholder = <div className="deferred-placeholder" style={{ minHeight }} />;
    return (
      <div
        ref={ref}
        className="live-section"
        onFocusCapture={live}
        onPointerDownCapture={live}
        onKeyDownCapture={live}
        onInputCapture={live}
        onChangeCapture={live}
      >
        {mounted ? <Suspense fallback={placeholder}>{content}</Suspense> : placeholder}
      </div>
    );
  }, [mounted, content, minHeight, live]);
}
