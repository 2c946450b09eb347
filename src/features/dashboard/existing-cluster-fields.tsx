import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type ParseResult, parseInRange } from '../../components/parameter-value';
import {
  type Evaluation,
  EXISTING_LIMITS,
  type ExistingClusterInput,
  gpuModelById,
  type Scenario,
} from '../../engine';
import { formatMoney, formatNumber } from '../../lib/format';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { gpuNameIn } from '../../view-model/catalogue-text';
import { ValidatedNumberField } from './validated-number-field';

type Lens = Scenario['finance']['lens'];
const LENSES: readonly Lens[] = ['marginal', 'full'];

/** A cluster entered on the switch: the self-build's size in whole servers (at least one), two years old, at today's price. */
function firstGuess(s: Scenario): ExistingClusterInput {
  const sb = s.selfBuild;
  const servers = Math.ceil(Math.max(0, sb.capacityGpus) / sb.gpusPerServer);
  return {
    servers: Math.min(EXISTING_LIMITS.servers.max, Math.max(EXISTING_LIMITS.servers.min, servers)),
    ageMonths: 24,
    pricePaidCnyPerServer: Math.min(
      EXISTING_LIMITS.pricePaidCnyPerServer.max,
      Math.max(EXISTING_LIMITS.pricePaidCnyPerServer.min, sb.serverPriceCny),
    ),
  };
}

/**
 * A cluster the team already owns (docs/model.md §10 "The marginal lens"): servers of the self-build's
 * GPU, their age at month 1 and what one cost, and the lens every way is counted under. Each change
 * goes through the one door (commitScenario): typed numbers as assumption fields are (one undo step
 * per field), the switch and the lens as choices. What the cluster is worth today — its book value,
 * what it would fetch, what selling writes off — is the engine's, said under the fields.
 */
export function ExistingClusterFields({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const existing = useAppStore((s) => s.scenario.existing);
  const lens = useAppStore((s) => s.scenario.finance.lens);
  const sb = useAppStore((s) => s.scenario.selfBuild);
  const modelId = useAppStore((s) => s.scenario.hardware.selfBuild.modelId);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const money = useMoneyFormat();
  const toggleId = useId();
  const lensName = useId();

  const toggle = (on: boolean) =>
    commitScenario((s) => ({ ...s, existing: on ? firstGuess(s) : null }), { source: 'choice' });
  const chooseLens = (next: Lens) =>
    commitScenario((s) => ({ ...s, finance: { ...s.finance, lens: next } }), { source: 'choice' });
  const applyField = (key: keyof ExistingClusterInput) => (value: number) => {
    const result = commitScenario(
      (s) => (s.existing === null ? s : { ...s, existing: { ...s.existing, [key]: value } }),
      { source: 'field', group: `existing.${key}` },
    );
    return result.ok ? null : result.issues;
  };
  const whole = (key: 'servers' | 'ageMonths') => (text: string) =>
    parseInRange(text, EXISTING_LIMITS[key].min, EXISTING_LIMITS[key].max, true, {
      currency: null,
      percent: false,
    });
  const num = (v: number) => formatNumber(v, locale, 0);
  // One typed number of the cluster: its label, how it is read and the line under it.
  const field = (
    key: keyof ExistingClusterInput,
    label: string,
    parse: (text: string) => ParseResult,
    hint: string,
  ) =>
    existing === null ? null : (
      <ValidatedNumberField
        className="existing-cluster__field"
        label={label}
        path={`existing.${key}`}
        value={existing[key]}
        locale={locale}
        format={num}
        parse={parse}
        apply={applyField(key)}
        showLimit={num}
        hint={hint}
      />
    );
  const values = evaluation.existing;
  const model = gpuModelById(modelId);
  const modelName = model ? gpuNameIn(model.name, locale) : t('common:existing.customModel');

  return (
    <div className="field field--wide existing-cluster" data-testid="existing-cluster">
      <div className="field--check">
        <label htmlFor={toggleId}>
          <input
            id={toggleId}
            type="checkbox"
            checked={existing !== null}
            onChange={(e) => toggle(e.target.checked)}
          />{' '}
          {t('common:existing.toggle')}
        </label>
      </div>
      {existing === null ? null : (
        <>
          <div className="existing-cluster__fields">
            {field(
              'servers',
              t('common:existing.servers'),
              whole('servers'),
              t('common:existing.serversHint', {
                gpus: num(existing.servers * sb.gpusPerServer),
                servers: num(existing.servers),
                perServer: num(sb.gpusPerServer),
                model: modelName,
              }),
            )}
            {field(
              'ageMonths',
              t('common:existing.ageMonths'),
              whole('ageMonths'),
              t('common:existing.ageHint', { life: formatNumber(sb.depreciationYears, locale, 1) }),
            )}
            {field(
              'pricePaidCnyPerServer',
              t('common:existing.pricePaid'),
              (text) =>
                parseInRange(
                  text,
                  EXISTING_LIMITS.pricePaidCnyPerServer.min,
                  EXISTING_LIMITS.pricePaidCnyPerServer.max,
                  false,
                  { currency: 'CNY', percent: false },
                ),
              t('common:existing.pricePaidHint'),
            )}
          </div>
          <fieldset className="existing-cluster__lens" data-testid="existing-lens" data-lens={lens}>
            <legend className="field__label">{t('common:existing.lens')}</legend>
            {LENSES.map((l) => (
              <label key={l} className="existing-cluster__lens-choice">
                <input
                  type="radio"
                  name={lensName}
                  value={l}
                  checked={lens === l}
                  onChange={() => chooseLens(l)}
                />
                {t(l === 'marginal' ? 'common:existing.lensMarginal' : 'common:existing.lensFull')}
              </label>
            ))}
            <p className="field__hint">{t('common:existing.lensHelp')}</p>
          </fieldset>
          {values ? (
            <p className="field__hint" data-testid="existing-values" data-market-cny={values.marketNowCny}>
              {t('common:existing.values', {
                book: formatMoney(values.bookNowCny, money),
                market: formatMoney(values.marketNowCny, money),
                writeOff: formatMoney(values.writeOffCny, money),
              })}
              {/* Chinese sentences run on without a space. */}
              {locale === 'zh-CN' ? '' : ' '}
              {t('common:existing.ways')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
