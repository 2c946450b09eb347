import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CostView,
  type Evaluation,
  type Scenario,
  selfBuildEconomicChargeMonthlyCny,
} from '../../engine';
import { formatMoney, formatPercent } from '../../lib/format';
import { useAppStore, useMoneyFormat } from '../../state/store-context';

const VIEWS: readonly CostView[] = ['economic', 'accounting'];

/**
 * The cost view (model v4, docs/model.md §10 "Capital has a cost"): economic — the capital tied up in
 * hardware charged at the cost of capital — or accounting, straight-line depreciation for the P&L.
 * Every comparison follows the one chosen; the line under it says what the charge is (or would be) for
 * self-build. One door: the choice is a scenario change like any other, one undo step.
 */
export function CostViewControl({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const money = useMoneyFormat();
  const name = useId();
  const view = scenario.finance.costView;
  const rate = formatPercent(scenario.finance.discountRateFractionPerYear, locale, 1);
  const selfBuild = evaluation.strategies.selfBuild;
  const charge =
    view === 'economic'
      ? selfBuild.capitalChargeMonthlyCny
      : selfBuildEconomicChargeMonthlyCny(scenario, selfBuild.capexCny);
  const choose = (next: CostView) =>
    commitScenario((s) => ({ ...s, finance: { ...s.finance, costView: next } }), { source: 'choice' });
  return (
    <fieldset className="cost-view" data-testid="cost-view" data-view={view}>
      <legend className="cost-view__legend">{t('costView.legend')}</legend>
      <div className="cost-view__choices">
        {VIEWS.map((v) => (
          <label key={v} className="cost-view__choice">
            <input type="radio" name={name} value={v} checked={view === v} onChange={() => choose(v)} />
            {t(`costView.${v}`, { rate })}
          </label>
        ))}
      </div>
      <p className="cost-view__note">
        {t(view === 'economic' ? 'costView.chargeNote' : 'costView.accountingNote', {
          charge: formatMoney(charge, money),
        })}{' '}
        {t('costView.help')}
      </p>
    </fieldset>
  );
}
