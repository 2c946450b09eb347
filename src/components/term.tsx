import { memo, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GlossaryTermId, glossaryEntry } from '../view-model/glossary';
import './term.css';

const SAME_GESTURE_MS = 400;
/** The tooltip's widest (20rem in term.css). */
const TIP_WIDTH_PX = 320;

/**
 * A word from the glossary with its one-sentence explanation a hover, a focus or a tap away: the
 * word, then a small "?" button whose tooltip opens on pointer hover and keyboard focus, toggles on
 * a click or tap, and closes on Escape. The tooltip is the button's description (aria-describedby),
 * so a screen reader reads it on focus. `children` replaces the shown word (a label with numbers);
 * without it the glossary's own word is shown; `bare` shows the button alone (beside a heading that
 * already names the word, such as a sort button).
 *
 * Memoised: the first screen holds a score of them, and a slider step redraws their parents; a term
 * whose word and label are unchanged (the usual case, a plain string) is not drawn again.
 */
export const Term = memo(function Term({
  id,
  children,
  bare = false,
}: {
  id: GlossaryTermId;
  children?: ReactNode;
  bare?: boolean;
}) {
  const { t } = useTranslation('glossary');
  const entry = glossaryEntry(id, t);
  const [open, setOpenState] = useState(false);
  // A tap focuses the button and then clicks it: a click right after it opened keeps it open.
  const openedAt = useRef(0);
  const root = useRef<HTMLSpanElement>(null);
  // A word near the right edge opens its tooltip leftwards, so it never runs off the screen.
  const [alignEnd, setAlignEnd] = useState(false);
  const setOpen = (next: boolean) => {
    if (next) {
      openedAt.current = Date.now();
      const box = root.current?.getBoundingClientRect();
      if (box) setAlignEnd(box.left + TIP_WIDTH_PX > window.innerWidth);
    }
    setOpenState(next);
  };
  const tipId = useId();
  const technical =
    entry.technical.toLowerCase() !== entry.term.toLowerCase()
      ? t('technical', { name: entry.technical })
      : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the tooltip; the button is the control
    <span ref={root} className="term" data-term={id} onMouseLeave={() => setOpen(false)}>
      {bare ? null : (children ?? entry.term)}
      <button
        type="button"
        className="term__button"
        aria-label={t('open', { term: entry.term })}
        aria-describedby={tipId}
        aria-expanded={open}
        data-testid="term"
        data-term={id}
        onMouseEnter={() => setOpen(true)}
        onClick={() => {
          if (open && Date.now() - openedAt.current < SAME_GESTURE_MS) return;
          setOpen(!open);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        ?
      </button>
      <span
        role="tooltip"
        id={tipId}
        className={alignEnd ? 'term__tip term__tip--end' : 'term__tip'}
        data-testid="term-explanation"
        hidden={!open}
      >
        {entry.explanation}
        {technical ? <span className="term__technical">{technical}</span> : null}
      </span>
    </span>
  );
});
