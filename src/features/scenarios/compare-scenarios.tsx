import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../components/scroll-region';
import { Section } from '../../components/section';
import { presets, type Scenario, STRATEGY_IDS } from '../../engine';
import { downloadBlob } from '../../lib/download';
import { exportFileName } from '../../lib/file-name';
import type { SavedScenario } from '../../scenario';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import {
  type CompareColumnInput,
  type CompareFocus,
  compareScenarios,
  MAX_COMPARED,
  type ScenarioCompareRow,
  uniqueLabels,
} from '../../view-model/scenario-compare';
import {
  compareGroupLabel,
  compareRowLabel,
  compareValueText,
  comparisonCsv,
  comparisonFileBase,
} from '../../view-model/scenario-compare-text';
import { scenarioTitle } from '../../view-model/scenario-name';
import { downloadText } from './download';
import { useSavedScenarios } from './saved-scenarios';
import './compare-scenarios.css';
import { withIsolatedName } from '../../components/isolated-name';
import { isolatedText } from '../../lib/bidi';

const CURRENT = 'current';
const PRESET_KEYS = Object.keys(presets);

/** A chosen column: its source ("current", "saved:<id>", "preset:<key>") and the name it had. */
interface Choice {
  source: string;
  name: string;
}

function isFocus(v: string): v is CompareFocus {
  return v === 'winner' || (STRATEGY_IDS as readonly string[]).includes(v);
}

function savedOf(source: string, saved: readonly SavedScenario[]): SavedScenario | undefined {
  return source.startsWith('saved:') ? saved.find((e) => `saved:${e.id}` === source) : undefined;
}

/**
 * Up to four scenarios side by side (the current one, saved ones, examples): results, each strategy's
 * monthly cost, the detail of the strategy shown, cash by year and NPV, its energy and emissions, and
 * the inputs that differ, marked against the first column; downloadable as CSV. The rows come from
 * src/view-model/scenario-compare.ts; this view only lays them out.
 */
export function CompareScenarios() {
  const { t } = useTranslation(['compare', 'common']);
  const money = useMoneyFormat();
  const current = useAppStore((s) => s.scenario);
  const { entries, quarantined } = useSavedScenarios();
  const [choices, setChoices] = useState<Choice[]>([{ source: CURRENT, name: '' }]);
  const [focus, setFocus] = useState<CompareFocus>('winner');
  const [pending, setPending] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const id = useId();

  // A saved entry deleted (here or in another tab) while compared leaves the comparison, with a word.
  useEffect(() => {
    const gone = choices.filter((c) => c.source.startsWith('saved:') && !savedOf(c.source, entries));
    if (gone.length === 0) return;
    setChoices((list) => list.filter((c) => !gone.includes(c)));
    setMissing((list) => [...list, ...gone.map((c) => c.name)]);
  }, [choices, entries]);

  const currentTitle = scenarioTitle(current, t);
  const resolve = (choice: Choice): { scenario: Scenario; name: string } | null => {
    if (choice.source === CURRENT) return { scenario: current, name: t('current', { name: currentTitle }) };
    if (choice.source.startsWith('preset:')) {
      const key = choice.source.slice(7);
      const scenario = presets[key];
      return scenario ? { scenario, name: t(`common:presets.${key}`) } : null;
    }
    const entry = savedOf(choice.source, entries);
    return entry ? { scenario: entry.scenario, name: entry.name } : null;
  };

  const resolved = choices.flatMap((c) => {
    const r = resolve(c);
    return r ? [{ source: c.source, ...r }] : [];
  });
  const labels = uniqueLabels(resolved.map((r) => r.name));
  const inputs: CompareColumnInput[] = resolved.map((r, i) => ({
    key: r.source,
    label: labels[i] ?? r.name,
    scenario: r.scenario,
  }));
  // Four evaluations and cash reports take a few milliseconds, and this tab re-renders only on its own
  // choices or a saved-list change: no memo to keep in step.
  const comparison = compareScenarios(inputs, focus);

  const chosen = new Set(choices.map((c) => c.source));
  const full = choices.length >= MAX_COMPARED;
  // `label` is the plain name a chosen column keeps; `text` is the option's label, the user's names in
  // it isolated (an <option> holds text only, so no <bdi>).
  const addable: { value: string; label: string; text: string; group: 'current' | 'saved' | 'preset' }[] = [
    {
      value: CURRENT,
      label: t('currentOption', { name: currentTitle }),
      text: t('currentOption', { name: isolatedText(currentTitle) }),
      group: 'current' as const,
    },
    ...entries.map((e) => ({
      value: `saved:${e.id}`,
      label: e.name,
      text: isolatedText(e.name),
      group: 'saved' as const,
    })),
    ...PRESET_KEYS.map((k) => ({
      value: `preset:${k}`,
      label: t(`common:presets.${k}`),
      text: t(`common:presets.${k}`),
      group: 'preset' as const,
    })),
  ].filter((o) => !chosen.has(o.value));
  const pendingValue = addable.some((o) => o.value === pending) ? pending : (addable[0]?.value ?? '');

  const add = () => {
    if (full || pendingValue === '') return;
    const option = addable.find((o) => o.value === pendingValue);
    if (!option) return;
    setChoices((list) => [...list, { source: option.value, name: option.label }]);
    setMissing([]);
  };
  const remove = (source: string) => setChoices((list) => list.filter((c) => c.source !== source));

  const [xlsxBusy, setXlsxBusy] = useState(false);
  const downloadXlsx = async () => {
    setXlsxBusy(true);
    try {
      // ExcelJS is large: loaded on the first click only.
      const { comparisonWorkbookBytes } = await import('./compare-workbook');
      const bytes = await comparisonWorkbookBytes(comparison, money, t);
      downloadBlob(
        new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
        exportFileName(comparisonFileBase(comparison, t), new Date(), 'xlsx', t('export:fileProduct')),
      );
    } finally {
      setXlsxBusy(false);
    }
  };

  const download = () => {
    downloadText(
      exportFileName(comparisonFileBase(comparison, t), new Date(), 'csv', t('export:fileProduct')),
      comparisonCsv(comparison, money, t),
      'text/csv;charset=utf-8',
    );
  };

  const groups = groupRows(comparison.rows);
  const first = comparison.columns[0];

  return (
    <Section
      headingId={`${id}-title`}
      title={t('title')}
      className="card scenarios__card"
      testId="compare-scenarios"
    >
      <p className="scenarios__intro">{t('intro')}</p>
      <div className="compare4__controls">
        <div className="control">
          <label htmlFor={`${id}-add`}>{t('add')}</label>
          <div className="action-panel__row">
            <select
              id={`${id}-add`}
              value={pendingValue}
              disabled={full || addable.length === 0}
              onChange={(e) => setPending(e.target.value)}
            >
              {addable
                .filter((o) => o.group === 'current')
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.text}
                  </option>
                ))}
              {(['saved', 'preset'] as const).map((group) => {
                const options = addable.filter((o) => o.group === group);
                return options.length > 0 ? (
                  <optgroup key={group} label={t(group === 'saved' ? 'savedGroup' : 'presetGroup')}>
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.text}
                      </option>
                    ))}
                  </optgroup>
                ) : null;
              })}
            </select>
            <button type="button" className="button" onClick={add} disabled={full || addable.length === 0}>
              {t('addButton')}
            </button>
          </div>
          {full ? <p className="compare4__hint">{t('full')}</p> : null}
        </div>
        <div className="control">
          <label htmlFor={`${id}-focus`}>{t('focus')}</label>
          <select
            id={`${id}-focus`}
            value={focus}
            onChange={(e) => {
              if (isFocus(e.target.value)) setFocus(e.target.value);
            }}
          >
            <option value="winner">{t('focusWinner')}</option>
            {STRATEGY_IDS.map((s) => (
              <option key={s} value={s}>
                {t('focusStrategy', { strategy: t(`common:strategy.${s}`) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="status">
        {missing.map((name) => (
          <p key={name} className="notice notice--error">
            {withIsolatedName((n) => t('missing', { name: n }), name)}
          </p>
        ))}
      </div>
      {comparison.failed.map((f) => (
        <p key={f.key} className="notice notice--error" role="alert">
          {withIsolatedName((n) => t('failed', { name: n }), f.label)}
        </p>
      ))}
      {quarantined.length > 0 ? (
        <p className="compare4__hint">{t('keptAside', { count: quarantined.length })}</p>
      ) : null}
      {comparison.columns.length < 2 ? <p className="compare4__hint">{t('one')}</p> : null}
      {first && comparison.columns.length > 1 ? (
        <p className="compare4__hint">
          {comparison.differingInputs.length === 0
            ? withIsolatedName((n) => t('noDifference', { name: n }), first.label)
            : withIsolatedName((n) => t('differsNote', { name: n }), first.label)}{' '}
          {t('npvNote')}
        </p>
      ) : null}
      <ScrollRegion labelledBy={`${id}-caption`} className="table-scroll compare4__scroll">
        <table className="compare4__table" data-testid="compare-scenarios-table">
          <caption id={`${id}-caption`} className="visually-hidden">
            {t('caption', {
              names: comparison.columns.map((c) => isolatedText(c.label)).join(t('csv.separator')),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('measure')}</th>
              {comparison.columns.map((c) => (
                <th key={c.key} scope="col" data-testid="compare-column" data-source={c.key}>
                  <bdi className="compare4__name">{c.label}</bdi>
                  <button
                    type="button"
                    className="compare4__remove"
                    aria-label={t('remove', { name: isolatedText(c.label) })}
                    title={t('remove', { name: isolatedText(c.label) })}
                    onClick={() => remove(c.key)}
                  >
                    ×
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          {groups.map(({ group, rows }) => (
            <tbody key={group}>
              <tr className="compare4__group">
                <th scope="colgroup" colSpan={comparison.columns.length + 1}>
                  <span className="compare4__group-label">{compareGroupLabel(t, group, focus)}</span>
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={row.key} data-testid="compare-scenarios-row" data-row={row.key}>
                  <th scope="row">{compareRowLabel(t, row, money.locale)}</th>
                  {row.cells.map((cell, i) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column, in column order
                      key={i}
                      className={`${row.group === 'inputs' || cell.value.kind === 'strategy' ? '' : 'num'}${cell.differs ? ' compare4__differs' : ''}`}
                      data-differs={cell.differs ? 'true' : undefined}
                      data-value={cell.value.kind === 'strategy' ? cell.value.id : undefined}
                    >
                      {compareValueText(cell.value, money, t)}
                      {cell.differs ? (
                        <span className="visually-hidden">
                          {t('common:join.bracketed', { note: t('differs') })}
                        </span>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </ScrollRegion>
      <div className="compare4__actions">
        <button
          type="button"
          className="button"
          data-testid="compare-export-csv"
          disabled={comparison.columns.length === 0}
          onClick={download}
        >
          {t('exportCsv')}
        </button>
        <button
          type="button"
          className="button"
          data-testid="compare-export-xlsx"
          disabled={comparison.columns.length === 0 || xlsxBusy}
          aria-busy={xlsxBusy}
          onClick={() => void downloadXlsx()}
        >
          {t('exportXlsx')}
        </button>
      </div>
    </Section>
  );
}

function groupRows(rows: readonly ScenarioCompareRow[]) {
  const out: { group: ScenarioCompareRow['group']; rows: ScenarioCompareRow[] }[] = [];
  for (const row of rows) {
    const last = out.at(-1);
    if (last && last.group === row.group) last.rows.push(row);
    else out.push({ group: row.group, rows: [row] });
  }
  return out;
}
