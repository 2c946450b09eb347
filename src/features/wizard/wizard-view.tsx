import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/section';
import { allAnswered, generatorMeanGpus, withJobsCurve } from '../../engine';
import { useEvaluation } from '../../state/selectors';
import { useAppStore } from '../../state/store-context';
import { ChangedInputsNote } from './changed-inputs-note';
import { parseThroughputText } from './field-rules';
import { ResultPanel } from './steps/result-panel';
import { RiskStep } from './steps/risk-step';
import { TcoStep } from './steps/tco-step';
import { UsageStep } from './steps/usage-step';
import { UtilizationStep } from './steps/utilization-step';
import { useWizardCommit } from './use-wizard-commit';
import { useWizardStore, WIZARD_STEPS } from './wizard-store';
import './wizard.css';

type Blocker = 'fixThroughput' | 'answerAll';

/**
 * The four-step self-assessment of seed 003 §5 with its result. Steps and answers live in the wizard's
 * module store (they survive leaving for the dashboard); scenario changes go straight to the app store.
 */
export function WizardView({ onShowDashboard }: { onShowDashboard: () => void }) {
  const { t } = useTranslation('wizard');
  const scenario = useAppStore((s) => s.scenario);
  const evaluation = useEvaluation(scenario);
  const step = useWizardStore((s) => s.step);
  const setStep = useWizardStore((s) => s.setStep);
  const wizard = useWizardStore();
  const [blocker, setBlocker] = useState<Blocker | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const lastStep = useRef(step);
  const id = WIZARD_STEPS[step] ?? 'usage';

  // The generator's mean starts at the scenario's own mean demand, so a first pick keeps its size.
  useEffect(() => {
    if (wizard.meanText === '') {
      wizard.patch({ meanText: String(generatorMeanGpus(evaluation.demand.meanGpus)) });
    }
  }, [wizard, evaluation.demand.meanGpus]);

  // Move focus to the new step's heading when the step changes (not on mount: the view starts hidden).
  useEffect(() => {
    if (lastStep.current !== step) heading.current?.focus();
    lastStep.current = step;
  }, [step]);

  const blockerFor = (from: number): Blocker | null => {
    if (from === 2 && (!parseThroughputText(wizard.throughputText).ok || wizard.throughputIssues.length > 0))
      return 'fixThroughput';
    if (from === 3 && !allAnswered(wizard.answers)) return 'answerAll';
    return null;
  };

  const commitChange = useWizardCommit();
  const next = () => {
    const b = blockerFor(step);
    setBlocker(b);
    if (b !== null) return;
    // Step 1's default: a job-form demand goes on as the flat curve its jobs imply (same demand, so
    // the same costs), which the later steps and the dashboard then show as a weekly curve.
    if (step === 0 && scenario.demand.mode === 'jobs' && !commitChange(withJobsCurve()).ok) return;
    setStep(step + 1);
  };

  return (
    <Section headingId="wizard-title" title={t('title')} className="wizard">
      <p className="wizard__lead">{t('lead')}</p>
      <nav aria-label={t('progressLabel')}>
        <ol className="wizard-progress">
          {WIZARD_STEPS.map((sid, i) => (
            <li
              key={sid}
              className={`wizard-progress__item${i === step ? ' is-current' : ''}${i < step ? ' is-done' : ''}`}
              aria-current={i === step ? 'step' : undefined}
            >
              <span className="wizard-progress__num" aria-hidden="true">
                {i < WIZARD_STEPS.length - 1 ? i + 1 : '✓'}
              </span>
              <span className="wizard-progress__name">{t(`steps.${sid}`)}</span>
            </li>
          ))}
        </ol>
      </nav>
      <p className="visually-hidden" aria-live="polite">
        {step < 4 ? t('stepOf', { n: step + 1, total: 4, name: t(`steps.${id}`) }) : t('steps.result')}
      </p>

      <div className="card wizard__body">
        <h3 ref={heading} tabIndex={-1} className="wizard__step-title" data-testid="wizard-step-title">
          {step < 4 ? t('stepOf', { n: step + 1, total: 4, name: t(`steps.${id}`) }) : t('steps.result')}
        </h3>
        {id === 'usage' ? <UsageStep scenario={scenario} evaluation={evaluation} /> : null}
        {id === 'tco' ? <TcoStep scenario={scenario} evaluation={evaluation} /> : null}
        {id === 'utilization' ? <UtilizationStep scenario={scenario} evaluation={evaluation} /> : null}
        {id === 'risk' ? <RiskStep scenario={scenario} /> : null}
        {id === 'result' ? (
          <ResultPanel
            scenario={scenario}
            evaluation={evaluation}
            answers={wizard.answers}
            onShowDashboard={onShowDashboard}
          />
        ) : null}

        <ChangedInputsNote />

        {blocker ? (
          <p className="wizard-error" role="alert">
            {t(`blockers.${blocker}`)}
          </p>
        ) : null}

        <div className="wizard__nav">
          <button
            type="button"
            className="wizard-button"
            disabled={step === 0}
            onClick={() => {
              setBlocker(null);
              setStep(step - 1);
            }}
          >
            {t('back')}
          </button>
          {step < 4 ? (
            <button type="button" className="wizard-button wizard-button--primary" onClick={next}>
              {step === 3 ? t('finish') : t('next')}
            </button>
          ) : (
            <button
              type="button"
              className="wizard-button"
              onClick={() => {
                setBlocker(null);
                setStep(0);
              }}
            >
              {t('restart')}
            </button>
          )}
        </div>
      </div>
    </Section>
  );
}
