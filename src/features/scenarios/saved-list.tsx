import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withIsolatedName } from '../../components/isolated-name';
import { Section } from '../../components/section';
import { evaluate, presets } from '../../engine';
import { isolatedText } from '../../lib/bidi';
import { formatMoney, formatNumber } from '../../lib/format';
import type { NewerEntry, SavedScenario, SavedUpdate, SaveError } from '../../scenario';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { issuesText } from '../../view-model/import-messages';
import { stampDetails } from './budget-text';
import { KeptAsideList } from './kept-aside-list';
import {
  changeSaved,
  cleanName,
  deleteSaved,
  duplicateSaved,
  groupSaved,
  NAME_MAX_CHARS,
  newSavedId,
  renameSaved,
  resetSavedToPreset,
  type SavedRow,
  useSavedScenarios,
} from './saved-scenarios';
import { StorageQuota } from './storage-quota';
import { formatSavedAt } from './stored-formats';

/** A message for the Scenarios view; a failed write carries its error so the view can offer the export. */
export type ViewMessage =
  | { kind: 'ok'; text: string; showDashboard?: boolean }
  | { kind: 'error'; text: string; storageError?: SaveError };

type SavedEdit = (entries: readonly SavedScenario[]) => SavedScenario[];

const PRESET_KEYS = Object.keys(presets);

/** The entry's own preset when it names one, else the first (entries saved before presets were kept). */
function presetOfEntry(entry: SavedScenario): string {
  return entry.presetId !== undefined && presets[entry.presetId] ? entry.presetId : (PRESET_KEYS[0] ?? '');
}

/**
 * The entry's winner and its monthly cost, from the engine's evaluation of the saved scenario (as the
 * dashboard's KPI cards show them), so the list can be read without opening each entry.
 */
function SavedSummary({ entry }: { entry: SavedScenario }) {
  const { t } = useTranslation(['scenarios', 'common']);
  const money = useMoneyFormat();
  const evaluation = useMemo(() => evaluate(entry.scenario), [entry.scenario]);
  const winner = evaluation.recommendation.strategy;
  return (
    <p className="saved-item__summary" data-testid="saved-summary" data-winner={winner}>
      {t('saved.winner', {
        strategy: t(`common:strategy.${winner}`),
        monthly: formatMoney(evaluation.strategies[winner].monthlyCny, money),
      })}
    </p>
  );
}

/**
 * The saved list: open, rename, duplicate, delete (after a confirmation), reset to a preset. Every
 * edit goes through `changeSaved`, which applies it to the list as stored now (a save from the header
 * or another tab is never overwritten) and never drops an entry the user did not delete.
 */
export function SavedList({ onMessage }: { onMessage: (m: ViewMessage) => void }) {
  const { t } = useTranslation(['scenarios', 'common']);
  const { entries, newer, quarantined, restored } = useSavedScenarios();

  const commit = (edit: SavedEdit, ok: string, options?: SavedUpdate) => {
    const result = changeSaved(edit, options);
    onMessage(
      result.ok
        ? { kind: 'ok', text: ok }
        : { kind: 'error', text: t(`storage.${result.error}`), storageError: result.error },
    );
  };

  return (
    <Section headingId="scen-saved" title={t('saved.title')} className="card scenarios__card">
      {restored > 0 ? (
        <p className="notice notice--ok" role="status" data-testid="saved-restored">
          {t('saved.restored', { count: restored })}
        </p>
      ) : null}
      {entries.length === 0 && newer.length === 0 ? (
        <p className="scenarios__empty">{t('saved.empty')}</p>
      ) : (
        <ul className="saved-list">
          {groupSaved(entries).map((row) =>
            row.kind === 'entry' ? (
              <SavedItem key={row.entry.id} entry={row.entry} commit={commit} onMessage={onMessage} />
            ) : (
              <BudgetGroup key={row.budgetId} row={row} commit={commit} onMessage={onMessage} />
            ),
          )}
          {newer.map((entry) => (
            <NewerItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {quarantined.length > 0 ? <KeptAsideList entries={quarantined} headingId="scen-quarantine" /> : null}
      <StorageQuota />
    </Section>
  );
}

/** A budget's versions together, under the budget's name (groupSaved). */
function BudgetGroup({
  row,
  commit,
  onMessage,
}: {
  row: Extract<SavedRow, { kind: 'budget' }>;
  commit: (edit: SavedEdit, ok: string, options?: SavedUpdate) => void;
  onMessage: (m: ViewMessage) => void;
}) {
  const { t } = useTranslation('scenarios');
  const id = useId();
  return (
    <li className="saved-group" aria-labelledby={`${id}-title`} data-testid="budget-group">
      <h3 id={`${id}-title`} className="saved-group__title">
        {t('budget.groupTitle', { label: isolatedText(row.label), count: row.versions.length })}
      </h3>
      <ul className="saved-list">
        {row.versions.map((entry) => (
          <SavedItem key={entry.id} entry={entry} commit={commit} onMessage={onMessage} nested />
        ))}
      </ul>
    </li>
  );
}

/**
 * An entry made by a newer release of the app (the forward rule, docs/architecture.md): listed by its
 * name so the user knows it is kept, greyed and without actions, since this release can neither open
 * it nor write it without losing what the newer release stored in it.
 */
function NewerItem({ entry }: { entry: NewerEntry }) {
  const { t } = useTranslation('scenarios');
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  return (
    <li
      className="saved-item saved-item--newer"
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-why`}
    >
      <div className="saved-item__head">
        <h3 id={`${id}-name`} className="saved-item__name">
          <bdi>{entry.name}</bdi>
        </h3>
        <p id={`${id}-why`} className="saved-item__meta">
          {t('saved.newer')}
          {entry.savedAt ? ` · ${t('saved.savedAt', { time: formatSavedAt(entry.savedAt, locale) })}` : ''}
        </p>
      </div>
    </li>
  );
}

function SavedItem({
  entry,
  commit,
  onMessage,
  nested = false,
}: {
  entry: SavedScenario;
  /** A version inside its budget's group: its name is a heading one level below the group's. */
  nested?: boolean;
  commit: (edit: SavedEdit, ok: string, options?: SavedUpdate) => void;
  onMessage: (m: ViewMessage) => void;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const setBudget = useAppStore((s) => s.setBudget);
  const frozen = entry.budget !== undefined;
  const Heading = nested ? 'h4' : 'h3';
  const locale = useAppStore((s) => s.locale);
  const [renaming, setRenaming] = useState(false);
  const [presetKey, setPresetKey] = useState(() => presetOfEntry(entry));
  const id = useId();
  const name = entry.name;
  const now = () => new Date().toISOString();
  const demand = entry.scenario.demand;
  const shape = useMemo(
    () =>
      demand.mode !== 'jobs'
        ? t('saved.weekly', { weeks: formatNumber(demand.weeklyGpus.length, locale) })
        : t('saved.jobs'),
    [demand, locale, t],
  );

  const onRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('name');
    const clean = cleanName(field instanceof HTMLInputElement ? field.value : '');
    if (!clean) {
      onMessage({ kind: 'error', text: t('actions.nameRequired') });
      return;
    }
    const savedAt = now();
    commit(
      (list) => renameSaved(list, entry.id, clean, savedAt),
      t('actions.saved', { name: isolatedText(clean) }),
    );
    setRenaming(false);
  };

  const onDelete = () => {
    if (!window.confirm(t('saved.confirmDelete', { name: isolatedText(name) }))) return;
    // The confirmed delete is the one change allowed to shorten the list, and only by this entry.
    commit((list) => deleteSaved(list, entry.id), t('saved.deleted', { name: isolatedText(name) }), {
      removing: [entry.id],
    });
  };

  const onReset = () => {
    const preset = presets[presetKey];
    if (!preset) return;
    const presetName = t(`common:presets.${presetKey}`);
    if (!window.confirm(t('saved.confirmReset', { name: isolatedText(name), preset: presetName }))) return;
    const savedAt = now();
    commit(
      (list) => resetSavedToPreset(list, entry.id, { id: presetKey, scenario: preset }, savedAt),
      t('saved.resetDone', { name: isolatedText(name), preset: presetName }),
    );
  };

  return (
    <li className="saved-item" aria-labelledby={`${id}-name`}>
      <div className="saved-item__head">
        {/* Names are user text: rendered as React text, never as HTML. */}
        <Heading id={`${id}-name`} className="saved-item__name">
          <bdi>{name}</bdi>
        </Heading>
        <p className="saved-item__meta">
          {shape}
          {entry.savedAt ? ` · ${t('saved.savedAt', { time: formatSavedAt(entry.savedAt, locale) })}` : ''}
          {entry.presetId !== undefined && presets[entry.presetId]
            ? ` · ${t('saved.resetSource', { preset: t(`common:presets.${entry.presetId}`) })}`
            : ''}
        </p>
        {entry.budget ? (
          <p className="saved-item__meta" data-testid="saved-frozen">
            <span className="badge badge--frozen">{t('budget.frozenBadge')}</span>{' '}
            {stampDetails(t, entry.budget, locale)}
          </p>
        ) : null}
        {entry.tags && entry.tags.length > 0 ? (
          <ul className="saved-item__tags" aria-label={t('library.colTags')} data-testid="saved-tags">
            {entry.tags.map((tag) => (
              <li key={tag} className="tag">
                <bdi>{tag}</bdi>
              </li>
            ))}
          </ul>
        ) : null}
        <SavedSummary entry={entry} />
      </div>
      {renaming ? (
        <form className="saved-item__rename" onSubmit={onRename}>
          <label htmlFor={`${id}-rename`}>
            {withIsolatedName((n) => t('saved.renameLabel', { name: n }), name)}
          </label>
          <div className="action-panel__row">
            <input
              id={`${id}-rename`}
              name="name"
              type="text"
              defaultValue={name}
              maxLength={NAME_MAX_CHARS}
              // biome-ignore lint/a11y/noAutofocus: the field the user just asked for
              autoFocus
            />
            <button type="submit" className="button button--primary">
              {t('saved.renameSubmit')}
            </button>
            <button type="button" className="button" onClick={() => setRenaming(false)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      <div className="saved-item__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            const result = commitScenario(entry.scenario, {
              source: 'saved',
              presetId: entry.presetId !== undefined && presets[entry.presetId] ? entry.presetId : null,
            });
            // A frozen version opens as that version (the page says so and its link carries the stamp).
            if (result.ok && entry.budget) setBudget(entry.budget, entry.actuals ?? null);
            onMessage(
              result.ok
                ? { kind: 'ok', text: t('saved.opened', { name: isolatedText(name) }), showDashboard: true }
                : { kind: 'error', text: issuesText(t, result.issues, locale) },
            );
          }}
        >
          {t('saved.open')}
        </button>
        {frozen ? null : (
          <button type="button" className="button" onClick={() => setRenaming(true)} aria-expanded={renaming}>
            {t('saved.rename')}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            const copyName = cleanName(t('saved.copyName', { name })) ?? name;
            const copy = { id: newSavedId(), name: copyName, savedAt: now() };
            commit(
              (list) => duplicateSaved(list, entry.id, copy),
              t('actions.saved', { name: isolatedText(copyName) }),
            );
          }}
        >
          {t('saved.duplicate')}
        </button>
        <button type="button" className="button button--danger" onClick={onDelete}>
          {t('saved.delete')}
        </button>
        {frozen ? null : (
          <span className="saved-item__reset">
            <label htmlFor={`${id}-preset`} className="visually-hidden">
              {withIsolatedName((n) => t('saved.resetLabel', { name: n }), name)}
            </label>
            <select id={`${id}-preset`} value={presetKey} onChange={(e) => setPresetKey(e.target.value)}>
              {PRESET_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`common:presets.${key}`)}
                </option>
              ))}
            </select>
            <button type="button" className="button" onClick={onReset}>
              {t('saved.reset')}
            </button>
          </span>
        )}
      </div>
    </li>
  );
}
