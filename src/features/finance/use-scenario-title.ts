import { useTranslation } from 'react-i18next';
import { scenarioTitle } from '../../lib/scenario-name';
import { useAppStore } from '../../state/store-context';

/** The current scenario's name as the page shows it (lib/scenario-name `scenarioTitle`). */
export function useScenarioTitle(): string {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  return scenarioTitle(scenario, t);
}
