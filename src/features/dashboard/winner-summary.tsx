import { useTranslation } from 'react-i18next';
import { STRATEGY_COLORS } from '../../components/strategy-style';
import type { Evaluation } from '../../engine';
import { formatMoney, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';

/**
 * The one-sentence headline ("Platform is 34.2% cheaper than Rent: ¥19,500 a month (¥234,000 a
 * year).") plus the break-even load rate, the break-even month and the load rate now.
 */
export function WinnerSummary({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const rec = evaluation.recommendation;
  const saving = rec.savingMonthlyCny;

  return (
    <div className="summary">
      <p className="summary__headline" aria-live="polite">
        <strong data-testid="winner" className="summary__winner" style={{ color: 'var(--ink)' }}>
          <span className="swatch" style={{ background: STRATEGY_COLORS[rec.strategy] }} aria-hidden="true" />
          {t(`strategy.${rec.strategy}`)}
        </strong>{' '}
        {rec.runnerUp
          ? t('summary.cheaper', {
              percent: formatPercent(rec.savingFraction, money.locale, 1),
              runnerUp: t(`strategy.${rec.runnerUp}`),
              monthly: formatMoney(saving, money),
              annual: formatMoney(saving * 12, money),
            })
          : t('summary.only')}
      </p>
      <dl className="summary__facts">
        <div>
          <dt>{t('summary.crossover')}</dt>
          <dd data-testid="crossover-load-rate">
            {evaluation.crossoverLoadRate === null
              ? t('summary.noCrossover')
              : formatPercent(evaluation.crossoverLoadRate, money.locale, 1)}
          </dd>
        </div>
        <div>
          <dt>{t('summary.breakEven')}</dt>
          <dd data-testid="break-even-month">
            {evaluation.breakEvenMonth === null
              ? t('summary.noBreakEven')
              : t('summary.breakEvenMonth', { month: evaluation.breakEvenMonth })}
          </dd>
        </div>
        <div>
          <dt>{t('summary.loadRateNow')}</dt>
          <dd>{formatPercent(evaluation.loadRate, money.locale, 1)}</dd>
        </div>
      </dl>
    </div>
  );
}
