import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CatalogRef, type CatalogValue, rangeOf } from '../../engine';
import { formatNumber } from '../../lib/format';
import { useAppStore } from '../../state/store-context';
import { catalogueDate, catalogueSource } from '../../view-model/catalogue-text';

const SAME_GESTURE_MS = 400;

/**
 * A catalogue figure's source, date and confidence, one hover, focus or tap away: a small button whose
 * tooltip opens on pointer hover, on keyboard focus and on a tap (click toggles), and closes on Escape.
 * The tooltip is the button's description, so screen readers read it too.
 */
export function SourceTip({ figure, what }: { figure: CatalogRef | CatalogValue; what: string }) {
  const { t } = useTranslation('hardware');
  const locale = useAppStore((s) => s.locale);
  const [open, setOpenState] = useState(false);
  // A tap focuses the button and then clicks it, and a mouse hovers before it clicks: a click right
  // after the tooltip opened belongs to the same gesture and keeps it open; a later click toggles.
  const openedAt = useRef(0);
  const setOpen = (next: boolean) => {
    if (next) openedAt.current = Date.now();
    setOpenState(next);
  };
  const id = useId();
  const value = 'value' in figure ? figure : null;
  const range = value ? rangeOf(value) : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the tooltip; the button is the control
    <span className="source-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="source-tip__button"
        aria-label={t('sourceButton', { what })}
        aria-describedby={id}
        aria-expanded={open}
        data-testid="source-tip"
        onClick={() => {
          if (open && Date.now() - openedAt.current < SAME_GESTURE_MS) return;
          setOpen(!open);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        i
      </button>
      <span role="tooltip" id={id} className="source-tip__bubble" hidden={!open}>
        <span className="source-tip__line">
          {t('sourceLine', { source: catalogueSource(figure.source, locale) || '—' })}
        </span>
        <span className="source-tip__line">
          {t('asOfLine', { asOf: catalogueDate(figure.asOf, locale) || '—' })}
        </span>
        <span className={`source-tip__line source-tip__conf source-tip__conf--${figure.confidence}`}>
          {t(`confidence.${figure.confidence}`)}
        </span>
        <span className="source-tip__line">{t('printed', { text: figure.fromText })}</span>
        {value?.derivations
          .filter((d) => d !== 'midpoint' || range === null)
          .map((d) => (
            <span key={d} className="source-tip__line">
              {t(`derivation.${d}`)}
            </span>
          ))}
        {range ? (
          <span className="source-tip__line">
            {t('range', {
              low: formatNumber(range.low, locale, 2),
              high: formatNumber(range.high, locale, 2),
            })}
          </span>
        ) : null}
      </span>
    </span>
  );
}

/** "Estimate" next to every low-confidence catalogue value (never shown without saying so). */
export function EstimateBadge({ figure }: { figure: { confidence: string } }) {
  const { t } = useTranslation('hardware');
  if (figure.confidence !== 'L') return null;
  return <span className="badge hw-badge hw-badge--estimate">{t('estimate')}</span>;
}
