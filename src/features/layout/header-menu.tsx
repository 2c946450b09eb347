import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The header's actions (undo, share, save, export). On a wide screen they are all shown in a row; on a
 * phone (CSS, max-width 600px) they fold behind one "Actions" button, so the header stays a small part
 * of the first screen. The panel is the same element in both cases (no duplicate buttons); Escape or a
 * click outside closes it.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={root} className={`header-menu${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="button header-menu__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        {t('header.menu')} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div id={`${id}-panel`} className="header-menu__panel">
        {children}
      </div>
    </div>
  );
}
