import { useTranslation } from 'react-i18next';
import { glossaryEntries } from '../../view-model/glossary';

/**
 * The whole glossary in one place on the page (the Method section): every word the "?" buttons
 * explain, with its technical name, from the same term list as the PDF and the workbook.
 */
export function GlossaryList() {
  const { t } = useTranslation('glossary');
  return (
    <>
      <h4 id="glossary">{t('title')}</h4>
      <p>{t('intro')}</p>
      <dl className="methodology__list" data-testid="glossary">
        {glossaryEntries(t).map((e) => (
          <div key={e.id} className="methodology__item" data-term={e.id}>
            <dt>{e.term}</dt>
            <dd>
              <p>{e.explanation}</p>
              {e.technical.toLowerCase() !== e.term.toLowerCase() ? (
                <p className="methodology__source">{t('technical', { name: e.technical })}</p>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
