import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrategyId } from '../../engine';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { winnerRuns } from './winner-runs';

export interface WinnerStripProps {
  /** Winner at each sweep point, in slider order. */
  winners: readonly StrategyId[];
  /** Label of each sweep point (e.g. "45%", "Level 3"). */
  labels: readonly string[];
  /** Position of the current value as an index into `winners` (may be fractional). */
  currentIndex: number;
}

/**
 * "Who wins across this range" (after the NYT rent-or-buy calculator): one coloured segment per run of
 * equal winners, a marker at the current value, and a text legend that carries the same information
 * for screen readers and without colour.
 */
export const WinnerStrip = memo(function WinnerStrip({ winners, labels, currentIndex }: WinnerStripProps) {
  const { t } = useTranslation();
  const n = winners.length;
  if (n === 0) return null;
  const runs = winnerRuns(winners);
  const markerLeft = `${((Math.min(n - 1, Math.max(0, currentIndex)) + 0.5) / n) * 100}%`;

  return (
    <div className="strip">
      <div className="strip__bar" aria-hidden="true">
        {runs.map((run) => (
          <span
            key={`${run.start}-${run.winner}`}
            className="strip__segment"
            style={{
              width: `${((run.end - run.start + 1) / n) * 100}%`,
              background: STRATEGY_COLORS[run.winner],
            }}
            title={t('strip.range', {
              from: labels[run.start],
              to: labels[run.end],
              winner: t(`strategy.${run.winner}`),
            })}
          />
        ))}
        <span className="strip__marker" style={{ left: markerLeft }} title={t('strip.current')} />
      </div>
      <p className="strip__legend">
        <span className="visually-hidden">{t('common:join.labelLead', { label: t('strip.title') })}</span>
        {runs.map((run, i) => (
          <span key={`${run.start}-${run.winner}`} className="strip__legend-item">
            <span className="swatch" style={{ background: STRATEGY_COLORS[run.winner] }} aria-hidden="true" />
            {run.start === run.end
              ? t('strip.single', { at: labels[run.start], winner: t(`strategy.${run.winner}`) })
              : t('strip.range', {
                  from: labels[run.start],
                  to: labels[run.end],
                  winner: t(`strategy.${run.winner}`),
                })}
            {i < runs.length - 1 ? (
              <span className="visually-hidden">{t('common:join.separator')}</span>
            ) : null}
          </span>
        ))}
      </p>
    </div>
  );
}, sameStrip);

/**
 * A step that re-prices the sweep usually leaves its winners and labels as they were (a compliance
 * step rarely changes who wins at each load rate): compared value by value, such a strip is not drawn
 * again.
 */
function sameStrip(a: WinnerStripProps, b: WinnerStripProps): boolean {
  return (
    a.currentIndex === b.currentIndex && sameItems(a.winners, b.winners) && sameItems(a.labels, b.labels)
  );
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}
