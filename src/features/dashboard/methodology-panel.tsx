import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { GlossaryList } from './glossary-list';

/** The order of the formulas follows a reader: demand first, then each strategy, then the decisions. */
const ITEMS = [
  'demand',
  'loadRate',
  'utilization',
  'rent',
  'platform',
  'capex',
  'ownCompute',
  'energy',
  'ownTime',
  'ownOps',
  'failure',
  'market',
  'iteration',
  'leadTime',
  'overflow',
  'onDemandMarket',
  'hybrid',
  'crossover',
  'breakEven',
  'rightSize',
  'team',
  'compliance',
  'winner',
] as const;

/** The cash-by-year items (finance namespace), after the cost formulas. */
const FINANCE_ITEMS = ['cash', 'npv', 'irr', 'vat'] as const;
const ARTICLES = ['pooled', 'selfBuild'] as const;

/**
 * Every formula of the engine in plain words with its source (publisher, title, date): one utilization
 * model, the market price path, resale-based iteration risk, three setup times, the build lead time,
 * crossovers and paybacks against each named comparator, and right-sizing.
 */
// Memoised: static text, never re-rendered by a scenario change.
export const MethodologyPanel = memo(function MethodologyPanel() {
  const { t } = useTranslation();
  return (
    <details className="panel methodology">
      <summary className="panel__summary">
        <h3 className="panel__title">{t('methodology.toggle')}</h3>
      </summary>
      <div className="methodology__body">
        <p>{t('methodology.intro')}</p>
        <h4>{t('finance:methodology.articlesTitle')}</h4>
        <dl className="methodology__list" data-testid="source-articles">
          {ARTICLES.map((a) => (
            <div key={a} className="methodology__item">
              <dt>{t(`finance:methodology.articles.${a}.title`)}</dt>
              <dd>
                <p>{t(`finance:methodology.articles.${a}.what`)}</p>
                <p>{t(`finance:methodology.articles.${a}.took`)}</p>
              </dd>
            </div>
          ))}
        </dl>
        <dl className="methodology__list">
          {ITEMS.map((item) => (
            <div key={item} className="methodology__item">
              <dt>{t(`methodology.items.${item}.title`)}</dt>
              <dd>
                <p>{t(`methodology.items.${item}.body`)}</p>
                <p className="methodology__source">
                  {t('common:join.labelValue', {
                    label: t('methodology.sourceLabel'),
                    value: t(`methodology.items.${item}.source`),
                  })}
                </p>
              </dd>
            </div>
          ))}
          {FINANCE_ITEMS.map((item) => (
            <div key={item} className="methodology__item">
              <dt>{t(`finance:methodology.items.${item}.title`)}</dt>
              <dd>
                <p>{t(`finance:methodology.items.${item}.body`)}</p>
                <p className="methodology__source">
                  {t('common:join.labelValue', {
                    label: t('methodology.sourceLabel'),
                    value: t(`finance:methodology.items.${item}.source`),
                  })}
                </p>
              </dd>
            </div>
          ))}
        </dl>
        <GlossaryList />
      </div>
    </details>
  );
});
