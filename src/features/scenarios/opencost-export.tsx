import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFileName } from '../../lib/file-name';
import { formatMoney } from '../../lib/format';
import { useAppStoreApi, useMoneyFormat } from '../../state/store-context';
import { openCostPricing } from '../../view-model/opencost-pricing';
import { scenarioTitle } from '../../view-model/scenario-name';
import { downloadText } from './download';

/**
 * "Export OpenCost pricing": the own cluster's price per GPU-hour held, as the custom-pricing file
 * (default.json) OpenCost reads for an on-premises Kubernetes cluster, so the cost tool the platform
 * team runs allocates the cluster at the engine's amortised price (the command line's `gpu-tco
 * opencost` writes the same file). Prices in the display currency; the purchase month is this month.
 */
export function OpenCostExport() {
  const { t } = useTranslation(['export', 'scenarios']);
  const store = useAppStoreApi();
  const money = useMoneyFormat();
  const id = useId();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const exportNow = () => {
    const scenario = store.getState().scenario;
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const pricing = openCostPricing(scenario, money, month, t);
    if (pricing === null) {
      setStatus({ ok: false, text: t('export:openCost.none') });
      return;
    }
    downloadText(exportFileName(scenarioTitle(scenario, t), now, 'json', 'OpenCost'), pricing.text);
    setStatus({
      ok: true,
      text: t('export:openCost.done', {
        price: formatMoney(pricing.gpuPerHour, { ...money, currency: pricing.currency, cnyPerUsd: 1 }, 4),
      }),
    });
  };

  return (
    <div className="file-field">
      <button
        type="button"
        className="button"
        onClick={exportNow}
        aria-describedby={`${id}-hint`}
        data-testid="export-opencost"
      >
        {t('export:openCost.button')}
      </button>
      <p id={`${id}-hint`} className="file-field__hint">
        {t('export:openCost.hint')}
      </p>
      <p
        role="status"
        className={status ? 'file-field__hint' : 'visually-hidden'}
        data-testid="opencost-status"
      >
        {status?.text ?? null}
      </p>
    </div>
  );
}
