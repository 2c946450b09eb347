import type { TFunction } from 'i18next';
import type { ExistingCluster } from '../engine';
import { formatMoney, formatNumber, type MoneyFormat } from '../lib/format';

/**
 * A cluster already owned in one paragraph (the first screen's details, the CLI's report): what is
 * owned, the lens, its book and market values today, then what the ways mean while it exists.
 */
export function existingSummaryText(ex: ExistingCluster, money: MoneyFormat, t: TFunction): string {
  const locale = money.locale;
  const summary = t('common:existing.summary', {
    gpus: formatNumber(ex.gpus, locale),
    servers: formatNumber(ex.servers, locale),
    age: formatNumber(ex.ageMonths, locale),
    lens: t(`common:existing.lensName.${ex.lens}`),
    book: formatMoney(ex.bookNowCny, money),
    market: formatMoney(ex.marketNowCny, money),
  });
  // Chinese sentences run on without a space.
  return `${summary}${locale === 'zh-CN' ? '' : ' '}${t('common:existing.ways')}`;
}
