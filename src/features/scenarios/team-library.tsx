import type { TFunction } from 'i18next';
import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../components/file-input';
import { Section } from '../../components/section';
import { isolatedText } from '../../lib/bidi';
import { formatNumber, type Locale } from '../../lib/format';
import {
  applyMerge,
  type ConflictChoice,
  changesOf,
  type LibraryError,
  libraryToJson,
  MAX_LIBRARY_BYTES,
  type MergeRow,
  parseLibrary,
  planMerge,
  type SavedScenario,
  type TeamLibrary,
  tagsFromText,
} from '../../scenario';
import { useAppStore } from '../../state/store-context';
import { issuesText } from '../../view-model/import-messages';
import { downloadText } from './download';
import type { ViewMessage } from './saved-list';
import { changeSaved, newSavedId, useSavedScenarios } from './saved-scenarios';
import { formatBytes, formatSavedAt } from './stored-formats';

/** The page the links in a library open: this one, without its own fragment. */
function pageUrl(): string {
  return typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`;
}

/**
 * The team library (issue 39 item 5): export the saved list, or the entries ticked, as one file for a
 * shared drive or an intranet page (with tags added to each), and open such a file — a preview of what
 * it would add, every conflict shown with which copy is newer, kept both unless the user chooses, and
 * nothing written before "Add to saved list". A file that is not a good library is refused whole with
 * the reason; nothing saved changes.
 */
export function TeamLibrarySection({ onMessage }: { onMessage: (m: ViewMessage) => void }) {
  const { t } = useTranslation(['scenarios', 'common']);
  const locale = useAppStore((s) => s.locale);
  const { entries } = useSavedScenarios();
  const id = useId();
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [tagsText, setTagsText] = useState('');
  const [opened, setOpened] = useState<{ file: string; library: TeamLibrary } | null>(null);
  const [choices, setChoices] = useState<ReadonlyMap<string, ConflictChoice>>(new Map());

  const chosen = entries.filter((e) => !unticked.has(e.id));
  const n = (v: number) => formatNumber(v, locale);

  const onExport = () => {
    if (chosen.length === 0) return;
    const now = new Date().toISOString();
    const text = libraryToJson(chosen, {
      exportedAt: now,
      pageUrl: pageUrl(),
      extraTags: tagsFromText(tagsText),
    });
    downloadText(`gpu-tco-team-library-${now.slice(0, 10)}.json`, text);
    onMessage({ kind: 'ok', text: t('library.exported', { count: chosen.length }) });
  };

  const refuse = (file: string, error: LibraryError) =>
    onMessage({
      kind: 'error',
      text: `${libraryErrorText(t, error, locale, file)} ${t('library.nothingChanged')}`,
    });

  const onOpen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setOpened(null);
    if (file.size > MAX_LIBRARY_BYTES) {
      refuse(file.name, { code: 'tooLarge', limit: MAX_LIBRARY_BYTES });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      onMessage({
        kind: 'error',
        text: `${t('library.unreadable', { file: file.name })} ${t('library.nothingChanged')}`,
      });
      return;
    }
    const result = parseLibrary(text);
    if (!result.ok) {
      refuse(file.name, result.error);
      return;
    }
    setChoices(new Map());
    setOpened({ file: file.name, library: result.library });
  };

  const rows = useMemo(() => (opened ? planMerge(entries, opened.library.entries) : []), [entries, opened]);
  const changes = changesOf(rows, choices);
  const count = (kind: MergeRow['kind']) => rows.filter((r) => r.kind === kind).length;

  /** The preview closes: focus goes back to the file input rather than to the page's start. */
  const closePreview = () => {
    setOpened(null);
    document.getElementById(`${id}-open`)?.focus();
  };

  const onMerge = () => {
    if (!opened) return;
    // Counted on the list as stored at the moment of writing (another tab may have saved meanwhile).
    let applied = 0;
    const result = changeSaved((list) => {
      const plan = planMerge(list, opened.library.entries);
      applied = changesOf(plan, choices);
      return applyMerge(list, plan, choices, {
        id: newSavedId,
        conflictName: (e) =>
          t('library.conflictName', { name: e.name, day: e.savedAt.slice(0, 10) || opened.file }),
      });
    });
    if (!result.ok) {
      onMessage({ kind: 'error', text: t(`storage.${result.error}`), storageError: result.error });
      return;
    }
    onMessage({ kind: 'ok', text: t('library.merged', { count: applied, file: opened.file }) });
    closePreview();
  };

  return (
    <Section headingId="scen-library" title={t('library.title')} className="card scenarios__card">
      <p className="file-field__hint">{t('library.intro')}</p>
      <div className="library">
        <fieldset className="library__export">
          <legend>{t('library.exportLegend')}</legend>
          {entries.length === 0 ? (
            <p className="file-field__hint">{t('library.nothingSaved')}</p>
          ) : (
            <ul className="library__choices">
              {entries.map((e) => (
                <li key={e.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={!unticked.has(e.id)}
                      onChange={(ev) => {
                        const next = new Set(unticked);
                        if (ev.currentTarget.checked) next.delete(e.id);
                        else next.add(e.id);
                        setUnticked(next);
                      }}
                    />{' '}
                    <bdi>{e.name}</bdi>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className="file-field">
            <label htmlFor={`${id}-tags`} className="file-field__label">
              {t('library.tags')}
            </label>
            <input
              id={`${id}-tags`}
              className="library__tags-input"
              type="text"
              value={tagsText}
              onChange={(e) => setTagsText(e.target.value)}
              aria-describedby={`${id}-tags-hint`}
            />
            <p id={`${id}-tags-hint`} className="file-field__hint">
              {t('library.tagsHint')}
            </p>
          </div>
          <button type="button" className="button" onClick={onExport} disabled={chosen.length === 0}>
            {t('library.export', { count: chosen.length })}
          </button>
        </fieldset>
        <div className="file-field library__open">
          <label htmlFor={`${id}-open`} className="file-field__label">
            {t('library.open')}
          </label>
          <FileInput
            id={`${id}-open`}
            accept=".json,application/json"
            onChange={onOpen}
            describedBy={`${id}-open-hint`}
          />
          <p id={`${id}-open-hint`} className="file-field__hint">
            {t('library.openHint', { size: formatBytes(MAX_LIBRARY_BYTES, locale) })}
          </p>
        </div>
      </div>
      {opened ? (
        <section
          className="csv-preview library-preview"
          aria-labelledby={`${id}-preview`}
          data-testid="library-preview"
        >
          <h3 id={`${id}-preview`} className="card__title">
            {t('library.previewTitle', { file: opened.file })}
          </h3>
          <p>
            {t('library.previewSummary', {
              count: rows.length,
              entries: n(rows.length),
              fresh: n(count('new')),
              conflicts: n(count('conflict')),
              tagged: n(count('tags')),
              same: n(count('same') + count('duplicate')),
            })}
            {opened.library.exportedAt
              ? ` ${t('library.exportedAt', { time: formatSavedAt(opened.library.exportedAt, locale) })}`
              : ''}
          </p>
          <table className="library-preview__table">
            <thead>
              <tr>
                <th scope="col">{t('library.colName')}</th>
                <th scope="col">{t('library.colTags')}</th>
                <th scope="col">{t('library.colStatus')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <MergeRowView
                  key={row.library.id}
                  row={row}
                  choice={choices.get(row.library.id) ?? 'both'}
                  onChoice={(c) => setChoices(new Map(choices).set(row.library.id, c))}
                />
              ))}
            </tbody>
          </table>
          <div className="csv-preview__buttons">
            <button
              type="button"
              className="button button--primary"
              onClick={onMerge}
              disabled={changes === 0}
            >
              {t('library.merge')}
            </button>
            <button type="button" className="button" onClick={closePreview}>
              {t('library.cancel')}
            </button>
          </div>
        </section>
      ) : null}
    </Section>
  );
}

function MergeRowView({
  row,
  choice,
  onChoice,
}: {
  row: MergeRow;
  choice: ConflictChoice;
  onChoice: (c: ConflictChoice) => void;
}) {
  const { t } = useTranslation('scenarios');
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const when = (e: SavedScenario) => formatSavedAt(e.savedAt, locale) || t('library.noTime');
  return (
    <tr data-testid={`library-row-${row.kind}`}>
      <td className="library-preview__name">
        <bdi>{row.library.name}</bdi>
      </td>
      <td data-label={t('library.colTags')}>{(row.library.tags ?? []).join(tagJoin(locale))}</td>
      <td data-label={t('library.colStatus')}>
        {row.kind === 'conflict' ? (
          <>
            <p id={`${id}-why`}>
              {t(`library.conflict.${row.newer}`, {
                name: isolatedText(row.saved.name),
                library: when(row.library),
                saved: when(row.saved),
              })}
            </p>
            <label htmlFor={`${id}-choice`}>{t('library.choice')}</label>{' '}
            <select
              aria-describedby={`${id}-why`}
              id={`${id}-choice`}
              value={choice}
              onChange={(e) => onChoice(e.currentTarget.value as ConflictChoice)}
            >
              <option value="both">{t('library.choices.both')}</option>
              <option value="saved">{t('library.choices.saved')}</option>
              {/* A frozen budget version is never replaced. */}
              {row.saved.budget ? null : <option value="library">{t('library.choices.library')}</option>}
            </select>
          </>
        ) : row.kind === 'duplicate' ? (
          t('library.status.duplicate', { name: isolatedText(row.saved.name) })
        ) : row.kind === 'tags' ? (
          t('library.status.tags', { tags: row.tags.join(tagJoin(locale)) })
        ) : (
          t(`library.status.${row.kind}`)
        )}
      </td>
    </tr>
  );
}

type T = TFunction;

/** Tags in a row: "FY27, infra" / "FY27、基础设施". */
const tagJoin = (locale: Locale) => (locale === 'zh-CN' ? '、' : ', ');

/** A refused library in words: what is wrong and where. */
function libraryErrorText(t: T, error: LibraryError, locale: Locale, file: string): string {
  switch (error.code) {
    case 'tooLarge':
      return t('library.error.tooLarge', { file, size: formatBytes(error.limit, locale) });
    case 'newerLibrary':
      return t('library.error.newerLibrary', { file, version: error.version });
    case 'tooManyEntries':
      return t('library.error.tooManyEntries', { file, limit: formatNumber(error.limit, locale) });
    case 'entryNotSaved':
      return t('library.error.entryNotSaved', { file, index: error.index });
    case 'entryDuplicate':
      return t('library.error.entryDuplicate', { file, index: error.index, name: isolatedText(error.name) });
    case 'entryDamaged':
      return t('library.error.entryDamaged', { file, index: error.index, name: isolatedText(error.name) });
    case 'entryBudgetAltered':
      return t('library.error.entryBudgetAltered', {
        file,
        index: error.index,
        name: isolatedText(error.name),
      });
    case 'entryNewer':
      return t('library.error.entryNewer', { file, index: error.index, name: isolatedText(error.name) });
    case 'entryInvalid':
      return t('library.error.entryInvalid', {
        file,
        index: error.index,
        name: isolatedText(error.name),
        why: error.issue ? issuesText(t, [error.issue], locale) : '',
      });
    default:
      return t(`library.error.${error.code}`, { file });
  }
}
