import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFileName } from '../../lib/file-name';
import { formatNumber } from '../../lib/format';
import type { SaveError } from '../../scenario';
import { LINK_WARN_LENGTH, scenarioToJson } from '../../scenario';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { shareUrlFor } from '../../state/url-sync';
import { presetIdOfName, scenarioTitle } from '../../view-model/scenario-name';
import { downloadText } from './download';
import { addSaved, changeSaved, cleanName, newSavedId } from './saved-scenarios';
import { StorageErrorText } from './storage-error';
import './scenarios.css';

type Panel = 'link' | 'save' | null;

/**
 * Header actions: "Copy link", "Save" (a small form for the name) and "Export JSON". The imports live
 * in the Scenarios view, next to the CSV preview they lead to.
 */
export function ScenarioActions() {
  const { t } = useTranslation('scenarios');
  // Read when a button is pressed, not subscribed: a slider step must not redraw the header.
  const store = useAppStoreApi();
  const [panel, setPanel] = useState<Panel>(null);

  return (
    <div className="scenario-actions">
      <CopyLinkButton
        open={panel === 'link'}
        onOpen={() => setPanel('link')}
        onClose={() => setPanel(null)}
      />
      <button
        type="button"
        className="button"
        aria-expanded={panel === 'save'}
        onClick={() => setPanel(panel === 'save' ? null : 'save')}
        title={t('actions.saveTitle')}
      >
        {t('actions.save')}
      </button>
      <button
        type="button"
        className="button"
        onClick={() =>
          downloadText(
            exportFileName(scenarioTitle(store.getState().scenario, t), new Date(), 'json'),
            scenarioToJson(store.getState().scenario),
          )
        }
      >
        {t('actions.exportJson')}
      </button>
      {panel === 'save' ? <SaveForm onDone={() => setPanel(null)} /> : null}
    </div>
  );
}

function CopyLinkButton({
  open,
  onOpen,
  onClose,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('scenarios');
  const store = useAppStoreApi();
  // Only while the panel is open does a change matter (it makes the shown link stale): closed, a
  // slider step leaves the button as it is.
  const scenario = useAppStore((s) => (open ? s.scenario : null));
  const locale = useAppStore((s) => s.locale);
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  // The panel shows the link of the scenario at the time of the click; a later change makes it stale.
  const shownFor = useRef(store.getState().scenario);
  useEffect(() => {
    if (open && scenario !== null && shownFor.current !== scenario) onClose();
  }, [open, scenario, onClose]);

  useEffect(() => {
    // Without the clipboard, the link is selected so one keystroke copies it.
    if (open && link && !link.copied) inputRef.current?.select();
  }, [open, link]);

  const onClick = async () => {
    const state = store.getState();
    const current = state.scenario;
    shownFor.current = current;
    const url = shareUrlFor(current, state, window.location);
    let copied = false;
    try {
      if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      // Permission refused or no secure context: the read-only field below is the fallback.
    }
    setLink({ url, copied });
    onOpen();
  };

  return (
    <>
      <button type="button" className="button button--primary" onClick={onClick} aria-expanded={open}>
        {t('actions.copyLink')}
      </button>
      {open && link ? (
        <div className="action-panel">
          <p role="status">{link.copied ? t('actions.copied') : t('actions.copyManual')}</p>
          {link.url.length > LINK_WARN_LENGTH ? (
            <p className="action-panel__warning" data-testid="link-length-warning">
              {t('actions.linkLong', { length: formatNumber(link.url.length, locale) })}
            </p>
          ) : null}
          <label htmlFor={`${id}-link`} className="action-panel__label">
            {t('actions.linkLabel')}
          </label>
          <div className="action-panel__row">
            <input
              ref={inputRef}
              id={`${id}-link`}
              type="text"
              readOnly
              value={link.url}
              data-testid="share-link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="button" onClick={onClose}>
              {t('actions.close')}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function SaveForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['scenarios', 'common']);
  const store = useAppStoreApi();
  // A preset's English name would be an odd default in Chinese: offer its translated name instead.
  const [name, setName] = useState(() => scenarioTitle(store.getState().scenario, t));
  const [message, setMessage] = useState<
    { kind: 'ok'; text: string } | { kind: 'error'; text: string; storageError?: SaveError } | null
  >(null);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clean = cleanName(name);
    if (!clean) {
      setMessage({ kind: 'error', text: t('actions.nameRequired') });
      return;
    }
    const state = store.getState();
    // The preset it was made from, for "Reset to preset" of the entry: known from the store, else
    // from a preset name it still carries.
    const presetId = state.presetId ?? presetIdOfName(state.scenario.name);
    const entry = {
      id: newSavedId(),
      name: clean,
      savedAt: new Date().toISOString(),
      scenario: state.scenario,
      ...(presetId === null ? {} : { presetId }),
    };
    const result = changeSaved((list) => addSaved(list, entry));
    // Saving names the scenario: the name travels on in its link and exports.
    if (result.ok) store.getState().commitScenario((s) => ({ ...s, name: clean }), { source: 'saved' });
    setMessage(
      result.ok
        ? { kind: 'ok', text: t('actions.saved', { name: clean }) }
        : { kind: 'error', text: t(`storage.${result.error}`), storageError: result.error },
    );
  };

  return (
    <form className="action-panel" onSubmit={onSubmit} aria-label={t('actions.saveTitle')}>
      <label htmlFor={`${id}-name`} className="action-panel__label">
        {t('actions.nameLabel')}
      </label>
      <div className="action-panel__row">
        <input
          ref={inputRef}
          id={`${id}-name`}
          type="text"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={message?.kind === 'error'}
        />
        <button type="submit" className="button button--primary">
          {t('actions.saveSubmit')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {message?.kind === 'ok' ? t('actions.close') : t('actions.cancel')}
        </button>
      </div>
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'field-error' : ''}
        >
          {message.kind === 'error' && message.storageError ? (
            <StorageErrorText error={message.storageError} />
          ) : (
            message.text
          )}
        </p>
      ) : null}
    </form>
  );
}
