import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { allAnswered } from './wizard-logic';
import { useWizardStore, WIZARD_STEPS } from './wizard-store';

/** The wizard's answers as question/answer text per step, for the PDF report (structurally typed). */
export interface WizardReportAnswers {
  completed: boolean;
  steps: Array<{ title: string; answers: Array<{ question: string; answer: string }> }>;
}

/**
 * What the user answered in the self-assessment, in the current language, or null when nothing was
 * answered yet. Completed means all four questions are answered (the result can be shown).
 */
export function useWizardReportAnswers(): WizardReportAnswers | null {
  const { t } = useTranslation('wizard');
  const w = useWizardStore(
    useShallow((s) => ({
      step: s.step,
      curveKind: s.curveKind,
      csv: s.csv,
      weeksText: s.weeksText,
      meanText: s.meanText,
      throughputText: s.throughputText,
      throughputRate: s.throughputRate,
      unitName: s.unitName,
      answers: s.answers,
    })),
  );
  const steps: WizardReportAnswers['steps'] = [];
  const usage: Array<{ question: string; answer: string }> = [];
  if (w.csv) usage.push({ question: t('steps.usage'), answer: `${w.csv.fileName} (${w.csv.weeks})` });
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
