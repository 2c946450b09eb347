import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { jumpToWhenRendered } from '../../components/scroll-hold';
import { type LadderPlan, type LadderTierId, planLadderDeadlines, type Scenario } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { LADDER_BAND_COLORS, ladderChart, ladderMiniBands } from '../../view-model/ladder-chart';
import {
  type LadderFormat,
  type LadderStanding,
  ladderDeadlineText,
  ladderMarketText,
  ladderSentence,
  tierName,
} from '../../view-model/ladder-text';

/** The small chart's box (it stretches to the card's width; the height stays). */
const MINI_WIDTH = 300;
const MINI_HEIGHT = 44;

/**
 * The ladder's plan as a verdict (issue 37): on the first screen when committing in rungs is cheaper
 * than the best single way ("Cheaper still, committing in rungs: own 256 GPUs, reserve 128 …"), behind
 * Details when it is not, and in the recommendation. The sentence is the section's own, so the two never
 * disagree; a link jumps to the section's chart and rungs.
 */
export function LadderVerdictLine({
  scenario,
  plan,
  standing,
  stale,
  testId,
}: {
  /** The scenario the plan was solved for (a training plan's deadlines are read on it). */
  scenario: Scenario;
  plan: LadderPlan;
  standing: LadderStanding;
  /** The plan is the previous scenario's, while the worker solves this one. */
  stale: boolean;
  testId: string;
}): ReactNode {
  const { t } = useTranslation(['sizing', 'common']);
  const money = useMoneyFormat();
  const f: LadderFormat = {
    money: (v) => formatMoney(v, money),
    count: (v) => formatNumber(v, money.locale),
    percent: (v) => formatPercent(v, money.locale, 1),
  };
  const chart = useMemo(() => ladderChart(plan), [plan]);
  // Drawn only when it shows a split: one band alone would be a block of one colour.
  const bands = useMemo(() => ladderMiniBands(chart, MINI_WIDTH, MINI_HEIGHT), [chart]);
  const name = (key: LadderTierId | 'waiting') =>
    key === 'waiting' ? t('ladder.chart.waiting') : tierName(key, t);
  const peak = Math.max(0, ...chart.points.map((p) => p.demandGpus));
  // A plan that misses a training plan's deadlines says so beside its cost (not while it is stale).
  const deadlines = useMemo(
    () => (stale ? null : planLadderDeadlines(scenario, plan)),
    [stale, scenario, plan],
  );
  const join = t('common:join.sentences');
  // One market: the plan's by-the-hour part against the GPUs one can get on demand.
  const market = ladderMarketText(plan, t, f);
  const wins = standing === 'wins';
  return (
    <div
      className={standing === 'same' ? 'summary__ladder' : 'summary__ladder summary__ladder--wins'}
      data-testid={testId}
      data-wins={wins}
      data-standing={standing}
      aria-busy={stale}
    >
      <p className="summary__ladder-text">
        <strong>{t(`ladder.verdict.${standing}`)}</strong>
        {join}
        <span data-testid={`${testId}-sentence`}>{ladderSentence(plan, t, f)}</span>
        {market !== null ? (
          <>
            {join}
            <span data-testid={`${testId}-market`} data-peak-gpus={plan.market.peakGpus}>
              {market}
            </span>
          </>
        ) : null}
        {deadlines !== null && !deadlines.allOnTime ? (
          <>
            {join}
            <span className="summary__ladder-late" data-testid={`${testId}-deadlines`}>
              {ladderDeadlineText(deadlines, t, f)}
            </span>
          </>
        ) : null}{' '}
        <button
          type="button"
          className="link-button"
          // The section renders once it nears the viewport; the address stays as it is.
          onClick={() => jumpToWhenRendered('ladder-caption', 'ladder')}
        >
          {t('ladder.verdict.see')}
        </button>
      </p>
      {bands.length > 1 ? (
        // The section's load-duration chart drawn small: the tiers as bands, busiest moment on the left.
        <svg
          className="summary__ladder-chart"
          viewBox={`0 0 ${MINI_WIDTH} ${MINI_HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('ladder.chart.summary', {
            bands: chart.keys.map(name).join(t('ladder.chart.join')),
            peak: formatNumber(peak, money.locale),
          })}
          data-testid={`${testId}-chart`}
        >
          {bands.map((b) => (
            <path key={b.key} d={b.path} fill={LADDER_BAND_COLORS[b.key]} data-band={b.key}>
              <title>{name(b.key)}</title>
            </path>
          ))}
        </svg>
      ) : null}
      {bands.length > 1 ? (
        <ul className="summary__ladder-legend" aria-hidden="true">
          {bands.map((b) => (
            <li key={b.key}>
              <span className="swatch" style={{ background: LADDER_BAND_COLORS[b.key] }} />
              {name(b.key)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
