import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Scenario, VAT_RATE_RANGE, type VatInput } from '../../engine';
import { vatStateText } from '../../view-model/vat-text';

export { vatStateText };

import { useAppStore } from '../../state/store-context';

/** The sentence that states, under the cash table, on which VAT basis its amounts are. */
/** The VAT view's settings: scenario inputs, each change one validated commit through the door. */
export function VatSettings({ scenario }: { scenario: Scenario }): ReactNode {
  const { t } = useTranslation('finance');
  const commitScenario = useAppStore((s) => s.commitScenario);
  const vat = scenario.vat;
  const id = useId();
  const set = (patch: Partial<VatInput>, group?: string) =>
    commitScenario((s) => ({ ...s, vat: { ...s.vat, ...patch } }), {
      source: 'choice',
      ...(group ? { group } : {}),
    });

  return (
    <fieldset className="finance__vat">
      <legend>{t('vat.title')}</legend>
      <label>
        <input type="checkbox" checked={vat.enabled} onChange={(e) => set({ enabled: e.target.checked })} />{' '}
        {t('vat.enabled')}
      </label>
      <div className="control">
        <label htmlFor={`${id}-incl`}>{t('vat.pricesInclude')}</label>
        <select
          id={`${id}-incl`}
          value={vat.pricesIncludeVat ? 'yes' : 'no'}
          disabled={!vat.enabled}
          onChange={(e) => set({ pricesIncludeVat: e.target.value === 'yes' })}
        >
          <option value="yes">{t('vat.pricesIncludeYes')}</option>
          <option value="no">{t('vat.pricesIncludeNo')}</option>
        </select>
      </div>
      <label>
        <input
          type="checkbox"
          checked={vat.inputVatDeductible}
          disabled={!vat.enabled}
          onChange={(e) => set({ inputVatDeductible: e.target.checked })}
        />{' '}
        {t('vat.deductible')}
      </label>
      <RateField
        label={t('vat.hardwareRate')}
        value={vat.hardwareRateFraction}
        disabled={!vat.enabled}
        onValue={(v) => set({ hardwareRateFraction: v }, 'vat-hardware')}
      />
      <RateField
        label={t('vat.servicesRate')}
        value={vat.servicesRateFraction}
        disabled={!vat.enabled}
        onValue={(v) => set({ servicesRateFraction: v }, 'vat-services')}
      />
      <RateField
        label={t('vat.leasingRate')}
        value={vat.leasingRateFraction}
        disabled={!vat.enabled}
        onValue={(v) => set({ leasingRateFraction: v }, 'vat-leasing')}
      />
      <p className="finance__note">{t('vat.rateNote')}</p>
      <p className="finance__note">{t('vat.source')}</p>
    </fieldset>
  );
}

/** A rate typed in percent; applied only when it parses and lies in range, the text kept until fixed. */
function RateField(props: {
  label: string;
  value: number;
  disabled: boolean;
  onValue: (fraction: number) => void;
}): ReactNode {
  const { t } = useTranslation('finance');
  const id = useId();
  const shown = String(Number((props.value * 100).toPrecision(10)));
  const [text, setText] = useState(shown);
  const [error, setError] = useState(false);
  useEffect(() => {
    setText((current) => (Number(current) === Number(shown) ? current : shown));
  }, [shown]);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setText(next);
    const percent = Number(next.trim().replace('%', ''));
    const ok =
      next.trim() !== '' &&
      Number.isFinite(percent) &&
      percent / 100 >= VAT_RATE_RANGE.min &&
      percent / 100 <= VAT_RATE_RANGE.max;
    setError(!ok);
    if (ok) props.onValue(percent / 100);
  };
  return (
    <div className="control">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        size={5}
        value={text}
        disabled={props.disabled}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      />
      {error ? (
        <span id={`${id}-error`} role="alert" className="field-error">
          {t('vat.rateError')}
        </span>
      ) : null}
    </div>
  );
}
