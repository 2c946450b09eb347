import { useTranslation } from 'react-i18next';
import { changedInputs, type Scenario, type ScenarioRecipe } from '../../engine';
import type { CommitOptions, CommitResult } from '../../state/store';
import { useAppStoreApi } from '../../state/store-context';
import { markModified, scenarioTitle } from '../../view-model/scenario-name';
import { useWizardStore } from './wizard-store';

/**
 * The wizard's way through the store's door: each apply is one undo step (a chart drag, with its
 * `group`, is one too), and an applied change is remembered with the inputs it changed, so the wizard
 * can say what it did and offer to undo it.
 */
export function useWizardCommit(): (recipe: ScenarioRecipe, group?: string) => CommitResult {
  const store = useAppStoreApi();
  const patch = useWizardStore((s) => s.patch);
  const { t } = useTranslation();
  return (recipe, group) => {
    const state = store.getState();
    const before = state.scenario;
    const options: CommitOptions = { source: 'wizard' };
    if (group !== undefined) options.group = group;
    // An answer that changes the scenario marks its name modified (view-model/scenario-name.ts, once).
    const marked = (s: Scenario): Scenario => {
      const next = recipe(s);
      if (next === s || JSON.stringify(next) === JSON.stringify(s)) return s;
      return { ...next, name: markModified(scenarioTitle(s, t), state.locale) };
    };
    const result = state.commitScenario(marked, options);
    if (result.ok && result.changed) {
      // A drag's later commits join its step, so the change is measured from before the drag began.
      const previous = useWizardStore.getState().lastApply;
      const start =
        result.merged && previous !== null && previous.after === before ? previous.before : before;
      patch({
        lastApply: { before: start, after: result.scenario, paths: changedInputs(start, result.scenario) },
      });
    }
    return result;
  };
}
