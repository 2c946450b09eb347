import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseInRange } from '../../components/parameter-value';
import { useValidatedText } from '../../components/use-validated-text';
import {
  type CatalogValue,
  catalogueFiguresFor,
  chooseModel,
  defaultThroughputRatio,
  GPU_MODELS,
  gpuModelById,
  HARDWARE_FILLED_PATHS,
  HARDWARE_STRATEGIES,
  type HardwareStrategy,
  rangeOf,
  readInput,
  round2,
  type Scenario,
} from '../../engine';
import { formatMoney, formatNumber } from '../../lib/format';
import { withMoneyInput } from '../../scenario';
import { useAppStore, useMoneyFormat, useShownScenario } from '../../state/store-context';
import { EstimateBadge, SourceTip } from './source-tip';
import './hardware.css';
import { catalogueDate, gpuNameIn } from '../../view-model/catalogue-text';

/**
 * The hardware choices (docs/model.md §8): one GPU model per way of getting GPUs. A choice fills the inputs
 * the catalogue covers in one validated commit (one undo step); each filled input stays editable here
 * and under the assumptions, shows the catalogue figure it holds with its source and date, lets the
 * user pick another dated figure where the catalogue lists several, and says when the value is the
 * user's own.
 */
export function HardwareSection() {
  const { t } = useTranslation('hardware');
  const scenario = useShownScenario();
  const reference = gpuModelById(scenario.hardware.referenceModelId);
  const locale = useAppStore((s) => s.locale);
  return (
    <div className="hw">
      <p className="hw__intro">
        {t('intro', { reference: reference ? reference.name : t('referenceCustom') })}{' '}
        <span className="hw__reference">
          {t('reference', {
            model: reference ? reference.name : t('referenceCustom'),
            tflops: formatNumber(scenario.hardware.referenceDenseTflopsPerGpu, locale, 1),
          })}
        </span>
      </p>
      <div className="hw__grid">
        {HARDWARE_STRATEGIES.map((strategy) => (
          <HardwareChoiceCard key={strategy} strategy={strategy} scenario={scenario} />
        ))}
      </div>
    </div>
  );
}

function HardwareChoiceCard({ strategy, scenario }: { strategy: HardwareStrategy; scenario: Scenario }) {
  const { t } = useTranslation('hardware');
  const commitScenario = useAppStore((s) => s.commitScenario);
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const choice = scenario.hardware[strategy];
  const model = gpuModelById(choice.modelId);
  const inputs = HARDWARE_FILLED_PATHS[strategy].filter((p) => !p.startsWith('hardware.'));
  return (
    <section className="hw-card" data-testid={`hw-card-${strategy}`} aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id} className="hw-card__label">
        {t(`select.${strategy}`)}
      </label>
      <select
        id={id}
        className="hw-card__select"
        value={choice.modelId ?? 'custom'}
        onChange={(e) => {
          const modelId = e.target.value === 'custom' ? null : e.target.value;
          commitScenario((s) => chooseModel(s, strategy, modelId), { source: 'choice' });
        }}
      >
        {GPU_MODELS.map((m) => (
          <option key={m.id} value={m.id}>
            {gpuNameIn(m.name, locale)}
          </option>
        ))}
        <option value="custom">{t('custom')}</option>
      </select>
      {model ? (
        <div className="hw-card__facts">
          <p className="hw-card__fact">
            {t('specs', {
              memory: formatNumber(model.memoryGbPerGpu.value, locale),
              tflops: formatNumber(model.denseTflopsPerGpu.value, locale),
            })}{' '}
            <EstimateBadge figure={model.denseTflopsPerGpu} />
            <SourceTip figure={model.denseTflopsPerGpu} what={`${gpuNameIn(model.name, locale)} TFLOPS`} />
          </p>
          <p className="hw-card__fact" data-testid={`hw-availability-${strategy}`}>
            <span className={`hw-avail hw-avail--${model.availability.status}`}>
              {t('availability.asOf', {
                status: t(`availability.${model.availability.status}`),
                asOf: catalogueDate(model.availability.ref.asOf, locale),
              })}
            </span>{' '}
            <SourceTip figure={model.availability.ref} what={t('availability.label')} />
          </p>
        </div>
      ) : (
        <p className="hw-card__fact">{t('customNote')}</p>
      )}
      {inputs.map((path) => (
        <FilledInput key={path} path={path} scenario={scenario} modelChosen={model !== undefined} />
      ))}
      <ThroughputField strategy={strategy} scenario={scenario} />
    </section>
  );
}

function matches(value: number, f: CatalogValue): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return near(value, f.value) || near(value, round2(f.value)) || near(value, Math.round(f.value));
}

/** The value the app fills for a catalogue figure (as chooseModel rounds it). */
function filledValue(path: string, f: CatalogValue): number {
  return path === 'selfBuild.serverPriceCny' ? Math.round(f.value) : round2(f.value);
}

function FilledInput({
  path,
  scenario,
  modelChosen,
}: {
  path: string;
  scenario: Scenario;
  modelChosen: boolean;
}) {
  const { t } = useTranslation('hardware');
  const money = useMoneyFormat();
  const commitScenario = useAppStore((s) => s.commitScenario);
  const pickId = useId();
  const value = readInput(scenario, path);
  const figures = catalogueFiguresFor(scenario, path);
  const edited = scenario.hardware.userEdited.includes(path);
  const isPower = path.includes('power');
  const show = (v: number) =>
    isPower
      ? `${formatNumber(v, money.locale, 2)} ${t('unit.kw')}`
      : formatMoney(v, money, path === 'selfBuild.serverPriceCny' ? 0 : 2);
  const held =
    figures.find((f) => matches(value, f)) ??
    figures.find((f) => {
      const r = rangeOf(f);
      return r !== null && value >= r.low - 1e-9 && value <= r.high + 1e-9;
    });
  const heldIndex = held ? figures.indexOf(held) : -1;
  const label = t(`field.${path}`);
  return (
    <div className="hw-input" data-hw-path={path}>
      <div className="hw-input__row">
        <span className="hw-input__label">{label}</span>
        <span className="hw-input__value" data-testid={`hw-value-${path}`}>
          {show(value)}
        </span>
        {held && rangeOf(held) ? (
          <span className="hw-input__range">
            {t('rangeShort', {
              low: show(rangeOf(held)?.low ?? 0),
              high: show(rangeOf(held)?.high ?? 0),
            })}
          </span>
        ) : null}
        {held ? (
          <>
            <EstimateBadge figure={held} />
            <SourceTip figure={held} what={label} />
          </>
        ) : null}
        {edited && figures[0] ? (
          <span
            className="badge hw-badge hw-badge--edited"
            title={t('editedTitle', { value: show(filledValue(path, figures[0])) })}
          >
            {t('edited')}
          </span>
        ) : null}
      </div>
      {modelChosen && figures.length === 0 ? <p className="hw-input__note">{t('noFigure')}</p> : null}
      {figures.length > 1 ? (
        <div className="hw-input__pick">
          <label htmlFor={pickId} className="hw-input__pick-label">
            {t('pick', { field: label })}
          </label>
          <select
            id={pickId}
            value={heldIndex >= 0 ? String(heldIndex) : 'own'}
            onChange={(e) => {
              const f = figures[Number(e.target.value)];
              if (!f) return;
              // A catalogue figure is in CNY: dollars typed before for this input no longer apply (kept,
              // they would show on the field and come back with the next exchange-rate change).
              commitScenario((s) => withMoneyInput(s, path, filledValue(path, f), 'CNY', money.cnyPerUsd), {
                source: 'choice',
              });
            }}
          >
            {figures.map((f, i) => (
              <option key={`${f.row}-${f.fromText}`} value={String(i)}>
                {t('pickOption', {
                  region: t(`region.${f.region}`),
                  asOf: catalogueDate(f.asOf, money.locale),
                  value: show(f.value),
                  estimate: f.confidence === 'L' ? t('estimateSuffix') : '',
                })}
              </option>
            ))}
            {heldIndex < 0 ? <option value="own">{t('notCatalogue')}</option> : null}
          </select>
        </div>
      ) : null}
    </div>
  );
}

const RATIO_MIN = 0.01;
const RATIO_MAX = 100;

/** The way's throughput relative to the reference GPU: editable, because real speed-ups differ. */
function ThroughputField({ strategy, scenario }: { strategy: HardwareStrategy; scenario: Scenario }) {
  const { t } = useTranslation('hardware');
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const id = useId();
  const path = `hardware.${strategy}.throughputRatio`;
  const choice = scenario.hardware[strategy];
  const model = gpuModelById(choice.modelId);
  const edited = scenario.hardware.userEdited.includes(path);
  const field = useValidatedText(
    choice.throughputRatio,
    (v) => formatNumber(v, 'en', 4).replace(/,/g, ''),
    (text) => parseInRange(text, RATIO_MIN, RATIO_MAX, false),
    (v) => {
      const result = commitScenario(
        (s) => ({
          ...s,
          hardware: { ...s.hardware, [strategy]: { ...s.hardware[strategy], throughputRatio: v } },
        }),
        { source: 'field', group: path },
      );
      return result.ok ? null : result.issues;
    },
  );
  const error = field.error
    ? field.error.kind === 'syntax'
      ? t(`ratioError.${field.error.error.code}`, {
          min: formatNumber(RATIO_MIN, locale, 2),
          max: formatNumber(RATIO_MAX, locale),
        })
      : t('ratioError.issues', { message: field.error.issues.map((i) => i.message).join('; ') })
    : null;
  return (
    <div className="hw-input hw-ratio" data-hw-path={path}>
      <label htmlFor={id} className="field__label">
        {t('ratioLabelFor', { gpu: t(`select.${strategy}`) })}
      </label>
      <div className="hw-ratio__row">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className="hw-ratio__input"
          value={field.text}
          onChange={field.onChange}
          onBlur={endGroup}
          aria-invalid={error !== null}
          aria-describedby={`${id}-note${error ? ` ${id}-error` : ''}`}
        />
        {edited ? <span className="badge hw-badge hw-badge--edited">{t('edited')}</span> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="hw-ratio__error" role="alert">
          {error}
        </p>
      ) : null}
      <p id={`${id}-note`} className="hw-ratio__note">
        {model
          ? `${t('throughputDefault', {
              tflops: formatNumber(model.denseTflopsPerGpu.value, locale),
              reference: formatNumber(scenario.hardware.referenceDenseTflopsPerGpu, locale),
              ratio: formatNumber(
                defaultThroughputRatio(model, scenario.hardware.referenceDenseTflopsPerGpu),
                locale,
                3,
              ),
            })} `
          : null}
        {t('throughputDiffers')}
      </p>
    </div>
  );
}
