import type { TFunction } from 'i18next';
import type { Scenario, WayEfficiency } from '../engine';

/** Where the own cluster's efficiency comes from, in words: the team-level rule, or a measurement. */
export function ownEfficiencyOriginText(s: Scenario, own: WayEfficiency, t: TFunction): string {
  if (own.origin === 'rule') {
    return t('common:sliders.originRule', {
      level: s.teamCapability,
      pooling: t(
        s.selfBuild.privatePool ? 'common:sliders.originRulePooled' : 'common:sliders.originRuleSiloed',
      ),
    });
  }
  return own.label === null || own.label === ''
    ? t('common:sliders.originMeasuredTyped')
    : t('common:sliders.originMeasured', { label: own.label });
}
