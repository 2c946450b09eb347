import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Evaluation, PARAMETERS, type ParameterGroup } from '../../engine';
import { addOtherLanguage } from '../../i18n/app-i18n';
import { matchingKeys, type SearchEntry } from '../../lib/assumption-search';
import { useMoneyFormat, useShownScenario } from '../../state/store-context';
import {
  DemandModeField,
  HybridBaselineFields,
  LeadTimeFields,
  PrivatePoolField,
  RecoveryField,
  ThroughputFields,
} from './choice-fields';
import { ExistingClusterFields } from './existing-cluster-fields';
import { HardwarePathFields } from './hardware-path-fields';
import { MeasuredEfficiencyField } from './measured-field';
import { OnDemandMarketField } from './on-demand-market-field';
import { fieldValue, ParameterField } from './parameter-field';

/** The assumption groups in page order; which fields each holds comes from `PARAMETERS` (data). */
export const ASSUMPTION_GROUPS: readonly ParameterGroup[] = [
  'workload',
  'selfBuild',
  'rent',
  'platform',
  'operations',
  'finance',
];

/** The non-numeric inputs, each in the group it belongs to, with the label keys it is found by. */
interface ChoiceField {
  key: string;
  group: ParameterGroup;
  labelKeys: readonly string[];
  render: (evaluation: Evaluation) => ReactNode;
}

const CHOICE_FIELDS: readonly ChoiceField[] = [
  {
    key: 'demandMode',
    group: 'workload',
    labelKeys: [
      'choices.demandMode',
      'choices.demandModeJobs',
      'choices.demandModeWeekly',
      'choices.demandModePlan',
    ],
    render: (evaluation) => <DemandModeField evaluation={evaluation} />,
  },
  {
    key: 'throughput',
    group: 'workload',
    labelKeys: ['choices.throughput', 'choices.throughputUnit'],
    render: () => <ThroughputFields />,
  },
  { key: 'recovery', group: 'selfBuild', labelKeys: ['choices.recovery'], render: () => <RecoveryField /> },
  {
    key: 'privatePool',
    group: 'selfBuild',
    labelKeys: ['choices.privatePool'],
    render: () => <PrivatePoolField />,
  },
  {
    key: 'leadTime',
    group: 'selfBuild',
    labelKeys: ['choices.leadTime', 'choices.leadTimeMonths'],
    render: () => <LeadTimeFields />,
  },
  {
    key: 'existingCluster',
    group: 'selfBuild',
    labelKeys: [
      'existing.choice',
      'existing.toggle',
      'existing.servers',
      'existing.ageMonths',
      'existing.pricePaid',
      'existing.lens',
    ],
    render: (evaluation) => <ExistingClusterFields evaluation={evaluation} />,
  },
  {
    key: 'measuredSelfBuild',
    group: 'selfBuild',
    labelKeys: ['measured.label.selfBuild'],
    render: (evaluation) => <MeasuredEfficiencyField way="selfBuild" evaluation={evaluation} />,
  },
  {
    key: 'measuredRent',
    group: 'rent',
    labelKeys: ['measured.label.rent'],
    render: (evaluation) => <MeasuredEfficiencyField way="rent" evaluation={evaluation} />,
  },
  {
    key: 'onDemandMarket',
    group: 'rent',
    labelKeys: ['plan:field.onDemand'],
    render: () => <OnDemandMarketField />,
  },
  {
    key: 'measuredPlatform',
    group: 'platform',
    labelKeys: ['measured.label.platform'],
    render: (evaluation) => <MeasuredEfficiencyField way="platform" evaluation={evaluation} />,
  },
  {
    key: 'hardwarePaths',
    group: 'finance',
    labelKeys: [
      'choices.hardwarePaths',
      'pricePath.hardware.label',
      'pricePath.resale.label',
      'pricePath.hardware.importLabel',
      'pricePath.resale.importLabel',
    ],
    render: () => <HardwarePathFields />,
  },
  {
    key: 'hybridBaseline',
    group: 'platform',
    labelKeys: ['choices.baselineMode', 'choices.baselineGpus'],
    render: (evaluation) => <HybridBaselineFields evaluation={evaluation} />,
  },
];

/** Every field's names in English and Chinese, for the search box. */
export function assumptionSearchEntries(en: TFunction, zh: TFunction): SearchEntry[] {
  return [
    ...PARAMETERS.map((m) => ({ key: m.path, names: [en(`params.${m.path}`), zh(`params.${m.path}`)] })),
    ...CHOICE_FIELDS.map((c) => ({ key: c.key, names: c.labelKeys.flatMap((k) => [en(k), zh(k)]) })),
  ];
}

/**
 * Every assumption, grouped as in `PARAMETERS`, in collapsible panels (native <details>, keyboard and
 * screen-reader friendly), with a search box that filters the fields by name in English or Chinese
 * (either language, whichever the page shows). Filtered-out fields stay mounted (hidden), so text
 * typed into a field that is not applied yet is never lost by searching.
 */
export function ParameterPanels({ evaluation }: { evaluation: Evaluation }) {
  const { t, i18n } = useTranslation();
  // The scenario the section shows (a step behind while off screen): the fields' values come from it.
  const scenario = useShownScenario();
  const money = useMoneyFormat();
  const { userEdited } = scenario.hardware;
  const id = useId();
  const [query, setQuery] = useState('');
  const [openGroups, setOpenGroups] = useState<ReadonlySet<ParameterGroup>>(() => new Set(['workload']));
  // The other language's strings load when the search takes focus (addOtherLanguage): the names are
  // read again when they arrive, so the search then finds names in both.
  const [languagesAdded, setLanguagesAdded] = useState(0);
  useEffect(() => {
    const added = () => setLanguagesAdded((n) => n + 1);
    i18n.store.on('added', added);
    // Strings added between this render and the subscription (the panels render in a transition,
    // which can take a while on a loaded machine) fire no event here: read the names once more now.
    if (i18n.hasResourceBundle('zh-CN', 'common') && i18n.hasResourceBundle('en', 'common')) added();
    return () => i18n.store.off('added', added);
  }, [i18n]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when a language's strings are added
  const entries = useMemo(
    () => assumptionSearchEntries(i18n.getFixedT('en', 'common'), i18n.getFixedT('zh-CN', 'common')),
    [i18n, languagesAdded],
  );
  const searching = query.trim() !== '';
  const matches = useMemo(() => matchingKeys(entries, query), [entries, query]);
  const shown = (key: string) => !searching || matches.has(key);
  const groupHasMatch = (group: ParameterGroup) =>
    PARAMETERS.some((m) => m.group === group && matches.has(m.path)) ||
    CHOICE_FIELDS.some((c) => c.group === group && matches.has(c.key));

  return (
    <div className="assumptions">
      <search className="assumptions__search">
        <label htmlFor={`${id}-search`}>{t('assumptions.search', { ns: 'layout' })}</label>
        <input
          id={`${id}-search`}
          type="search"
          data-testid="assumption-search"
          value={query}
          placeholder={t('assumptions.searchPlaceholder', { ns: 'layout' })}
          onChange={(e) => setQuery(e.target.value)}
          onFocus={() => void addOtherLanguage(i18n)}
          autoComplete="off"
        />
        <p className="assumptions__count" aria-live="polite">
          {searching
            ? matches.size > 0
              ? t('assumptions.matches', { ns: 'layout', count: matches.size, query: query.trim() })
              : t('assumptions.noMatch', { ns: 'layout', query: query.trim() })
            : null}
        </p>
      </search>
      <div className="panels">
        {ASSUMPTION_GROUPS.map((group) => {
          const hasMatch = !searching || groupHasMatch(group);
          return (
            <details
              key={group}
              className="panel"
              data-group={group}
              hidden={!hasMatch}
              open={searching ? hasMatch : openGroups.has(group)}
              onToggle={(e) => {
                if (searching) return;
                const isOpen = e.currentTarget.open;
                setOpenGroups((prev) => {
                  if (prev.has(group) === isOpen) return prev;
                  const next = new Set(prev);
                  if (isOpen) next.add(group);
                  else next.delete(group);
                  return next;
                });
              }}
            >
              <summary className="panel__summary">
                <h3 className="panel__title">{t(`groups.${group}`)}</h3>
              </summary>
              <div className="panel__body">
                {CHOICE_FIELDS.filter((c) => c.group === group).map((c) => (
                  <div key={c.key} className="panel__item" hidden={!shown(c.key)}>
                    {c.render(evaluation)}
                  </div>
                ))}
                {PARAMETERS.filter((m) => m.group === group).map((meta) => (
                  <div key={meta.path} className="panel__item" hidden={!shown(meta.path)}>
                    <ParameterField
                      meta={meta}
                      value={fieldValue(scenario, meta, money)}
                      edited={userEdited.includes(meta.path)}
                      money={money}
                    />
                  </div>
                ))}
              </div>
            </details>
          );
        })}
      </div>
    </div>
  );
}
