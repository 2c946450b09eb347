import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { ScrollRegion } from '../../../components/scroll-region';
import {
  type Evaluation,
  type Scenario,
  STRATEGY_IDS,
  sizingAdvice,
  THROUGHPUT_RATES,
  type ThroughputRate,
  unitsPerGpuHour,
  utilizationCheck,
  withThroughput,
} from '../../../engine';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useMoneyFormat } from '../../../state/store-context';
import { fieldIssueText } from '../../../view-model/import-messages';
import { parseThroughputText } from '../field-rules';
import { useWizardCommit } from '../use-wizard-commit';
import { useWizardStore } from '../wizard-store';
import { fieldErrorText, TextField } from './usage-step';
import { checkText, sizingText } from './utilization-text';

/**
 * Step 3 (seed 003 §5): from a measured throughput of a small test run to cost per unit of output for
 * each strategy, and the utilization check of self-build (60 % where its cluster can reach it, else
 * the most it reaches) with what it does to unit cost, and the sizing advice in the two sizes' words.
 */
/** Utilizations closer than half a point print as the same whole percent: no note needed. */
const SAME_PERCENT = 0.005;

export function UtilizationStep({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  const { t } = useTranslation('wizard');
  const money = useMoneyFormat();
  const commit = useWizardCommit();
  const wizard = useWizardStore();
  const id = useId();
  const captionId = `${id}-caption`;
  const check = utilizationCheck(scenario, evaluation);
  const advice = sizingAdvice(scenario, evaluation);
  const typed = parseThroughputText(wizard.throughputText);
  const unit = scenario.throughput.unitName || t('utilization.defaultUnit');
  // The schema's limits are per useful GPU-hour; the field shows them in the rate the person chose.
  const perRate = (unitsPerHour: number) => unitsPerHour / unitsPerGpuHour(1, wizard.throughputRate);
  const issueLines = (path: string, display?: (v: number) => number) =>
    wizard.throughputIssues
      .filter((i) => i.path === path)
      .map((i) => fieldIssueText(t, i, path, money.locale, display))
      .join(' ');
  const throughputError = typed.ok
    ? issueLines('throughput.unitsPerUsefulGpuHour', perRate) || null
    : fieldErrorText(typed.error, t, money.locale);
  const unitNameError = issueLines('throughput.unitName') || null;

  /** Applies the throughput through the door; what the schema refuses stays typed, with its reasons. */
  const apply = (text: string, rate: ThroughputRate, unitName: string) => {
    const v = parseThroughputText(text);
    if (!v.ok) return;
    const result = commit(withThroughput(v.value === null ? null : unitsPerGpuHour(v.value, rate), unitName));
    wizard.patch({ throughputIssues: result.ok ? [] : result.issues });
  };

  const perMillion = (v: number | null) => (v === null ? '—' : formatMoney(v, money, 2));
  const perHour = (v: number) => formatMoney(v, money, 2);
  const pct = (v: number) => formatPercent(v, money.locale, 0);

  return (
    <div className="wizard-step">
      <p className="wizard-step__intro">{t('utilization.intro')}</p>
      <div className="wizard-inline-fields">
        <TextField
          label={t('utilization.throughput')}
          value={wizard.throughputText}
          error={throughputError}
          hint={t('utilization.throughputHint')}
          onChange={(text) => {
            wizard.patch({ throughputText: text });
            apply(text, wizard.throughputRate, wizard.unitName);
          }}
        />
        <div className="wizard-field">
          <label htmlFor={`${id}-rate`}>{t('utilization.rate')}</label>
          <select
            id={`${id}-rate`}
            value={wizard.throughputRate}
            onChange={(event) => {
              const rate = event.target.value === 'perHour' ? 'perHour' : 'perSecond';
              wizard.patch({ throughputRate: rate });
              apply(wizard.throughputText, rate, wizard.unitName);
            }}
          >
            {THROUGHPUT_RATES.map((r) => (
              <option key={r} value={r}>
                {t(`utilization.rates.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('utilization.unitName')}
          value={wizard.unitName}
          inputMode="text"
          error={unitNameError}
          onChange={(text) => {
            wizard.patch({ unitName: text });
            apply(wizard.throughputText, wizard.throughputRate, text);
          }}
        />
      </div>

      {scenario.throughput.unitsPerUsefulGpuHour !== null ? (
        <p className="wizard-note" data-testid="wizard-units-per-hour">
          {t('utilization.perHour', {
            units: formatNumber(scenario.throughput.unitsPerUsefulGpuHour, money.locale),
            unit,
          })}
        </p>
      ) : (
        <p className="wizard-note">{t('utilization.noThroughput')}</p>
      )}

      <ScrollRegion labelledBy={captionId} className="wizard-table-wrap">
        <DataTable
          className="wizard-table"
          testId="wizard-unit-costs"
          caption={t('utilization.tableCaption', { unit })}
          captionId={captionId}
          headers={[
            t('tco.strategy'),
            t('utilization.utilizationCol'),
            t('utilization.perGpuHourCol'),
            t('utilization.perMillionCol', { unit }),
          ]}
        >
          <tbody>
            {STRATEGY_IDS.map((sid) => {
              const r = evaluation.strategies[sid];
              return (
                <tr key={sid} data-strategy={sid} className={r.eligible ? '' : 'is-ineligible'}>
                  <th scope="row">{t(`strategy.${sid}`, { ns: 'common' })}</th>
                  <td>{r.eligible ? pct(r.utilization) : '—'}</td>
                  <td>{r.eligible ? perHour(r.costPerUsefulGpuHourCny) : '—'}</td>
                  <td>{r.eligible ? perMillion(check.perMillion[sid]) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </ScrollRegion>

      <div
        className={`wizard-verdict ${check.meetsThreshold ? 'wizard-verdict--ownOrReserve' : 'wizard-verdict--rent'}`}
        data-testid="wizard-utilization-check"
      >
        <p>
          <strong>{checkText(check, t, money)}</strong>
        </p>
        {Math.abs(evaluation.strategies.selfBuild.utilization - check.utilization) >= SAME_PERCENT ? (
          <p data-testid="wizard-utilization-blend">
            {t('utilization.blendNote', {
              burst: pct(evaluation.strategies.selfBuild.burstShare),
              blended: pct(evaluation.strategies.selfBuild.utilization),
            })}
          </p>
        ) : null}
        {!check.meetsThreshold && check.premiumOverThreshold > 1 ? (
          <p data-testid="wizard-utilization-premium">
            {t('utilization.premium', {
              premium: formatNumber(check.premiumOverThreshold, money.locale, 1),
              target: pct(check.target.loadRate),
            })}
          </p>
        ) : null}
        <p>
          {check.atGood === null
            ? t('utilization.atRates', {
                current: perHour(check.current.costPerUsefulGpuHourCny),
                target: pct(check.target.loadRate),
                atTarget: perHour(check.atThreshold.costPerUsefulGpuHourCny),
              })
            : t('utilization.atRatesTwo', {
                current: perHour(check.current.costPerUsefulGpuHourCny),
                target: pct(check.target.loadRate),
                atTarget: perHour(check.atThreshold.costPerUsefulGpuHourCny),
                good: pct(check.atGood.point.loadRate),
                goodLabel: t(`utilization.goodLabel.${check.atGood.basis}`),
                atGood: perHour(check.atGood.point.costPerUsefulGpuHourCny),
              })}
        </p>
        {check.current.costPerMillionUnitsCny !== null &&
        check.atThreshold.costPerMillionUnitsCny !== null ? (
          <p>
            {check.atGood === null || check.atGood.point.costPerMillionUnitsCny === null
              ? t('utilization.atRatesUnits', {
                  unit,
                  current: perMillion(check.current.costPerMillionUnitsCny),
                  target: pct(check.target.loadRate),
                  atTarget: perMillion(check.atThreshold.costPerMillionUnitsCny),
                })
              : t('utilization.atRatesUnitsTwo', {
                  unit,
                  current: perMillion(check.current.costPerMillionUnitsCny),
                  target: pct(check.target.loadRate),
                  atTarget: perMillion(check.atThreshold.costPerMillionUnitsCny),
                  good: pct(check.atGood.point.loadRate),
                  atGood: perMillion(check.atGood.point.costPerMillionUnitsCny),
                })}
          </p>
        ) : null}
        <p data-testid="wizard-sizing" data-kind={advice.kind}>
          {sizingText(advice, t, money)}
        </p>
      </div>
    </div>
  );
}
