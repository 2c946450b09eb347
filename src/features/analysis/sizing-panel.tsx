import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame, type LegendItem } from '../../components/chart-frame';
import { AXIS_TICK, LABEL_HALO, REFERENCE_COLOR } from '../../components/chart-style';
import { DataTable } from '../../components/data-table';
import { LadderBudgetTable } from '../../components/ladder-budget-table';
import { Panel } from '../../components/panel';
import { budgetPlan, type Scenario, sizingCurve } from '../../engine';
import { formatMoney, formatMoneyCompact, formatNumber, formatPercent } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { ladderSentence, ladderStanding } from '../../view-model/ladder-text';
import { planBandFits, sizingChartData, sizingXTicks } from '../../view-model/sizing-chart';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import type { AnalysisState } from '../../workers/use-analysis';
import { BudgetPlanTable } from './budget-plan-table';
import { analysisErrorText } from './error-text';

const LINE_COLOR = STRATEGY_COLORS.hybrid;
const BAND_COLOR = '#c7d2fe';
const OPTIMUM_COLOR = '#047857';

/**
 * The sizing curve (engine sizing-curve.ts): total cost over the horizon against owned GPUs, 0 to the
 * peak in whole servers, with the Monte Carlo P10–P90 band from the worker, the optimum (the engine's
 * right size) and the current size marked; a table alternative; then the buy-N budget plan by quarter.
 * The curve and the plan are priced here (a few dozen pricings); only the band waits for the worker.
 */
export function SizingPanel({
  scenario,
  state,
  ladder = null,
}: {
  scenario: Scenario;
  state: AnalysisState<'sizing'>;
  /**
   * The ladder's plan solved for this scenario (useScenarioAnalyses). When it is the verdict (it wins),
   * the budget below the curve is its plan by quarter, not buy-N: the dashboard budgets one plan.
   */
  ladder?: AnalysisState<'ladder'> | null;
}): ReactNode {
  const { t } = useTranslation('sizing');
  const money = useMoneyFormat();
  const { locale } = money;
  const curve = useMemo(() => sizingCurve(scenario), [scenario]);
  const data = useMemo(() => sizingChartData(curve, state.result, money), [curve, state.result, money]);
  const plan = useMemo(
    () =>
      budgetPlan(
        scenario,
        curve.optimumGpus,
        planBandFits(curve, state.result) ? (state.result?.burstP90ByQuarterCny ?? null) : null,
      ),
    [scenario, curve, state.result],
  );
  // The ladder's plan is the budget of record when it wins. While the next one is solved the last
  // stays, dimmed, as the ladder's section keeps it (no swap to buy-N and back on every step); a
  // plan the worker failed to solve is not shown.
  const solvedLadder = ladder?.status === 'done' || ladder?.status === 'running' ? ladder.result : null;
  // The plan the market allows (the cheapest single way needing more GPUs at once) is of record too.
  const standing = solvedLadder ? ladderStanding(solvedLadder) : 'same';
  const ofRecord = solvedLadder && standing !== 'same' ? solvedLadder : null;
  const ladderStale = ladder?.status === 'running';
  const running = state.status === 'running';
  const percent = Math.round(state.progress * 100);
  const totalDraws = state.result && !running ? state.result.draws : null;
  const gpus = (v: number) => formatNumber(v, locale);
  const optimumRow = data.rows.find((r) => r.ownedGpus === data.optimum.gpus);
  const compact = (cny: number) => formatMoneyCompact(cny, money);
  // The chart's values are already in the display currency (view-model): format without converting.
  const displayed = { ...money, cnyPerUsd: 1 };
  const legend: LegendItem[] = [
    { key: 'total', label: t('series.total'), color: LINE_COLOR, shape: 'line' },
    ...(data.bandDraws !== null
      ? [{ key: 'band', label: t('series.band'), color: BAND_COLOR, shape: 'square' as const }]
      : []),
  ];
  const notes = [
    ...(data.bandDraws !== null && state.result
      ? [t('bandNote', { draws: formatNumber(data.bandDraws, locale) })]
      : [t('bandPending')]),
    ...(data.strideGpus > data.stepGpus ? [t('stride', { gpus: gpus(data.strideGpus) })] : []),
  ];
  // Direct labels beside their lines: left of a line in the right part of the plot, else right of
  // it; the current size's label a row lower when the two lines are close, so they never overprint.
  const side = (x: number): 'insideTopRight' | 'insideTopLeft' =>
    x > data.xMax * 0.6 ? 'insideTopRight' : 'insideTopLeft';
  const close = Math.abs(data.current.gpus - data.optimum.gpus) < data.xMax * 0.35;
  const markLabel = (text: string, color: string, x: number, row: number) => ({
    value: text,
    position: side(x),
    fill: color,
    dy: row * 16,
    ...LABEL_HALO,
  });

  return (
    <Panel
      className="analysis-sizing"
      title={t('cardTitle')}
      testId="sizing-panel"
      id="sizing"
      head={
        <>
          <p className="analysis-note">{t('intro', { step: data.stepGpus, months: data.horizonMonths })}</p>
          <dl className="analysis-facts">
            <div>
              <dt>{t('optimum')}</dt>
              <dd data-testid="sizing-optimum-gpus" data-gpus={data.optimum.gpus}>
                {data.optimum.gpus === 0
                  ? t('optimumZero')
                  : t('optimumValue', { gpus: gpus(data.optimum.gpus) })}
                <span className="analysis-facts__sub">
                  {t('optimumTotal', {
                    total: formatMoney(data.optimum.totalCostCny, money),
                    perHour: formatMoney(optimumRow?.costPerUsefulGpuHourCny ?? 0, money, 2),
                  })}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('current')}</dt>
              <dd data-testid="sizing-current-gpus" data-gpus={data.current.gpus}>
                {t('optimumValue', { gpus: gpus(data.current.gpus) })}
                <span className="analysis-facts__sub">{formatMoney(data.current.totalCostCny, money)}</span>
              </dd>
            </div>
          </dl>
          <div className="analysis-progress">
            <div
              role="progressbar"
              aria-label={t('progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent}%`}
              className="analysis-progress__track"
              data-testid="sizing-progress"
            >
              <div className="analysis-progress__fill" style={{ width: `${percent}%` }} />
            </div>
            {totalDraws !== null ? (
              <span className="analysis-progress__text">
                {t('progressText', {
                  done: formatNumber(totalDraws, locale),
                  total: formatNumber(totalDraws, locale),
                })}
              </span>
            ) : null}
          </div>
        </>
      }
      error={analysisErrorText(state, t)}
    >
      <div className={running ? 'analysis-stale' : undefined}>
        <ChartFrame
          id="sizing"
          title={t('title')}
          summary={t('summary', {
            optimum: gpus(data.optimum.gpus),
            optimumTotal: formatMoney(data.optimum.totalCostCny, money),
            current: gpus(data.current.gpus),
            currentTotal: formatMoney(data.current.totalCostCny, money),
          })}
          legendLabel={t('legendLabel')}
          legend={legend}
          notes={notes}
        >
          <ComposedChart
            data={data.rows}
            margin={{ top: 24, right: 20, bottom: 24, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis
              dataKey="ownedGpus"
              type="number"
              domain={[0, Math.max(1, data.xMax)]}
              ticks={sizingXTicks(data)}
              tick={AXIS_TICK}
              tickFormatter={(v: number) => gpus(v)}
              label={{ value: t('xAxis'), position: 'insideBottom', offset: -16, fontSize: 12 }}
            />
            <YAxis
              width={64}
              domain={[data.yBottom, data.yTop]}
              ticks={data.yTicks}
              tick={AXIS_TICK}
              tickFormatter={(v: number) => formatMoneyCompact(v, displayed)}
            />
            <Tooltip
              formatter={(value, name) => [
                Array.isArray(value)
                  ? value.map((v) => formatMoneyCompact(Number(v), displayed)).join(' – ')
                  : formatMoneyCompact(Number(value), displayed),
                name,
              ]}
              labelFormatter={(v) => t('optimumValue', { gpus: gpus(Number(v)) })}
            />
            <Area
              dataKey="bandDisplay"
              name={t('series.band')}
              stroke="none"
              fill={BAND_COLOR}
              fillOpacity={0.8}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="totalDisplay"
              name={t('series.total')}
              stroke={LINE_COLOR}
              strokeWidth={2}
              dot={{ r: 2.5 }}
              isAnimationActive={false}
            />
            <ReferenceLine
              x={data.optimum.gpus}
              stroke={OPTIMUM_COLOR}
              strokeWidth={2}
              label={markLabel(
                data.currentIsOptimum
                  ? t('mark.both', { gpus: gpus(data.optimum.gpus) })
                  : t('mark.optimum', { gpus: gpus(data.optimum.gpus) }),
                OPTIMUM_COLOR,
                data.optimum.gpus,
                0,
              )}
            />
            {data.currentIsOptimum ? null : (
              <ReferenceLine
                x={data.current.gpus}
                stroke={REFERENCE_COLOR}
                strokeDasharray="6 3"
                label={markLabel(
                  t('mark.current', { gpus: gpus(data.current.gpus) }),
                  REFERENCE_COLOR,
                  data.current.gpus,
                  close ? 1 : 0,
                )}
              />
            )}
          </ComposedChart>
        </ChartFrame>
        <details className="panel">
          <summary className="panel__summary">
            <span className="panel__title">{t('tableSummary')}</span>
          </summary>
          <div className="analysis-table-wrap">
            <DataTable
              className="analysis-table"
              testId="sizing-table"
              caption={t('table.caption')}
              headers={[
                t('table.gpus'),
                t('table.total'),
                t('table.p10'),
                t('table.p90'),
                t('table.perHour'),
                t('table.burst'),
              ]}
            >
              <tbody>
                {data.rows.map((r) => {
                  const tags = [
                    r.ownedGpus === data.optimum.gpus ? t('table.optimumTag') : null,
                    r.ownedGpus === data.current.gpus ? t('table.currentTag') : null,
                  ].filter((x) => x !== null);
                  return (
                    <tr key={r.ownedGpus} data-gpus={r.ownedGpus}>
                      <th scope="row">
                        {gpus(r.ownedGpus)}
                        {tags.length > 0 ? (
                          <span className="analysis-facts__sub"> ({tags.join(', ')})</span>
                        ) : null}
                      </th>
                      <td>{formatMoney(r.totalCostCny, money)}</td>
                      <td>{r.p10TotalCny === null ? '…' : compact(r.p10TotalCny)}</td>
                      <td>{r.p90TotalCny === null ? '…' : compact(r.p90TotalCny)}</td>
                      <td>{formatMoney(r.costPerUsefulGpuHourCny, money, 2)}</td>
                      <td>{formatPercent(r.burstShare, locale, 0)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </DataTable>
          </div>
        </details>
        {ofRecord !== null ? (
          <div
            className={ladderStale ? 'analysis-budget analysis-stale' : 'analysis-budget'}
            data-testid="budget-plan-ladder"
            aria-busy={ladderStale}
          >
            <h4 className="analysis-subtitle">{t('ladder.budget.title')}</h4>
            <p className="analysis-plan-lead">
              {t(standing === 'wins' ? 'ladder.budget.lead' : 'ladder.budget.leadWithinMarket', {
                plan: ladderSentence(ofRecord, t, {
                  money: (v) => formatMoney(v, money),
                  count: gpus,
                  percent: (v) => formatPercent(v, locale, 1),
                }),
                optimum:
                  data.optimum.gpus === 0
                    ? t('optimumZero')
                    : t('optimumValue', { gpus: gpus(data.optimum.gpus) }),
              })}
            </p>
            <LadderBudgetTable
              budget={ofRecord.budget}
              tableClassName="analysis-table"
              testId="budget-plan-ladder-quarters"
            />
          </div>
        ) : (
          <BudgetPlanTable plan={plan} stepGpus={data.stepGpus} />
        )}
        {ofRecord !== null ? (
          // Owning alone, bursting the rest: the curve's own plan, one click away and named as the alternative.
          <details className="analysis-alternative" data-testid="budget-plan-alternative">
            <summary>
              {plan.ownedGpus > 0
                ? t('ladder.budget.alternative', { gpus: gpus(plan.ownedGpus) })
                : t('ladder.budget.alternativeNone')}
            </summary>
            <BudgetPlanTable plan={plan} stepGpus={data.stepGpus} titled={false} />
          </details>
        ) : null}
      </div>
    </Panel>
  );
}
