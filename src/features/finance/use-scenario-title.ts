import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';
import { scenarioTitle } from '../../view-model/scenario-name';

/** The current scenario's name as the page shows it (view-model/scenario-name `scenarioTitle`). */
export function useScenarioTitle(): string {
  const { t } = useTranslation();
  // Only the name: a slider step does not change it, so it does not redraw the name field.
  const name = useAppStore((s) => s.scenario.name);
  return scenarioTitle({ name }, t);
}
