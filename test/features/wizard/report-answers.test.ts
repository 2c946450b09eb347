import { afterEach, describe, expect, it } from 'vitest';
import { wizardReportAnswers } from '../../../src/features/wizard/report-answers';
import { resetWizardState, useWizardStore } from '../../../src/features/wizard/wizard-store';
import { createI18n } from '../../../src/i18n';

const answersIn = (locale: 'en' | 'zh-CN') =>
  wizardReportAnswers(createI18n(locale).getFixedT(locale, 'wizard'));

afterEach(() => resetWizardState());

describe('wizard answers for the PDF report', () => {
  it('is null before anything is answered', () => {
    expect(answersIn('en')).toBeNull();
  });

  it('lists the curve, throughput and the four risk answers as question/answer text, completed on the result step', () => {
    useWizardStore.getState().patch({
      curveKind: 'pulse',
      weeksText: '52',
      meanText: '40',
      throughputText: '2500',
      throughputRate: 'perSecond',
      unitName: 'tokens',
      answers: { peakAccess: 'slow', recovery: 'automatic', refresh: 'poorly', opsTeam: 'team' },
    });
    useWizardStore.getState().setStep(4);
    const r = answersIn('en')!;
    expect(r.completed).toBe(true);
    expect(r.steps.map((s) => s.title)).toEqual(['Usage curve', 'Utilization', 'Risk and elasticity']);
    expect(r.steps[0]!.answers[0]!.answer).toBe('Pulse · 52 × 40');
    expect(r.steps[1]!.answers[0]!.answer).toBe('2500 tokens / second');
    expect(r.steps[2]!.answers).toContainEqual({
      question: 'When hardware fails, how do you recover?',
      answer: 'Automatic checkpoint and resume',
    });
    expect(r.steps[2]!.answers).toHaveLength(4);
  });

  it('is in Chinese when the app is, and not completed before the result step', () => {
    useWizardStore
      .getState()
      .patch({ answers: { peakAccess: 'fast', recovery: null, refresh: null, opsTeam: null } });
    const r = answersIn('zh-CN')!;
    expect(r.completed).toBe(false);
    expect(r.steps[0]!.title).toMatch(/[\u4e00-\u9fff]/);
  });
});
