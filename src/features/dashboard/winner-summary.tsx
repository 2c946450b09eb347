import { useTranslation } from 'react-i18next';
import type { Evaluation, Scenario } from '../../engine';
import { formatMoney, formatPercent, type MoneyFormat } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import { type KeyNumber, keyNumber } from '../../view-model/first-screen';
import { marketCaveatText } from '../../view-model/market-text';
import { overCapacityText } from '../../view-model/over-capacity-text';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { wayName } from '../../view-model/way-name';
import { ClusterSizeNote } from './cluster-size-note';

/**
 * Layer 1 of the first screen (issue 25): the verdict in one sentence ("Platform is 34.2% cheaper than
 * Rent.") and the one number that matters under it — the monthly saving against the runner-up, or the
 * winner's own monthly cost when there is no clear runner-up — with what it is and per which period.
 * The supporting figures and the details are FirstScreenFacts. A cluster too small for the demand is
 * said in the verdict sentence (never a saving against a cluster that cannot do the work, unsaid), and
 * a size the user chose stands beside the rule's (issue 44). A winner that needs more GPUs at once than
 * one can get on demand says so under the verdict (the deadlines read the same market).
 */
export function WinnerSummary({ evaluation, scenario }: { evaluation: Evaluation; scenario: Scenario }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const rec = evaluation.recommendation;
  const key = keyNumber(evaluation);
  const caveat = overCapacityText(rec, money.locale, t);
  // One market for cost and deadlines: the winner's busiest week against the GPUs one can get on demand.
  const market = marketCaveatText(evaluation, scenario, money.locale, t);
  const use = evaluation.market.ways[rec.strategy];
  return (
    <div className="summary">
      <p className="summary__headline" aria-live="polite">
        <strong data-testid="winner" className="summary__winner" style={{ color: 'var(--ink)' }}>
          <span className="swatch" style={{ background: STRATEGY_COLORS[rec.strategy] }} aria-hidden="true" />
          {wayName(t, rec.strategy, scenario)}
        </strong>{' '}
        {shortVerdict(evaluation, scenario, money, t)}
        {caveat ? (
          <span className="summary__caveat" data-testid="over-capacity">
            {caveat}
          </span>
        ) : null}
      </p>
      {market && use ? (
        <p
          className="summary__caveat summary__market"
          data-testid="market-caveat"
          data-peak-gpus={use.peakGpus}
          data-beyond-share={use.beyondShare}
          data-build-peak-gpus={use.buildLeadTime?.peakGpus}
          data-build-beyond-share={use.buildLeadTime?.beyondShare}
        >
          {market}
        </p>
      ) : null}
      <ClusterSizeNote scenario={scenario} locale={money.locale} />
      <div className="key-number">
        <p className="key-number__label" id="key-number-label">
          {keyLabel(key, scenario, t)}
        </p>
        <p
          className="key-number__value"
          data-testid="key-number"
          data-kind={key.kind}
          data-monthly-cny={key.monthlyCny}
          aria-describedby="key-number-label"
        >
          {formatMoney(key.monthlyCny, money)}
        </p>
        <p className="key-number__annual">
          {t('firstScreen:keyAnnual', { annual: formatMoney(key.annualCny, money) })}
        </p>
      </div>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** What the key number is, naming the runner-up or the winner, per month. */
function keyLabel(key: KeyNumber, scenario: Scenario, t: T): string {
  return key.kind === 'saving'
    ? t('firstScreen:keySaving', { runnerUp: wayName(t, key.runnerUp, scenario) })
    : t('firstScreen:keyCost', { strategy: wayName(t, key.strategy, scenario) });
}

/**
 * The verdict after the winner's name, without the money (the key number says it once): "is 34.2%
 * cheaper than Rent.", a tie with its reason, or "is the only eligible option."
 */
function shortVerdict(evaluation: Evaluation, scenario: Scenario, money: MoneyFormat, t: T): string {
  const rec = evaluation.recommendation;
  if (rec.runnerUp === null) return t('summary.only');
  const runnerUp = wayName(t, rec.runnerUp, scenario);
  if (rec.tie !== null)
    return t('firstScreen:verdictTie', { runnerUp, reason: t(`summary.tieReason.${rec.tie}`) });
  return t('firstScreen:verdictCheaper', {
    runnerUp,
    percent: formatPercent(rec.savingFraction, money.locale, 1),
  });
}
