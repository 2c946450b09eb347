import { type ChangeEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  atSite,
  buildLeadTimeMonthsOf,
  ENERGY_RANGES,
  type EnergyInput,
  energyReport,
  type Scenario,
  SITE_PRESETS,
  type SiteId,
  STRATEGY_IDS,
  siteOf,
} from '../../engine';
import { formatMoney, formatNumber } from '../../lib/format';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { energyOriginText } from '../../view-model/energy-origin-text';
import { carbonVerdict, energyOrigin, energyRows, runEnergyRows } from '../../view-model/energy-rows';
import './energy.css';

type NumberKey = Exclude<keyof EnergyInput, 'powerCapMw'>;

/**
 * Energy and emissions (issue 40): where the own cluster stands (a site preset sets its power price,
 * PUE and grid factor together, through the door), the factors for the providers' GPUs and embodied
 * emissions, and each way's kWh and t CO₂e a year from the engine's report — the own cluster's by the
 * model's energy formula, the providers' an estimate, said so.
 */
export function EnergySection({ scenario }: { scenario: Scenario }): ReactNode {
  const { t } = useTranslation(['finance', 'common']);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const id = useId();
  const report = useMemo(() => energyReport(scenario), [scenario]);
  const carbon = useMemo(() => carbonVerdict(scenario), [scenario]);
  const money = useMoneyFormat();
  const rows = energyRows(report);
  const runs = runEnergyRows(scenario, report);
  const site = siteOf(scenario);
  const preset = SITE_PRESETS.find((p) => p.id === site);
  const n = (v: number, digits = 0) => formatNumber(v, locale, digits);
  const set = (patch: Partial<EnergyInput>, group: string) =>
    commitScenario((s) => ({ ...s, energy: { ...s.energy, ...patch } }), { source: 'field', group });

  return (
    <div className="energy" data-testid="energy">
      <div className="energy__fields">
        <div className="control">
          <label htmlFor={`${id}-site`}>{t('energy.site')}</label>
          <select
            id={`${id}-site`}
            value={site}
            onChange={(e) => commitScenario((s) => atSite(s, e.target.value as SiteId), { source: 'choice' })}
          >
            {SITE_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {t(`energy.sites.${p.id}`)}
              </option>
            ))}
            <option value="custom" disabled>
              {t('energy.sites.custom')}
            </option>
          </select>
        </div>
        <EnergyField
          label={t('energy.grid')}
          value={scenario.energy.gridKgCo2ePerKwh}
          range={ENERGY_RANGES.gridKgCo2ePerKwh}
          onValue={(v) => set({ gridKgCo2ePerKwh: v }, 'energy-grid')}
        />
        <PowerCapField
          value={scenario.energy.powerCapMw}
          onValue={(v) => set({ powerCapMw: v }, 'energy-cap')}
        />
        {(
          [
            ['providerPue', ENERGY_RANGES.providerPue],
            ['providerGridKgCo2ePerKwh', ENERGY_RANGES.gridKgCo2ePerKwh],
            ['embodiedKgCo2ePerGpu', ENERGY_RANGES.embodiedKgCo2ePerGpu],
            ['carbonPriceCnyPerTonne', ENERGY_RANGES.carbonPriceCnyPerTonne],
          ] as const
        ).map(([key, range]) => (
          <EnergyField
            key={key}
            label={t(`energy.fields.${key satisfies NumberKey}`)}
            value={scenario.energy[key]}
            range={range}
            onValue={(v) => set({ [key]: v }, `energy-${key}`)}
          />
        ))}
      </div>
      <p className="finance__note" data-testid="energy-site">
        {t('energy.siteValues', {
          price: n(scenario.selfBuild.electricityCnyPerKwh, 2),
          pue: n(scenario.selfBuild.pue, 2),
          grid: n(scenario.energy.gridKgCo2ePerKwh, 4),
        })}{' '}
        {t(preset ? `energy.source.${preset.id}` : 'energy.source.grid')}
      </p>
      <p className="finance__note" data-testid="energy-site-facts">
        {t('energy.siteFacts', {
          count: buildLeadTimeMonthsOf(scenario),
          how: t(`energy.leadHow.${scenario.selfBuild.buildLeadTimeMonths === null ? 'byTeam' : 'typed'}`),
        })}
      </p>
      <p className="finance__note" data-testid="energy-origin">
        {energyOriginText(energyOrigin(scenario), t, n)}
      </p>
      <p className="finance__note">{t('energy.source.carbon')}</p>
      {carbon ? (
        <p className={carbon.flips ? 'notice' : 'finance__note'} data-testid="carbon-line">
          {t('energy.carbonLine', {
            perKwh: n(carbon.cnyPerKwh, 4),
            monthly: formatMoney(carbon.monthlyCny, money),
          })}
          {carbon.flips
            ? ` ${t('energy.carbonFlips', {
                now: t(`common:strategy.${carbon.withWay}`),
                without: t(`common:strategy.${carbon.withoutWay}`),
              })}`
            : ''}
        </p>
      ) : null}
      {report.overPowerCap && scenario.energy.powerCapMw !== null ? (
        <p className="notice notice--error" role="status" data-testid="energy-power-cap">
          {t('energy.overCap', { draw: n(report.ownDrawMw, 2), cap: n(scenario.energy.powerCapMw, 2) })}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="energy__table">
          <caption>{t('energy.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('energy.col.way')}</th>
              <th scope="col">{t('energy.col.kwh')}</th>
              <th scope="col">{t('energy.col.tonnes')}</th>
              <th scope="col">{t('energy.col.embodied')}</th>
              <th scope="col">{t('energy.col.perHour')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.way}>
                <th scope="row">
                  {t(`common:strategy.${r.way}`)}
                  {r.estimated ? <span className="energy__estimate"> {t('energy.estimate')}</span> : null}
                </th>
                <td data-testid={`energy-kwh-${r.way}`}>{n(r.kwhPerYear)}</td>
                <td data-testid={`emissions-t-${r.way}`}>{n(r.tonnesPerYear, 1)}</td>
                <td>{n(r.embodiedTonnesPerYear, 2)}</td>
                <td>{n(r.kgPerUsefulGpuHour, 3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {runs ? (
        <div className="table-scroll">
          <table className="energy__table" data-testid="energy-runs">
            <caption>{t('energy.runs.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('energy.runs.run')}</th>
                <th scope="col">{t('energy.runs.gpuHours')}</th>
                {STRATEGY_IDS.map((way) => (
                  <th scope="col" key={way}>
                    {t(`common:strategy.${way}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {runs.map((r, i) => (
                // Runs may share a name: the index keeps the rows apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: a plan's runs have no id of their own
                <tr key={i}>
                  <th scope="row">
                    {r.kind === 'recurring'
                      ? t('energy.runs.recurring')
                      : r.name.trim() || t('energy.runs.unnamed', { n: i + 1 })}
                  </th>
                  <td>{n(r.gpuHours)}</td>
                  {STRATEGY_IDS.map((way) => (
                    <td key={way} data-testid={`energy-run-${i}-${way}`}>
                      {t('energy.runs.cell', { kwh: n(r.ways[way].kwh), tonnes: n(r.ways[way].tonnes, 1) })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="finance__note">{t('energy.method')}</p>
      <p className="finance__note">{t('energy.source.factors')}</p>
    </div>
  );
}

/** A factor typed as a number; applied only when it parses and lies in range, the text kept until fixed. */
function EnergyField(props: {
  label: string;
  value: number;
  range: { min: number; max: number };
  onValue: (value: number) => void;
}): ReactNode {
  const { t } = useTranslation('finance');
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const shown = String(props.value);
  const [text, setText] = useState(shown);
  const [error, setError] = useState(false);
  useEffect(() => {
    setText((current) => (Number(current) === Number(shown) ? current : shown));
    setError(false);
  }, [shown]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const value = Number(next.trim());
    const ok =
      next.trim() !== '' && Number.isFinite(value) && value >= props.range.min && value <= props.range.max;
    setError(!ok);
    if (ok) props.onValue(value);
  };
  return (
    <div className="control">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        size={8}
        value={text}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      />
      {error ? (
        <span id={`${id}-error`} role="alert" className="field-error">
          {t('energy.rangeError', {
            min: formatNumber(props.range.min, locale, 3),
            max: formatNumber(props.range.max, locale, 3),
          })}
        </span>
      ) : null}
    </div>
  );
}

/** The site's power cap in MW; empty for none. */
function PowerCapField(props: { value: number | null; onValue: (value: number | null) => void }): ReactNode {
  const { t } = useTranslation('finance');
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const shown = props.value === null ? '' : String(props.value);
  const [text, setText] = useState(shown);
  const [error, setError] = useState(false);
  useEffect(() => {
    setText((current) => (current.trim() === shown || Number(current) === Number(shown) ? current : shown));
    setError(false);
  }, [shown]);
  const range = ENERGY_RANGES.powerCapMw;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    if (next.trim() === '') {
      setError(false);
      props.onValue(null);
      return;
    }
    const value = Number(next.trim());
    const ok = Number.isFinite(value) && value >= range.min && value <= range.max;
    setError(!ok);
    if (ok) props.onValue(value);
  };
  return (
    <div className="control">
      <label htmlFor={id}>{t('energy.powerCap')}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        size={8}
        value={text}
        placeholder={t('energy.noCap')}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      />
      {error ? (
        <span id={`${id}-error`} role="alert" className="field-error">
          {t('energy.rangeError', {
            min: formatNumber(range.min, locale, 3),
            max: formatNumber(range.max, locale),
          })}
        </span>
      ) : null}
    </div>
  );
}
