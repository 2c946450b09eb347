import { type MouseEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_SECTIONS, type DashboardSectionId } from './sections';

/**
 * The dashboard's section bar: one link per section (Overview … Method), sticky at the top of the
 * page so any section is one click away, the current one marked. "Assumptions" also puts the cursor
 * in the assumption search box, so the person can type a name straight away.
 */
export function SectionNav() {
  const { t } = useTranslation('layout');
  const current = useCurrentSection();

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: DashboardSectionId) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    scrollAndHold(target);
    // Keep the address bar's fragment without a second jump.
    window.history.replaceState(window.history.state, '', `#${id}`);
    if (id === 'assumptions')
      target
        .querySelector<HTMLInputElement>('[data-testid="assumption-search"]')
        ?.focus({ preventScroll: true });
  };

  return (
    <nav className="section-nav" aria-label={t('nav.label')} data-testid="section-nav">
      <ul className="section-nav__list">
        {DASHBOARD_SECTIONS.map((id) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="section-nav__link"
              aria-current={current === id ? 'location' : undefined}
              onClick={(e) => onClick(e, id)}
            >
              {t(`nav.${id}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The section whose top has most recently passed under the bar (first section at the top of the page). */
function useCurrentSection(): DashboardSectionId {
  const [current, setCurrent] = useState<DashboardSectionId>('overview');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<DashboardSectionId, boolean>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const r of records) visible.set(r.target.id as DashboardSectionId, r.isIntersecting);
        const first = DASHBOARD_SECTIONS.find((id) => visible.get(id));
        if (first) setCurrent(first);
      },
      // A band under the sticky bar: the section crossing it is the one being read.
      { rootMargin: '-80px 0px -60% 0px' },
    );
    for (const id of DASHBOARD_SECTIONS) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
  return current;
}

/** How long a jump keeps its target in place while sections above it load, in ms. */
const HOLD_MS = 5000;

/**
 * Scrolls `target` to the top and keeps it there while the sections above it load on demand (charts,
 * analysis) and change height; stops at once when the person scrolls, types or touches.
 */
function scrollAndHold(target: HTMLElement): void {
  target.scrollIntoView({ block: 'start' });
  const wanted = target.getBoundingClientRect().top;
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.removeEventListener(type, stop, true);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { capture: true, passive: true });
  const hold = () => {
    if (performance.now() - started > HOLD_MS) return stop();
    if (Math.abs(target.getBoundingClientRect().top - wanted) > 2) target.scrollIntoView({ block: 'start' });
    frame = requestAnimationFrame(hold);
  };
  frame = requestAnimationFrame(hold);
}
