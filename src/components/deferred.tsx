import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Window event that asks every deferred section to render now (the PDF export needs the charts in
 * the page even when the reader never scrolled to them).
 */
export const RENDER_ALL_EVENT = 'gpu-tco:render-all';

/** How far below the viewport a section starts loading, so it is usually ready when scrolled to. */
const PRELOAD_MARGIN = '600px';

/**
 * Renders its children once the placeholder comes near the viewport (or on RENDER_ALL_EVENT), and
 * keeps them rendered; lazy children wait behind the same placeholder. Sections below the fold — the charts and their library — therefore load only
 * when the reader gets there, which keeps the first visit's JavaScript small. Without
 * IntersectionObserver (tests, old browsers) it renders at once.
 */
export function Deferred({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (visible) return;
    const show = () => setVisible(true);
    window.addEventListener(RENDER_ALL_EVENT, show);
    const element = ref.current;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) show();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    if (element) observer.observe(element);
    return () => {
      window.removeEventListener(RENDER_ALL_EVENT, show);
      observer.disconnect();
    };
  }, [visible]);
  // An empty box of about the section's height, so the page does not jump when it arrives.
  if (visible) {
    return (
      <Suspense fallback={<div className="deferred-placeholder" style={{ minHeight }} />}>
        {children}
      </Suspense>
    );
  }
  return <div ref={ref} className="deferred-placeholder" style={{ minHeight }} />;
}

/**
 * Asks deferred sections to render and waits until `selector` matches (or the timeout passes).
 * Resolves true when found.
 */
export function renderAllAndWaitFor(selector: string, timeoutMs = 10_000): Promise<boolean> {
  window.dispatchEvent(new Event(RENDER_ALL_EVENT));
  return new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      if (document.querySelector(selector)) resolve(true);
      else if (performance.now() - started > timeoutMs) resolve(false);
      else window.setTimeout(check, 50);
    };
    check();
  });
}
