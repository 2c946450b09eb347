import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppStore } from '../state/store';
import { useAppStore, useAppStoreApi, useHistoryState } from '../state/store-context';
import { historyCommandFor, isEditingText } from './undo-keys';

/** The header's Undo and Redo of scenario changes (disabled when there is nothing to undo or redo). */
export function UndoRedoButtons() {
  const { t } = useTranslation();
  const { canUndo, canRedo } = useHistoryState();
  const undo = useAppStore((s) => s.undo);
  const redo = useAppStore((s) => s.redo);
  return (
    <div className="undo-redo">
      <button
        type="button"
        className="button"
        onClick={undo}
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={t('history.undoTitle')}
      >
        {t('history.undo')}
      </button>
      <button
        type="button"
        className="button"
        onClick={redo}
        disabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title={t('history.redoTitle')}
      >
        {t('history.redo')}
      </button>
    </div>
  );
}

/** Undo and redo from the keyboard anywhere on the page, except in text being edited. */
export function useHistoryShortcuts(): void {
  const store: AppStore = useAppStoreApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = historyCommandFor(event);
      if (command === null || isEditingText(event.target)) return;
      event.preventDefault();
      if (command === 'undo') store.getState().undo();
      else store.getState().redo();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);
}
