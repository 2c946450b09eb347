import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Evaluation, PARAMETERS, type ParameterGroup } from '../../engine';
import {
  DemandModeField,
  HybridBaselineFields,
  LeadTimeFields,
  PrivatePoolField,
  RecoveryField,
  ThroughputFields,
} from './choice-fields';
import { ParameterField } from './parameter-field';

const GROUPS: readonly ParameterGroup[] = [
  'workload',
  'selfBuild',
  'rent',
  'platform',
  'operations',
  'finance',
];

/**
 * Every assumption, grouped as in `PARAMETERS`, in collapsible panels (native <details>, keyboard and
 * screen-reader friendly). The non-numeric inputs sit in the group they belong to.
 */
export function ParameterPanels({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const extras: Partial<Record<ParameterGroup, ReactNode>> = {
    workload: (
      <>
        <DemandModeField evaluation={evaluation} />
        <ThroughputFields />
      </>
    ),
    selfBuild: (
      <>
        <RecoveryField />
        <PrivatePoolField />
        <LeadTimeFields />
      </>
    ),
    platform: <HybridBaselineFields evaluation={evaluation} />,
  };

  return (
    <div className="panels">
      {GROUPS.map((group, index) => (
        <details key={group} className="panel" open={index === 0}>
          <summary className="panel__summary">
            <h3 className="panel__title">{t(`groups.${group}`)}</h3>
          </summary>
          <div className="panel__body">
            {extras[group]}
            {PARAMETERS.filter((m) => m.group === group).map((meta) => (
              <ParameterField key={meta.path} meta={meta} />
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
