import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyAnswers,
  buildLeadTimeMonthsOf,
  NO_ANSWERS,
  OPS_TEAM,
  ownEfficiency,
  PEAK_ACCESS,
  RECOVERY,
  REFRESH,
  type RiskAnswers,
  type Scenario,
} from '../../../engine';
import { formatNumber, formatPercent } from '../../../lib/format';
import { useAppStore } from '../../../state/store-context';
import { countText } from '../../../view-model/count-text';
import { issueText } from '../../../view-model/import-messages';
import { useWizardCommit } from '../use-wizard-commit';
import { useWizardStore } from '../wizard-store';
import { NotApplied } from './not-applied';

type Question = keyof RiskAnswers;
const QUESTIONS: { key: Question; options: readonly string[] }[] = [
  { key: 'peakAccess', options: PEAK_ACCESS },
  { key: 'recovery', options: RECOVERY },
  { key: 'refresh', options: REFRESH },
  { key: 'opsTeam', options: OPS_TEAM },
];

/**
 * Step 4 (seed 003 §5): risk and elasticity — the article's three questions (peak access, failure
 * recovery, value through a technology refresh) plus the team question of §4 factor 3. Every answer
 * changes the scenario's parameters at once (engine self-assessment.ts documents each mapping), so the cost
 * comparison, not a separate score, carries the answers.
 */
export function RiskStep({ scenario }: { scenario: Scenario }) {
  const { t } = useTranslation('wizard');
  const locale = useAppStore((s) => s.locale);
  const commit = useWizardCommit();
  const answers = useWizardStore((s) => s.answers);
  const patch = useWizardStore((s) => s.patch);
  const [issues, setIssues] = useState<string[]>([]);
  const ids = useId();

  const answer = (key: Question, value: string) => {
    const next = { ...answers, [key]: value } as RiskAnswers;
    // Only the answer just given moves parameters: the others were applied when they were given, and
    // the user may have tuned those parameters on the dashboard since.
    // One answer is one undo step.
    const result = commit(applyAnswers({ ...NO_ANSWERS, [key]: value } as RiskAnswers));
    if (!result.ok) {
      setIssues(result.issues.map((i) => issueText(t, i, locale)));
      return;
    }
    setIssues([]);
    patch({ answers: next });
  };

  return (
    <div className="wizard-step">
      <p className="wizard-step__intro">{t('risk.intro')}</p>
      {QUESTIONS.map(({ key, options }) => (
        <fieldset key={key} className="wizard-fieldset wizard-question" data-question={key}>
          <legend>{t(`risk.${key}.question`)}</legend>
          <div className="wizard-choices" role="radiogroup" aria-label={t(`risk.${key}.question`)}>
            {options.map((option) => (
              <label key={option} className="wizard-choice">
                <input
                  type="radio"
                  name={`${ids}-${key}`}
                  value={option}
                  checked={answers[key] === option}
                  onChange={() => answer(key, option)}
                />
                <span>
                  <strong>{t(`risk.${key}.options.${option}`)}</strong>
                </span>
              </label>
            ))}
          </div>
          {answers[key] !== null ? (
            <p className="wizard-effect" data-testid={`wizard-effect-${key}`}>
              {effectText(key, scenario, t, locale)}
            </p>
          ) : null}
        </fieldset>
      ))}
      <NotApplied issues={issues} />
    </div>
  );
}

/** What the answer did to the scenario, read back from the scenario itself. */
function effectText(
  key: Question,
  s: Scenario,
  t: ReturnType<typeof useTranslation<'wizard'>>['t'],
  locale: 'en' | 'zh-CN',
): string {
  switch (key) {
    case 'peakAccess':
      return s.hybrid.baselineGpus === null
        ? t('risk.peakAccess.effectOptimal')
        : t('risk.peakAccess.effectPeak', { gpus: formatNumber(s.hybrid.baselineGpus, locale) });
    case 'recovery':
      return t('risk.recovery.effect', {
        mode: t(`risk.recovery.modes.${s.selfBuild.recovery}`),
        interval:
          s.operations.checkpointIntervalHours > 0
            ? t('risk.recovery.every', {
                hours: formatNumber(s.operations.checkpointIntervalHours, locale, 2),
              })
            : t('risk.recovery.noCheckpoints'),
      });
    case 'refresh':
      return t('risk.refresh.effect', {
        decline: formatPercent(s.finance.resaleValueDeclineFractionPerYear, locale, 0),
      });
    case 'opsTeam':
      return t('risk.opsTeam.effect', {
        level: s.teamCapability,
        levelName: t(`team.${s.teamCapability}`, { ns: 'common' }),
        efficiency: formatPercent(ownEfficiency(s), locale, 0),
        lead: countText(t, 'months', buildLeadTimeMonthsOf(s), locale),
      });
  }
}
