import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Scenario } from '../../engine';
import { useAppStore } from '../../state/store-context';
import { presetKeyByName } from '../dashboard/preset-key';

/** The scenario's name as the page shows it: a preset's name translated, any other name as typed. */
export function scenarioTitle(scenario: Scenario, t: TFunction): string {
  const key = presetKeyByName(scenario);
  return key ? t(`common:presets.${key}`) : scenario.name;
}

export function useScenarioTitle(): string {
  const { t } = useTranslation();
  const scenario = useAppStore((s) => s.scenario);
  return scenarioTitle(scenario, t);
}
