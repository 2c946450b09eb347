import { renderAllAndWaitFor } from '../../components/deferred';

/** The charts the PDF draws from the page. */
const CHART_SELECTOR = '[data-chart="crossover"] svg, [data-chart="cumulative"] svg';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Makes the charts drawable for the PDF, wherever the reader is: sections below the fold are asked to
 * render, and a hidden view (the export button is in the header, so the reader may be on another tab)
 * is shown off-screen for the export, its charts laid out at their normal width. Returns the undo.
 */
export async function revealChartsForExport(): Promise<() => void> {
  await renderAllAndWaitFor('[data-chart="cumulative"] svg');
  const chart = document.querySelector(CHART_SELECTOR);
  const hiddenPanel = chart?.closest<HTMLElement>('[hidden]') ?? null;
  if (!hiddenPanel) return () => {};
  const width = document.getElementById('main')?.clientWidth ?? 1200;
  const previous = hiddenPanel.getAttribute('style');
  hiddenPanel.hidden = false;
  hiddenPanel.setAttribute('aria-hidden', 'true');
  hiddenPanel.style.cssText = `position:absolute;left:-100000px;top:0;width:${width}px;`;
  // Let recharts' ResizeObserver see the new size and redraw before the SVG is copied.
  for (let i = 0; i < 3; i++) await nextFrame();
  return () => {
    hiddenPanel.hidden = true;
    hiddenPanel.removeAttribute('aria-hidden');
    if (previous === null) hiddenPanel.removeAttribute('style');
    else hiddenPanel.setAttribute('style', previous);
  };
}
