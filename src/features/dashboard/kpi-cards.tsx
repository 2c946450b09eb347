import { useTranslation } from 'react-i18next';
import { Term } from '../../components/term';
import { type Evaluation, type Scenario, STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';

/** One card per strategy: monthly, annual and horizon cost, unit cost and utilization (MODEL.md §5). */
export function KpiCards({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  return (
    <ul className="kpi-grid">
      {STRATEGY_IDS.map((id) => (
        <KpiCard key={id} id={id} scenario={scenario} evaluation={evaluation} />
      ))}
    </ul>
  );
}

function KpiCard({
  id,
  scenario,
  evaluation,
}: {
  id: StrategyId;
  scenario: Scenario;
  evaluation: Evaluation;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const r = evaluation.strategies[id];
  const isWinner = evaluation.recommendation.strategy === id;
  const calibrated = evaluation.calibrated.includes(id);
  const headingId = `kpi-${id}-name`;
  const classes = ['kpi', r.eligible ? '' : 'kpi--ineligible', isWinner ? 'kpi--winner' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <li
      className={classes}
      aria-labelledby={headingId}
      style={r.eligible ? { borderTopColor: STRATEGY_COLORS[id] } : undefined}
    >
      <div className="kpi__head">
        <h3 id={headingId} className="kpi__name">
          <span className="swatch" style={{ background: STRATEGY_COLORS[id] }} aria-hidden="true" />
          {t(`strategy.${id}`)}
        </h3>
        <span className="kpi__badges">
          {isWinner ? <span className="badge badge--win">{t('kpi.winner')}</span> : null}
          {calibrated ? (
            <Term id="publishedExample">
              <span className="badge badge--calibrated" title={t('kpi.calibratedTitle')}>
                {t('kpi.calibrated')}
              </span>
            </Term>
          ) : null}
        </span>
      </div>
      <p className="kpi__blurb">{t(`strategyBlurb.${id}`)}</p>
      {r.ineligibleReason ? (
        <p className="kpi__reason">
          <strong>{t('kpi.ineligible')}:</strong> {t(`ineligible.${r.ineligibleReason}`)}
        </p>
      ) : null}
      <p className="kpi__monthly">
        <span data-testid={`kpi-monthly-${id}`} className="kpi__amount">
          {formatMoney(r.monthlyCny, money)}
        </span>{' '}
        <span className="kpi__per">{t('kpi.monthly')}</span>
      </p>
      <dl className="kpi__facts">
        <div>
          <dt>{t('kpi.annual')}</dt>
          <dd>{formatMoney(r.annualCny, money)}</dd>
        </div>
        <div>
          <dt>{t('kpi.horizon', { months: scenario.horizonMonths })}</dt>
          <dd>{formatMoney(r.horizonCny, money)}</dd>
        </div>
        <div>
          <dt>
            <Term id="usefulGpuHour">{t('kpi.unitCost')}</Term>
          </dt>
          <dd>{formatMoney(r.costPerUsefulGpuHourCny, money, 2)}</dd>
        </div>
        <div>
          <dt
            title={t('hardware:kpi.perPflopTitle', { tflops: scenario.hardware.referenceDenseTflopsPerGpu })}
          >
            <Term id="pflopHour">{t('glossary:labels.perCompute')}</Term>
          </dt>
          <dd data-testid={`cost-per-pflop-${id}`}>{formatMoney(r.costPerUsefulPflopHourCny, money, 2)}</dd>
        </div>
        <div>
          <dt>
            <Term id="usefulShare">{t('glossary:labels.usefulShare')}</Term>
          </dt>
          <dd>{formatPercent(r.utilization, money.locale, 0)}</dd>
        </div>
        {r.costPerMillionUnitsCny !== null ? (
          <div>
            <dt>{t('kpi.perMillionUnits', { unit: scenario.throughput.unitName })}</dt>
            <dd>{formatMoney(r.costPerMillionUnitsCny, money, 2)}</dd>
          </div>
        ) : null}
      </dl>
      {id === 'hybrid' && r.eligible ? (
        <p className="kpi__note">
          <Term id="overflow">
            {t('kpi.baseline', {
              gpus: formatNumber(r.baselineGpus, money.locale),
              share: formatPercent(r.burstShare, money.locale, 0),
            })}
          </Term>
        </p>
      ) : null}
    </li>
  );
}
