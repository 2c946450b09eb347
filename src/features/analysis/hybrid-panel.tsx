import type { ReactNode } from 'react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import type { HybridAnalysis } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import type { AnalysisState } from '../../workers/use-analysis';
import { analysisErrorText } from './error-text';

/**
 * The optimal hybrid baseline (engine hybrid-analysis.ts): the owned or reserved baseline with the
 * lowest total cost, the share that bursts, the saving against each pure strategy, and why the
 * baseline sits where it does (the newsvendor's critical percentile, with this scenario's numbers).
 */
// Memoised: the state changes only when the worker reports, not on every slider step.
export const HybridPanel = memo(function HybridPanel({
  state,
}: {
  state: AnalysisState<'hybrid'>;
}): ReactNode {
  const { t } = useTranslation('analysis');
  const result = state.result;
  return (
    <Panel
      className="analysis-hybrid"
      title={t('hybrid.title')}
      busy={state.status === 'running'}
      testId="hybrid-panel"
      error={analysisErrorText(state, t)}
    >
      {result ? (
        <HybridView result={result} stale={state.status === 'running'} />
      ) : (
        <p>{t('monteCarlo.running')}</p>
      )}
    </Panel>
  );
});

function HybridView({ result: h, stale }: { result: HybridAnalysis; stale: boolean }): ReactNode {
  const { t } = useTranslation('analysis');
  const money = useMoneyFormat();
  const { locale } = money;
  if (!h.eligible) return <p>{t('hybrid.ineligible')}</p>;
  const mode = t(h.mode === 'owned' ? 'hybrid.modeOwned' : 'hybrid.modeReserved');
  const perHour = (v: number) => formatMoney(v, money, 2);
  const m = h.marginal;
  const ruleValues = {
    mode,
    fixed: formatMoney(m.baselineCnyPerGpuMonth, money),
    usable: formatNumber(m.usableShare, locale, 2),
    burst: perHour(m.burstCnyPerUsefulGpuHour),
    run: perHour(m.baselineCnyPerUsefulGpuHour),
  };
  const savings = (['selfBuild', 'rent', 'platform'] as const).map((id) => ({
    id,
    saving: h.savingVsCny[id],
  }));

  return (
    <div className={stale ? 'analysis-stale' : undefined}>
      <dl className="analysis-facts">
        <div>
          <dt>{t('hybrid.baseline', { mode })}</dt>
          <dd data-testid="hybrid-baseline">
            {t('hybrid.baselineValue', { gpus: formatNumber(h.baselineGpus, locale) })}
            {h.baselineGpus > 0 ? (
              <span className="analysis-facts__sub">
                {t('hybrid.usable', { useful: formatNumber(h.usableBaselineGpus, locale, 1) })}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('hybrid.burst')}</dt>
          <dd data-testid="hybrid-burst">
            {formatPercent(h.burstShare, locale, 1)}
            <span className="analysis-facts__sub">{t('hybrid.burstValue')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('hybrid.monthly')}</dt>
          <dd>{formatMoney(h.monthlyCny, money)}</dd>
        </div>
      </dl>
      <h4 className="analysis-subtitle">{t('hybrid.savingTitle')}</h4>
      <ul className="analysis-savings">
        {savings.map(({ id, saving }) => (
          <li key={id} data-testid={`hybrid-saving-${id}`}>
            <span>{t('hybrid.vs', { name: t(`strategy.${id}`, { ns: 'charts' }) })}</span>{' '}
            <strong>
              {saving === null
                ? t('hybrid.ruledOut')
                : saving >= 0
                  ? t('hybrid.saves', { amount: formatMoney(saving, money) })
                  : t('hybrid.costsMore', { amount: formatMoney(-saving, money) })}
            </strong>
          </li>
        ))}
      </ul>
      <p data-testid="hybrid-rule">
        {/* A critical percentile clamped to 0 means the fixed cost exceeds any marginal saving. */}
        {h.criticalPercentile === null || Math.round(h.criticalPercentile * 100) <= 0
          ? t('hybrid.ruleNever', ruleValues)
          : t('hybrid.rule', { ...ruleValues, critical: Math.round(h.criticalPercentile * 100) })}
      </p>
      <p className="analysis-note">
        {h.baselineGpus === 0
          ? t('hybrid.pureBurst')
          : t('hybrid.actual', { covered: formatPercent(h.baselinePercentile, locale, 0) })}
      </p>
    </div>
  );
}
