import type { TFunction } from 'i18next';
import type { Scenario } from '../engine';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../lib/format';

/**
 * An owned cluster's capex taken apart as the model prices it (docs/model.md "The six categories", compute):
 * servers × price, then network, storage and fit-out as fractions of that, plus the power retrofit
 * per kW of the servers' maximum draw. The servers come from the engine's owned GPUs (whole servers,
 * less any already owned),
 * the prices and fractions from the scenario; `totalCny` is the engine's capex, so a reader sees the
 * parts add up to the figure every other view prints (the parts' sum is pinned to it by a test).
 */
export interface CapexParts {
  servers: number;
  serverPriceCny: number;
  serversCny: number;
  networkCny: number;
  storageCny: number;
  fitOutCny: number;
  powerRetrofitCny: number;
  totalCny: number;
}

export function capexParts(scenario: Scenario, ownedGpus: number, capexCny: number): CapexParts {
  const sb = scenario.selfBuild;
  const owned = sb.gpusPerServer > 0 ? ownedGpus / sb.gpusPerServer : 0;
  // Servers already owned are not bought again (docs/model.md §10 "The marginal lens").
  const servers = scenario.existing === null ? owned : Math.max(0, owned - scenario.existing.servers);
  const serversCny = servers * sb.serverPriceCny;
  return {
    servers,
    serverPriceCny: sb.serverPriceCny,
    serversCny,
    networkCny: serversCny * sb.networkFraction,
    storageCny: serversCny * sb.storageFraction,
    fitOutCny: serversCny * sb.fitOutFraction,
    powerRetrofitCny: servers * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw,
    totalCny: capexCny,
  };
}

/** "servers 1 × CN¥2,000,000 + network (12%) CN¥240,000 + storage (5%) CN¥100,000 + fit-out (5%) CN¥100,000". */
export function capexPartsText(
  scenario: Scenario,
  parts: CapexParts,
  money: MoneyFormat,
  t: TFunction,
): string {
  const sb = scenario.selfBuild;
  const m = (v: number) => formatMoney(v, money);
  const share = (f: number) => formatPercent(f, money.locale, f * 100 === Math.round(f * 100) ? 0 : 1);
  const items = [
    t('export:buy.part.servers', {
      count: formatNumber(parts.servers, money.locale),
      price: m(parts.serverPriceCny),
    }),
    t('export:buy.part.network', { share: share(sb.networkFraction), amount: m(parts.networkCny) }),
    t('export:buy.part.storage', { share: share(sb.storageFraction), amount: m(parts.storageCny) }),
    t('export:buy.part.fitOut', { share: share(sb.fitOutFraction), amount: m(parts.fitOutCny) }),
  ];
  if (parts.powerRetrofitCny > 0)
    items.push(t('export:buy.part.powerRetrofit', { amount: m(parts.powerRetrofitCny) }));
  return items.join(' + ');
}
