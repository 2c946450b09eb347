import type { TFunction } from 'i18next';
import { allAnswered } from '../../engine';
import { useWizardStore, WIZARD_STEPS, type WizardState } from './wizard-store';

/** The wizard's answers as question/answer text per step, for the PDF report (structurally typed). */
export interface WizardReportAnswers {
  completed: boolean;
  steps: Array<{ title: string; answers: Array<{ question: string; answer: string }> }>;
}

/**
 * What the user answered in the self-assessment, translated with `t` (the `wizard` namespace), or
 * null when nothing was answered yet. Completed means all four questions are answered and the result
 * step was reached. Reads the wizard's store at call time (the PDF export calls it on click).
 */
export function wizardReportAnswers(
  t: TFunction,
  w: WizardState = useWizardStore.getState(),
): WizardReportAnswers | null {
  const steps: WizardReportAnswers['steps'] = [];
  const usage: Array<{ question: string; answer: string }> = [];
  if (w.csv)
    usage.push({
      question: t('steps.usage'),
      answer: t('common:join.nameNote', { name: w.csv.fileName, note: w.csv.weeks }),
    });
  else if (w.curveKind) {
    usage.push({
      question: t('steps.usage'),
      answer: `${t(`usage.kinds.${w.curveKind}`)} · ${w.weeksText} × ${w.meanText}`,
    });
  }
  if (usage.length > 0) steps.push({ title: t('steps.usage'), answers: usage });
  if (w.throughputText.trim() !== '') {
    steps.push({
      title: t('steps.utilization'),
      answers: [
        {
          question: t('utilization.throughput'),
          answer: `${w.throughputText} ${w.unitName} / ${t(`utilization.rates.${w.throughputRate}`)}`,
        },
      ],
    });
  }
  const risk: Array<{ question: string; answer: string }> = [];
  const a = w.answers;
  if (a.peakAccess)
    risk.push({
      question: t('risk.peakAccess.question'),
      answer: t(`risk.peakAccess.options.${a.peakAccess}`),
    });
  if (a.recovery)
    risk.push({ question: t('risk.recovery.question'), answer: t(`risk.recovery.options.${a.recovery}`) });
  if (a.refresh)
    risk.push({ question: t('risk.refresh.question'), answer: t(`risk.refresh.options.${a.refresh}`) });
  if (a.opsTeam)
    risk.push({ question: t('risk.opsTeam.question'), answer: t(`risk.opsTeam.options.${a.opsTeam}`) });
  if (risk.length > 0) steps.push({ title: t('steps.risk'), answers: risk });
  if (steps.length === 0) return null;
  return { completed: allAnswered(a) && w.step === WIZARD_STEPS.length - 1, steps };
}
