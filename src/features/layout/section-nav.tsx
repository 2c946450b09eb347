import { type MouseEvent, memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollAndHold } from '../../components/scroll-hold';
import { hashWithSection, sectionFromHash } from '../../state/section-link';
import { currentSection } from './current-section';
import { DASHBOARD_SECTIONS, type DashboardSectionId } from './sections';

function isSectionId(id: string | null): id is DashboardSectionId {
  return id !== null && (DASHBOARD_SECTIONS as readonly string[]).includes(id);
}

/**
 * The dashboard's section bar: one link per section (Overview … Method), sticky at the top of the
 * page so any section is one click away, the current one marked. "Assumptions" also puts the cursor
 * in the assumption search box, so the person can type a name straight away.
 *
 * A jump writes its section beside the scenario in the address (`#s=…&at=costs`) with replaceState:
 * the address keeps the scenario, and Back/Forward get no entry per click. Opening such an address
 * scrolls to its section. Memoised: it reads no scenario, so a slider step does not redraw it.
 */
export const SectionNav = memo(function SectionNav({ ready }: { ready: boolean }) {
  const { t } = useTranslation('layout');
  const current = useCurrentSection();

  // A click that came before the sections below the first screen were drawn: carried out once they are.
  const pending = useRef<{ id: DashboardSectionId; focusSearch: boolean } | null>(null);
  const jump = (id: DashboardSectionId, focusSearch: boolean) => {
    const target = document.getElementById(id);
    if (!target) {
      pending.current = { id, focusSearch };
      return;
    }
    scrollAndHold(target);
    if (focusSearch && id === 'assumptions')
      target
        .querySelector<HTMLInputElement>('[data-testid="assumption-search"]')
        ?.focus({ preventScroll: true });
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: DashboardSectionId) => {
    // Never the browser's own jump: it would replace the scenario in the address with `#<id>`.
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${search}#${hashWithSection(hash, id)}`,
    );
    jump(id, true);
  };

  // An address that names a section (a deep link, or a reload after a jump) opens at that section,
  // once the sections below the first screen are drawn (`ready`: they follow the first render).
  const jumped = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the sections are there
  useEffect(() => {
    if (!ready || jumped.current) return;
    jumped.current = true;
    const early = pending.current;
    pending.current = null;
    if (early) {
      jump(early.id, early.focusSearch);
      return;
    }
    const id = sectionFromHash(window.location.hash);
    if (isSectionId(id) && id !== 'overview') jump(id, false);
  }, [ready]);

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
});

/**
 * The section being read, from where the sections' tops are (current-section.ts), re-read at most
 * once a frame while the page scrolls or resizes.
 */
function useCurrentSection(): DashboardSectionId {
  const [current, setCurrent] = useState<DashboardSectionId>('overview');
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bar = document.querySelector('.section-nav');
      const tops = DASHBOARD_SECTIONS.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      const root = document.documentElement;
      const next = currentSection(tops, {
        lineY: (bar?.getBoundingClientRect().bottom ?? 0) + 24,
        viewportHeight: window.innerHeight,
        atBottom: window.scrollY + window.innerHeight >= root.scrollHeight - 2,
      });
      if (next !== null) setCurrent(next);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, []);
  return current;
}
