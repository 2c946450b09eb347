import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRICE_PATH_PRESETS,
  type PricePathPreset,
  pathIndices,
  pathPresetOf,
  presetDecline,
  presetShape,
  presetTermShape,
  type Scenario,
  STEADY_SHAPE,
  steadyShape,
  steadyShapeDecline,
  TERM_PATH_PRESETS,
  type TermPathPreset,
  termPresetOf,
  termShapeAfterPreset,
} from '../../engine';
import { formatPercent } from '../../lib/format';
import type { CommitOptions } from '../../state/store';
import { useAppStore } from '../../state/store-context';
import { scenarioPathText, scenarioTermPathText } from '../../view-model/price-path-text';
import { sparklinePoints } from '../../view-model/sparkline';
import { ImportButton, type PathFileMessage, PathMessage, readPricePathFile } from './price-path-file';
import { RateField } from './rate-field';

/**
 * The price path of GPU-time (model v4): a choice of preset paths, a file of dated prices, and a
 * sparkline of the path over the horizon with its name and source; beside it the term path (what
 * reservations and term commitments pay), which a preset sets with its own term points and a select
 * changes alone. Every change goes through the one door (commitScenario) as one undo step; a bad file
 * is named by line and column and changes nothing.
 */
export function PricePathControl({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const id = useId();
  const [message, setMessage] = useState<PathFileMessage | null>(null);
  const finance = scenario.finance;
  const current = pathPresetOf(finance.gpuTimePriceDeclineFractionPerYear, finance.gpuTimePriceShape);
  const { name, source } = scenarioPathText(finance, t, locale);
  const months = scenario.horizonMonths;
  const indices = useMemo(() => pathIndices(finance, months), [finance, months]);
  const term = termPresetOf(finance.termPriceShape);
  const termText = scenarioTermPathText(finance, t, locale);
  const termIndices = useMemo(
    () => (finance.termPriceShape === null ? null : pathIndices(finance, months, 'term')),
    [finance, months],
  );
  // Both lines on one scale, so a term path above the on-demand one is drawn above it.
  const all = termIndices ? [...indices, ...termIndices] : indices;
  const scale = { lo: Math.min(...all), hi: Math.max(...all) };
  const points = sparklinePoints(indices, SPARK_WIDTH, SPARK_HEIGHT, scale);
  const termPoints = termIndices ? sparklinePoints(termIndices, SPARK_WIDTH, SPARK_HEIGHT, scale) : null;
  const first = indices[0] ?? 1;
  const last = indices[indices.length - 1] ?? 1;

  const choose = (preset: PricePathPreset) => {
    setMessage(null);
    commitScenario(
      (s) => ({
        ...s,
        finance: {
          ...s.finance,
          gpuTimePriceDeclineFractionPerYear: presetDecline(
            preset,
            s.finance.gpuTimePriceDeclineFractionPerYear,
          ),
          gpuTimePriceShape: presetShape(preset),
          // The preset's own term points while terms went with the path; a term path chosen apart stays.
          termPriceShape: termShapeAfterPreset(s.finance, preset),
        },
      }),
      { source: 'choice' },
    );
  };

  const commitTerm = (
    shape: (s: Scenario) => Scenario['finance']['termPriceShape'],
    options: CommitOptions = { source: 'choice' },
  ) => commitScenario((s) => ({ ...s, finance: { ...s.finance, termPriceShape: shape(s) } }), options);

  const chooseTerm = (preset: TermPathPreset | 'same' | 'steady') => {
    setMessage(null);
    commitTerm((s) =>
      preset === 'same'
        ? null
        : preset === 'steady'
          ? // A steady term path starts where the on-demand steady rate is (within its limits).
            steadyShape(
              Math.min(
                STEADY_SHAPE.max,
                Math.max(STEADY_SHAPE.min, s.finance.gpuTimePriceDeclineFractionPerYear),
              ),
            )
          : presetTermShape(preset),
    );
  };

  /** A file of dated prices for one market: on demand (the price path) or term (the term path). */
  const onFile = (market: 'onDemand' | 'term') => async (event: ChangeEvent<HTMLInputElement>) => {
    const result = await readPricePathFile(event, t);
    if (result === null) return;
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.text });
      return;
    }
    const committed = commitScenario(
      (s) => ({
        ...s,
        finance:
          market === 'term'
            ? { ...s.finance, termPriceShape: result.shape }
            : { ...s.finance, gpuTimePriceShape: result.shape },
      }),
      // An edit of this scenario's prices, not another scenario opened: a budget version stays.
      { source: 'choice' },
    );
    setMessage(
      committed.ok
        ? {
            kind: 'ok',
            text: t(
              market === 'term' ? 'common:pricePath.term.imported' : 'common:pricePath.errors.imported',
              {
                count: result.shape.points.length,
                name: result.shape.name,
              },
            ),
          }
        : { kind: 'error', text: t('common:pricePath.errors.nothingChanged') },
    );
  };

  return (
    <div className="price-path">
      <div className="price-path__row">
        <label htmlFor={`${id}-path`} className="price-path__label">
          {t('common:pricePath.label')}
        </label>
        <select
          id={`${id}-path`}
          value={current}
          onChange={(e) => {
            const value = e.target.value;
            if ((PRICE_PATH_PRESETS as readonly string[]).includes(value)) choose(value as PricePathPreset);
          }}
        >
          {PRICE_PATH_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`common:pricePath.presets.${p}`)}
            </option>
          ))}
          {current === 'custom' || current === 'imported' ? (
            <option value={current} disabled>
              {name}
            </option>
          ) : null}
        </select>
        <ImportButton label={t('common:pricePath.importLabel')} onChange={onFile('onDemand')} />
      </div>
      <figure className="price-path__figure">
        <svg
          className="price-path__spark"
          width={SPARK_WIDTH}
          height={SPARK_HEIGHT}
          viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
          role="img"
          aria-label={t('common:pricePath.sparkline', {
            name,
            first: formatPercent(first, locale, 0),
            last: formatPercent(last, locale, 0),
            months,
          })}
        >
          <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
          {termPoints ? (
            <polyline
              className="price-path__term-line"
              points={termPoints}
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeDasharray="3 2"
            />
          ) : null}
        </svg>
        <figcaption>
          <span data-testid="price-path">{name}</span>
          {source ? <span className="price-path__source"> — {source}</span> : null}
          {termIndices ? (
            <span className="visually-hidden">
              {t('common:pricePath.term.sparkline', {
                name: termText.name,
                first: formatPercent(termIndices[0] ?? 1, locale, 0),
                last: formatPercent(termIndices[termIndices.length - 1] ?? 1, locale, 0),
                months,
              })}
            </span>
          ) : null}
        </figcaption>
      </figure>
      <div className="price-path__row">
        <label htmlFor={`${id}-term`} className="price-path__label">
          {t('common:pricePath.term.label')}
        </label>
        <select
          id={`${id}-term`}
          value={term}
          aria-describedby={`${id}-term-hint`}
          onChange={(e) => {
            const value = e.target.value;
            if (
              value === 'same' ||
              value === 'steady' ||
              (TERM_PATH_PRESETS as readonly string[]).includes(value)
            )
              chooseTerm(value as TermPathPreset | 'same' | 'steady');
          }}
        >
          <option value="same">{t('common:pricePath.term.presets.same')}</option>
          {TERM_PATH_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`common:pricePath.term.presets.${p}`)}
            </option>
          ))}
          <option value="steady">{t('common:pricePath.term.presets.steadyOption')}</option>
          {term === 'imported' ? (
            <option value={term} disabled>
              {termText.name}
            </option>
          ) : null}
        </select>
        <ImportButton label={t('common:pricePath.term.importLabel')} onChange={onFile('term')} />
      </div>
      {term === 'steady' ? (
        <RateField
          label={t('common:pricePath.term.rateLabel')}
          path="finance.termPriceShape"
          decline={steadyShapeDecline(finance.termPriceShape) ?? 0}
          locale={locale}
          apply={(d) => {
            setMessage(null);
            // Typed steps of one rate are one undo step, as an assumption field's are.
            const result = commitTerm(() => steadyShape(d), {
              source: 'field',
              group: 'finance.termPriceShape',
            });
            return result.ok ? null : result.issues;
          }}
        />
      ) : null}
      <p className="price-path__term" id={`${id}-term-hint`}>
        {termIndices ? (
          // The dashed line's key: the sparkline above draws the term path so.
          <svg className="price-path__term-key" width="16" height="6" viewBox="0 0 16 6" aria-hidden="true">
            <line
              x1="0"
              y1="3"
              x2="16"
              y2="3"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeDasharray="3 2"
            />
          </svg>
        ) : null}
        {/* The select shows the name; the hook reads it here too. */}
        <span className="visually-hidden" aria-hidden="true" data-testid="term-price-path">
          {termText.name}
        </span>{' '}
        {t('common:pricePath.term.hint')} <span className="price-path__source">{termText.source}</span>
      </p>
      {finance.gpuTimePriceShape !== null ? (
        <p className="price-path__note">{t('common:pricePath.shapedNote')}</p>
      ) : null}
      <PathMessage message={message} />
    </div>
  );
}

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 28;
