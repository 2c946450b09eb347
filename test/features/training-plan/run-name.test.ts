import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../../src/engine';
import { addRun } from '../../../src/features/training-plan/plan-edits';
import { createI18n } from '../../../src/i18n';
import enPlan from '../../../src/i18n/en/plan.json';
import zhPlan from '../../../src/i18n/zh-CN/plan.json';
import { runLabel } from '../../../src/view-model/training-plan-text';

describe('a new run’s name', () => {
  for (const [locale, plan] of [
    ['en', enPlan],
    ['zh-CN', zhPlan],
  ] as const) {
    it(`is its number in the reader's words (${locale}), read once in labels`, () => {
      const t = createI18n(locale).t;
      const name = (index: number) => t('plan:runNumber', { n: index + 1 });
      const two = addRun(addRun(defaultScenario, name), name);
      const expected = (n: number) => plan.runNumber.replace('{{n}}', String(n));
      expect(two.trainingPlan.runs.map((r) => r.name)).toEqual([expected(1), expected(2)]);
      expect(runLabel(0, two.trainingPlan.runs[0]?.name ?? '', t)).toBe(expected(1));
      // A name of the reader's own still reads with the run's number.
      expect(runLabel(0, 'Pre-train', t)).toBe(
        plan.runNamed.replace('{{n}}', '1').replace('{{name}}', 'Pre-train'),
      );
    });
  }

  it('is no English in Chinese', () => {
    const t = createI18n('zh-CN').t;
    const s = addRun(defaultScenario, (index) => t('plan:runNumber', { n: index + 1 }));
    expect(s.trainingPlan.runs[0]?.name).not.toMatch(/[A-Za-z]/);
  });
});
