import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * The width of an element in px, kept current with ResizeObserver (rounded, so sub-pixel jitter does not
 * redraw). Starts at `initialWidth`, which is also what jsdom (no layout, no observer) keeps.
 */
export function useElementWidth<T extends HTMLElement>(initialWidth: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initialWidth);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const read = () => {
      const w = Math.round(element.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
