import { useTranslation } from 'react-i18next';

/** The messages of a change the scenario schema refused (nothing was applied), as one alert. */
export function NotApplied({ issues }: { issues: readonly string[] }) {
  const { t } = useTranslation('wizard');
  if (issues.length === 0) return null;
  return (
    <div className="wizard-error" role="alert">
      <p>{t('notApplied')}</p>
      <ul>
        {issues.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
