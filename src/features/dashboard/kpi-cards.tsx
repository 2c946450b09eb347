import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Term } from '../../components/term';
import { type Evaluation, type Scenario, STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { wayName } from '../../view-model/way-name';

/** One card per strategy: monthly, annual and horizon cost, unit cost and utilization (docs/model.md §5). */
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
  const { horizonMonths } = scenario;
  const { referenceDenseTflopsPerGpu: tflops } = scenario.hardware;
  const { unitName } = scenario.throughput;
  // With a cluster already owned the ways are named by what they do with it (keep, sell).
  const name = wayName(t, id, scenario);
  // What a step rarely changes (the name, badges, blurb and the figures' labels) is kept as the same
  // elements between renders, which React skips; only the figures themselves are drawn again.
  const head = useMemo(
    () => (
      <div className="kpi__head">
        <h3 id={headingId} className="kpi__name">
          <span className="swatch" style={{ background: STRATEGY_COLORS[id] }} aria-hidden="true" />
          {name}
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
    ),
    [id, headingId, isWinner, calibrated, name, t],
  );
  const blurb = useMemo(() => <p className="kpi__blurb">{t(`strategyBlurb.${id}`)}</p>, [id, t]);
  const labels = useMemo(
    () => ({
      annual: t('kpi.annual'),
      horizon: t('kpi.horizon', { months: horizonMonths }),
      unitCost: <Term id="usefulGpuHour">{t('kpi.unitCost')}</Term>,
      perCompute: <Term id="pflopHour">{t('glossary:labels.perCompute')}</Term>,
      perComputeTitle: t('hardware:kpi.perPflopTitle', { tflops }),
      usefulShare: <Term id="usefulShare">{t('glossary:labels.usefulShare')}</Term>,
      perMillionUnits: t('kpi.perMillionUnits', { unit: unitName }),
    }),
    [t, horizonMonths, tflops, unitName],
  );

  return (
    <li
      className={classes}
      aria-labelledby={headingId}
      style={r.eligible ? { borderTopColor: STRATEGY_COLORS[id] } : undefined}
    >
      {head}
      {blurb}
      {r.ineligibleReason ? (
        <p className="kpi__reason">
          <strong>{t('common:join.labelLead', { label: t('kpi.ineligible') })}</strong>
          {t(`ineligible.${r.ineligibleReason}`)}
        </p>
      ) : null}
      <p className="kpi__monthly">
        <span data-testid={`kpi-monthly-${id}`} className="kpi__amount">
          {formatMoney(r.monthlyCny, money)}
        </span>{' '}
        <span className="kpi__per">{t('kpi.monthly')}</span>
      </p>
      <dl className="kpi__facts">
        <KpiFact label={labels.annual} value={formatMoney(r.annualCny, money)} />
        <KpiFact
          label={labels.horizon}
          value={formatMoney(r.horizonCny, money)}
          testId={`kpi-horizon-${id}`}
        />
        <KpiFact label={labels.unitCost} value={formatMoney(r.costPerUsefulGpuHourCny, money, 2)} />
        <KpiFact
          label={labels.perCompute}
          labelTitle={labels.perComputeTitle}
          value={formatMoney(r.costPerUsefulPflopHourCny, money, 2)}
          testId={`cost-per-pflop-${id}`}
        />
        <KpiFact label={labels.usefulShare} value={formatPercent(r.utilization, money.locale, 0)} />
        {r.costPerMillionUnitsCny !== null ? (
          <KpiFact label={labels.perMillionUnits} value={formatMoney(r.costPerMillionUnitsCny, money, 2)} />
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

/** One figure of a card: drawn again only when its text (or its label) changes. */
const KpiFact = memo(function KpiFact({
  label,
  labelTitle,
  value,
  testId,
}: {
  label: ReactNode;
  labelTitle?: string;
  value: string;
  testId?: string;
}) {
  return (
    <div>
      <dt title={labelTitle}>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
});
