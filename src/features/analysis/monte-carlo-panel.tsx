import type { ReactNode } from 'react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { COMPARATOR_IDS, DEFAULT_CROSSOVER_DRAWS, type MonteCarloResult, STRATEGY_IDS } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { comparatorName } from '../../view-model/comparison-text';
import { INELIGIBLE_COLOR, STRATEGY_COLORS } from '../../view-model/strategy-style';
import type { AnalysisState } from '../../workers/use-analysis';
import { cheapestShares, roundedPercents } from './analysis-data';
import { analysisErrorText } from './error-text';

/**
 * The Monte Carlo result: a progress bar (the run reports every 5 % of its draws), the probability
 * that each strategy is cheapest, P10/P50/P90 of each strategy's monthly cost and the P10–P90 band
 * of self-build's crossover load rate against each named comparator. The previous result stays visible (dimmed) while a new one runs.
 */
// Memoised: the state changes only when the worker reports, not on every slider step.
export const MonteCarloPanel = memo(function MonteCarloPanel({
  state,
  draws,
}: {
  state: AnalysisState<'monteCarlo'>;
  /** Draws the scenario asks for (shown in the progress bar before the first result). */
  draws: number;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const money = useMoneyFormat();
  const { locale } = money;
  const running = state.status === 'running';
  const percent = Math.round(state.progress * 100);
  const result = state.result;
  const total = result && !running ? result.draws : draws;

  return (
    <Panel
      className="analysis-mc"
      title={t('monteCarlo.title')}
      busy={running}
      head={
        <div className="analysis-progress">
          <div
            role="progressbar"
            aria-label={t('monteCarlo.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="analysis-progress__track"
            data-testid="mc-progress"
          >
            <div className="analysis-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <span className="analysis-progress__text">
            {t('monteCarlo.progressText', {
              done: formatNumber(Math.round(state.progress * total), locale),
              total: formatNumber(total, locale),
            })}
          </span>
        </div>
      }
      error={analysisErrorText(state, t)}
    >
      {result ? <MonteCarloResultView result={result} stale={running} /> : <p>{t('monteCarlo.running')}</p>}
    </Panel>
  );
});

function MonteCarloResultView({ result, stale }: { result: MonteCarloResult; stale: boolean }): ReactNode {
  const { t } = useTranslation('analysis');
  const money = useMoneyFormat();
  const { locale } = money;
  const shares = cheapestShares(result);
  const percents = roundedPercents(shares.map((s) => s.share));
  const name = (id: (typeof STRATEGY_IDS)[number]) => t(`strategy.${id}`, { ns: 'charts' });
  const pct = (f: number) => formatPercent(f, locale, 1);
  return (
    <div className={stale ? 'analysis-stale' : undefined}>
      <p className="analysis-note">
        {t('monteCarlo.method', { draws: formatNumber(result.draws, locale), seed: result.seed })}
      </p>
      <h4 className="analysis-subtitle">{t('monteCarlo.cheapestTitle')}</h4>
      <ul className="analysis-bars" data-testid="p-cheapest">
        {shares.map((s, i) => {
          const shown = percents[i];
          const text = shown === null || shown === undefined ? t('monteCarlo.notEligible') : `${shown}%`;
          return (
            <li
              key={s.id}
              className="analysis-bars__row"
              data-testid={`p-cheapest-${s.id}`}
              data-percent={shown ?? ''}
              aria-label={t('monteCarlo.cheapestLabel', { name: name(s.id), share: text })}
            >
              <span className="analysis-bars__name">{name(s.id)}</span>
              <span className="analysis-bars__track" aria-hidden="true">
                <span
                  className="analysis-bars__fill"
                  style={{
                    width: `${shown ?? 0}%`,
                    background: s.share === null ? INELIGIBLE_COLOR : STRATEGY_COLORS[s.id],
                  }}
                />
              </span>
              <span className="analysis-bars__value" aria-hidden="true">
                {text}
              </span>
            </li>
          );
        })}
      </ul>

      <div className="analysis-table-wrap">
        <DataTable
          className="analysis-table"
          testId="mc-percentiles"
          caption={t('monteCarlo.costTitle')}
          headers={[t('monteCarlo.strategy'), t('monteCarlo.p10'), t('monteCarlo.p50'), t('monteCarlo.p90')]}
        >
          <tbody>
            {STRATEGY_IDS.map((id) => {
              const p = result.strategies[id].monthlyCny;
              return (
                <tr key={id}>
                  <th scope="row">{name(id)}</th>
                  {p ? (
                    <>
                      <td>{formatMoney(p.p10, money)}</td>
                      <td>{formatMoney(p.p50, money)}</td>
                      <td>{formatMoney(p.p90, money)}</td>
                    </>
                  ) : (
                    <td colSpan={3}>{t('monteCarlo.notEligible')}</td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </div>
      <p className="analysis-note">{t('monteCarlo.percentileNote')}</p>

      <h4 className="analysis-subtitle">{t('monteCarlo.crossoverTitle')}</h4>
      {COMPARATOR_IDS.map((id) => {
        const x = result.crossover[id];
        const comparator = comparatorName(id, t);
        const band = x.loadRate;
        return (
          <p key={id} data-testid={`mc-crossover-${id}`} data-comparator={id}>
            {band
              ? t('monteCarlo.crossoverBand', {
                  comparator,
                  p10: pct(band.p10),
                  p50: pct(band.p50),
                  p90: pct(band.p90),
                })
              : t('monteCarlo.crossoverNone', { comparator })}{' '}
            {t('monteCarlo.crossoverShare', { comparator, share: formatPercent(x.crossingShare, locale, 0) })}
          </p>
        );
      })}
      <p className="analysis-note">
        {t('monteCarlo.crossoverSample', {
          sampled: formatNumber(result.crossover.rent.sampledDraws || DEFAULT_CROSSOVER_DRAWS, locale),
          draws: formatNumber(result.draws, locale),
        })}
      </p>
    </div>
  );
}
