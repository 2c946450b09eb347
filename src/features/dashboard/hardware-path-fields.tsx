import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HARDWARE_PATH_PRESETS,
  HARDWARE_STEADY_INITIAL,
  type HardwarePathPreset,
  hardwarePathIndices,
  hardwarePresetOf,
  type PriceShape,
  presetHardwareShape,
  steadyShape,
  steadyShapeDecline,
} from '../../engine';
import { formatPercent } from '../../lib/format';
import type { CommitOptions } from '../../state/store';
import { useAppStore } from '../../state/store-context';
import { scenarioHardwarePathText } from '../../view-model/price-path-text';
import { ImportButton, type PathFileMessage, PathMessage, readPricePathFile } from './price-path-file';
import { RateField } from './rate-field';

type Market = 'hardware' | 'resale';

const FIELD: Record<Market, 'hardwarePriceShape' | 'resalePriceShape'> = {
  hardware: 'hardwarePriceShape',
  resale: 'resalePriceShape',
};

/**
 * Hardware on price paths of its own (model v4, separate paths per market): what servers bought
 * later cost — each replacement when a batch's life ends — and what used ones fetch. Each is a
 * preset, a file of dated prices, or none (today's price; resale then follows the purchase path).
 * Every change goes through the one door (commitScenario) as one undo step; a bad file is named by
 * line and column and changes nothing.
 */
export function HardwarePathFields() {
  const { t } = useTranslation();
  const finance = useAppStore((s) => s.scenario.finance);
  const months = useAppStore((s) => s.scenario.horizonMonths);
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const id = useId();
  const [message, setMessage] = useState<PathFileMessage | null>(null);

  // A preset or a file is an edit of this scenario's prices, not another scenario opened: a budget
  // version stays.
  const commit = (market: Market, shape: PriceShape | null, options: CommitOptions = { source: 'choice' }) =>
    commitScenario((s) => ({ ...s, finance: { ...s.finance, [FIELD[market]]: shape } }), options);

  const choose = (market: Market, value: string) => {
    setMessage(null);
    if (value === 'none') commit(market, null);
    else if (value === 'steady') commit(market, steadyShape(HARDWARE_STEADY_INITIAL));
    else if ((HARDWARE_PATH_PRESETS as readonly string[]).includes(value))
      commit(market, presetHardwareShape(value as HardwarePathPreset));
  };

  const onFile = (market: Market) => async (event: ChangeEvent<HTMLInputElement>) => {
    const result = await readPricePathFile(event, t);
    if (result === null) return;
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.text });
      return;
    }
    const committed = commit(market, result.shape);
    setMessage(
      committed.ok
        ? {
            kind: 'ok',
            text: t(`common:pricePath.${market}.imported`, {
              count: result.shape.points.length,
              name: result.shape.name,
            }),
          }
        : { kind: 'error', text: t('common:pricePath.errors.nothingChanged') },
    );
  };

  const row = (market: Market) => {
    const shape = finance[FIELD[market]];
    const chosen = hardwarePresetOf(shape);
    const text = scenarioHardwarePathText(finance, market, t, locale);
    const indices = shape === null ? null : hardwarePathIndices(finance, months, market);
    const fieldId = `${id}-${market}`;
    const sep = locale === 'zh-CN' ? '' : ' ';
    return (
      <div className="field field--wide hardware-path" key={market}>
        <label htmlFor={fieldId} className="field__label">
          {t(`common:pricePath.${market}.label`)}
        </label>
        <div className="hardware-path__row">
          <select
            id={fieldId}
            value={chosen}
            aria-describedby={`${fieldId}-hint`}
            onChange={(e) => choose(market, e.target.value)}
          >
            <option value="none">{t(`common:pricePath.${market}.presets.none`)}</option>
            {HARDWARE_PATH_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`common:pricePath.${market}.presets.${p}`)}
              </option>
            ))}
            <option value="steady">{t(`common:pricePath.${market}.presets.steadyOption`)}</option>
            {chosen === 'imported' ? (
              <option value={chosen} disabled>
                {text.name}
              </option>
            ) : null}
          </select>
          <ImportButton label={t(`common:pricePath.${market}.importLabel`)} onChange={onFile(market)} />
        </div>
        {chosen === 'steady' ? (
          <RateField
            label={t(`common:pricePath.${market}.rateLabel`)}
            path={`finance.${FIELD[market]}`}
            decline={steadyShapeDecline(shape) ?? HARDWARE_STEADY_INITIAL}
            locale={locale}
            apply={(d) => {
              setMessage(null);
              // Typed steps of one rate are one undo step, as an assumption field's are.
              const result = commit(market, steadyShape(d), {
                source: 'field',
                group: `finance.${FIELD[market]}`,
              });
              return result.ok ? null : result.issues;
            }}
          />
        ) : null}
        <p id={`${fieldId}-hint`} className="field__hint">
          {/* The select shows the name; the hook reads it here too. */}
          <span className="visually-hidden" aria-hidden="true" data-testid={`${market}-price-path`}>
            {text.name}
          </span>
          {[
            t(`common:pricePath.${market}.hint`),
            indices
              ? t('common:pricePath.hardwareRange', {
                  first: formatPercent(indices[0] ?? 1, locale, 0),
                  last: formatPercent(indices[indices.length - 1] ?? 1, locale, 0),
                  months,
                })
              : null,
          ]
            .filter((part) => part !== null)
            // Chinese sentences run on without a space.
            .join(sep) + sep}
          <span className="price-path__source">{text.source}</span>
        </p>
      </div>
    );
  };

  return (
    <>
      {row('hardware')}
      {row('resale')}
      <PathMessage message={message} />
    </>
  );
}
