import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { presets } from '../../engine';
import { addOtherLanguage } from '../../i18n/app-i18n';
import type { Currency, Locale } from '../../lib/format';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { CNY_PER_USD_RANGE } from '../../state/url-sync';
import { issuesText } from '../../view-model/import-messages';
import { isOwnName, markModified } from '../../view-model/scenario-name';

const RATE_MIN = CNY_PER_USD_RANGE.min;
const RATE_MAX = CNY_PER_USD_RANGE.max;

import { parseInRange } from '../../components/parameter-value';
import { PRESET_KEYS, presetKeyByName, presetKeyOf } from './preset-key';

const LOCALES: readonly Locale[] = ['en', 'zh-CN'];
const CURRENCIES: readonly Currency[] = ['CNY', 'USD'];

/**
 * Title, the editable scenario name and the display/scenario settings: preset, language, currency, exchange rate;
 * `actions` (share, save, export) and `nameField` (the editable scenario name) are composed in by the
 * app shell.
 */
export function HeaderBar({ actions, nameField }: { actions?: ReactNode; nameField?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const store = useAppStoreApi();
  // Plain values, not the scenario: a slider step (a new scenario, same preset and name) leaves the
  // header as it is.
  const presetKey = useAppStore((s) => presetKeyOf(s.scenario, s.presetId));
  const namedKey = useAppStore((s) => presetKeyByName(s.scenario));
  const commitScenario = useAppStore((s) => s.commitScenario);
  const locale = useAppStore((s) => s.locale);
  const setLocale = useAppStore((s) => s.setLocale);
  const currency = useAppStore((s) => s.currency);
  const setCurrency = useAppStore((s) => s.setCurrency);
  const id = useId();
  const loadOtherLanguage = () => void addOtherLanguage(i18n);

  const onPreset = (event: ChangeEvent<HTMLSelectElement>) => {
    const key = event.target.value;
    const next = presets[key];
    if (!next) return;
    const { scenario } = store.getState();
    // Every preset's name in every language loaded (the other one loads when this menu takes focus):
    // a name that is one of them is not the user's own. Read at the change, so a language loaded later
    // counts.
    const presetTitles = Object.keys(i18n.store.data).flatMap((lng) => {
      const tl = i18n.getFixedT(lng, 'common');
      return PRESET_KEYS.map((key) => tl(`presets.${key}`));
    });
    // A name the user typed is never replaced without asking (issue 21); kept, it is marked modified,
    // since it now names the preset's values.
    const keepName =
      isOwnName(scenario.name, presetTitles) &&
      !window.confirm(t('settings.confirmPresetName', { name: scenario.name, preset: t(`presets.${key}`) }));
    commitScenario(keepName ? { ...next, name: markModified(scenario.name, locale) } : next, {
      source: 'preset',
      presetId: key,
    });
  };

  return (
    <header className="app-header">
      <div className="app-header__titles">
        <h1 className="app-title">{t('app.title')}</h1>
        <div className="app-scenario">
          {nameField}
          {presetKey === null && namedKey !== null ? (
            <span className="badge badge--muted app-scenario__custom">{t('settings.presetCustom')}</span>
          ) : null}
        </div>
      </div>
      <section className="app-header__controls" aria-label={t('app.settings')}>
        <div className="control">
          <label htmlFor={`${id}-preset`}>{t('settings.preset')}</label>
          <select
            id={`${id}-preset`}
            value={presetKey ?? ''}
            onChange={onPreset}
            // A preset's name in either language is not the user's own: both are read at the change.
            onFocus={loadOtherLanguage}
          >
            {presetKey === null ? <option value="">{t('settings.presetCustom')}</option> : null}
            {PRESET_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`presets.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="control">
          <label htmlFor={`${id}-lang`}>{t('settings.language')}</label>
          <select
            id={`${id}-lang`}
            value={locale}
            onChange={(e) => setLocale(e.target.value === 'zh-CN' ? 'zh-CN' : 'en')}
            // The other language's strings start loading as the menu is reached, so a switch is instant.
            onFocus={loadOtherLanguage}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="control">
          <label htmlFor={`${id}-currency`}>{t('settings.currency')}</label>
          <select
            id={`${id}-currency`}
            value={currency}
            onChange={(e) => setCurrency(e.target.value === 'USD' ? 'USD' : 'CNY')}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {t(`currencies.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <ExchangeRateField />
      </section>
      {actions ? <div className="app-header__actions">{actions}</div> : null}
    </header>
  );
}

/** CNY per USD, applied only when it parses and lies in 0.1–100; the typed text stays until fixed. */
function ExchangeRateField() {
  const { t } = useTranslation();
  const cnyPerUsd = useAppStore((s) => s.cnyPerUsd);
  const setCnyPerUsd = useAppStore((s) => s.setCnyPerUsd);
  const locale = useAppStore((s) => s.locale);
  const [text, setText] = useState(() => String(cnyPerUsd));
  const [error, setError] = useState<string | null>(null);
  // A rate set from outside (a share link opened in this tab) replaces the text, unless the text
  // already means that rate.
  useEffect(() => {
    setText((current) => (Number(current) === cnyPerUsd ? current : String(cnyPerUsd)));
  }, [cnyPerUsd]);
  const id = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const result = parseInRange(next, RATE_MIN, RATE_MAX, false);
    if (result.ok) {
      // Dollar-typed inputs move with the rate; the door refuses a rate that pushes one out of range.
      const committed = setCnyPerUsd(result.value);
      setError(committed.ok ? null : issuesText(t, committed.issues, locale));
    } else {
      setError(t(`validation.${result.error.code}`, { min: RATE_MIN, max: RATE_MAX }));
    }
  };

  return (
    <div className="control control--rate">
      <label htmlFor={id}>{t('settings.exchangeRate')}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        onChange={onChange}
        aria-invalid={error !== null}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        size={6}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t('settings.exchangeRateHint')}
      </span>
      {error ? (
        <span id={`${id}-error`} role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
