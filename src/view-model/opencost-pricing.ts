import type { TFunction } from 'i18next';
import { COST_CATEGORIES, gpuModelById, ownedGpuHourPrice, type Scenario } from '../engine';
import { convertCny, formatNumber, formatPercent, type MoneyFormat } from '../lib/format';
import { scenarioTitle } from './scenario-name';

/**
 * The own cluster's price per GPU-hour as an OpenCost custom-pricing file (the `default.json` shape
 * OpenCost reads for on-premises clusters: prices per hour, each a string). The GPU price is the
 * engine's amortised price of a GPU-hour held (engine owned-gpu-hour.ts), in the chosen currency;
 * the servers' CPU cores, memory and storage come with the GPUs, so their prices are 0 and the whole
 * cluster's cost is on the GPU. OpenCost's file has no comments: the purchase month, the life and the
 * breakdown behind the price are stated in its `description`.
 */
export interface OpenCostPricing {
  /** The file's text (two-space JSON, a final newline). */
  text: string;
  /** The GPU price written, per GPU-hour in `currency`. */
  gpuPerHour: number;
  currency: MoneyFormat['currency'];
}

/** Prices other than the GPU's, in the order of OpenCost's own default file. */
const OTHER_PRICES = [
  'CPU',
  'spotCPU',
  'RAM',
  'spotRAM',
  'GPU',
  'storage',
  'zoneNetworkEgress',
  'regionNetworkEgress',
  'internetNetworkEgress',
] as const;

/** Six decimals: OpenCost's own defaults carry up to eleven; a GPU-hour needs no more than a millionth. */
export const OPENCOST_PRICE_DIGITS = 6;

/** null when the scenario owns no GPUs. `purchasedMonth`: YYYY-MM. */
export function openCostPricing(
  s: Scenario,
  money: MoneyFormat,
  purchasedMonth: string,
  t: TFunction,
): OpenCostPricing | null {
  const price = ownedGpuHourPrice(s);
  if (price === null) return null;
  const perHour = (cny: number) => convertCny(cny, money);
  const gpuPerHour = Number(perHour(price.cnyPerGpuHour).toFixed(OPENCOST_PRICE_DIGITS));
  const model = gpuModelById(s.hardware.selfBuild.modelId);
  const parts = COST_CATEGORIES.map(
    (c) => `${t(`charts:category.${c}`)} ${formatNumber(perHour(price.byCategoryCnyPerGpuHour[c]), 'en', 4)}`,
  ).join(', ');
  const description = t('export:openCost.description', {
    gpus: formatNumber(price.capacityGpus, money.locale),
    model: model?.name ?? t('export:openCost.ownFigures'),
    view: t(`export:openCost.view.${price.costView}`),
    price: formatNumber(gpuPerHour, 'en', 4),
    currency: money.currency,
    parts,
    month: purchasedMonth,
    years: formatNumber(price.depreciationYears, money.locale, 1),
    residual: formatPercent(price.residualFraction, money.locale, 0),
    scenario: scenarioTitle(s, t),
  });
  const file: Record<string, string> = { provider: 'custom', description };
  for (const key of OTHER_PRICES) file[key] = key === 'GPU' ? gpuPerHour.toFixed(OPENCOST_PRICE_DIGITS) : '0';
  return { text: `${JSON.stringify(file, null, 2)}\n`, gpuPerHour, currency: money.currency };
}
