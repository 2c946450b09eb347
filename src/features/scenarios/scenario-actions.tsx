import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scenario } from '../../engine';
import { exportFileName } from '../../lib/file-name';
import { formatNumber } from '../../lib/format';
import type { SaveError } from '../../scenario';
import { LINK_WARN_LENGTH, scenarioToJson } from '../../scenario';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { shareUrlFor, shownActuals, shownStamp } from '../../state/url-sync';
import { presetIdOfName, scenarioTitle } from '../../view-model/scenario-name';
import { downloadText } from './download';
import { addSaved, changeSaved, cleanName, newSavedId } from './saved-scenarios';
import { StorageErrorText } from './storage-error';
import './scenarios.css';
import { withIsolatedName } from '../../components/isolated-name';

type Panel = 'link' | 'save' | null;

/**
 * Header actions: "Copy link", "Save" (a small form for the name) and "Export JSON". The imports live
 * in the Scenarios view, next to the CSV preview they lead to.
 *
 * "Save" always opens the form (issue 44): a save closes the form and says "Saved as …" beside the
 * buttons, so the next "Save" opens the form again instead of closing one left open (the click that
 * saved nothing and said nothing).
 */
export function ScenarioActions() {
  const { t } = useTranslation('scenarios');
  // Read when a button is pressed, not subscribed: a slider step must not redraw the header.
  const store = useAppStoreApi();
  const [panel, setPanel] = useState<Panel>(null);
  // The last save's confirmation: the scenario it is true of, and the name it was saved under.
  const [saved, setSaved] = useState<{ scenario: Scenario; name: string } | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const [saveFocus, setSaveFocus] = useState(0);

  // "Saved as …" stays true until the scenario changes; only then is it taken down (subscribed only
  // while it shows, so slider steps leave the header alone otherwise).
  useEffect(() => {
    if (saved === null) return;
    return store.subscribe((state) => {
      if (state.scenario !== saved.scenario) setSaved(null);
    });
  }, [store, saved]);

  const openSave = () => {
    setSaved(null);
    setPanel('save');
    // Already open: the click brings the name field back into focus rather than closing the form.
    setSaveFocus((n) => n + 1);
  };

  return (
    <div className="scenario-actions">
      <CopyLinkButton
        open={panel === 'link'}
        onOpen={() => setPanel('link')}
        onClose={() => setPanel(null)}
      />
      <button
        ref={saveButton}
        type="button"
        className="button"
        aria-expanded={panel === 'save'}
        onClick={openSave}
        title={t('actions.saveTitle')}
      >
        {t('actions.save')}
      </button>
      <button
        type="button"
        className="button"
        onClick={() =>
          downloadText(
            exportFileName(
              scenarioTitle(store.getState().scenario, t),
              new Date(),
              'json',
              t('export:fileProduct'),
            ),
            jsonOf(store.getState()),
          )
        }
      >
        {t('actions.exportJson')}
      </button>
      {panel === 'save' ? (
        <SaveForm
          focusRequest={saveFocus}
          onDone={() => setPanel(null)}
          onSaved={(name) => {
            setPanel(null);
            setSaved({ scenario: store.getState().scenario, name });
            saveButton.current?.focus();
          }}
        />
      ) : null}
      {/* Always in the page, so the confirmation is announced when its text arrives. */}
      <p role="status" className={saved ? 'action-status' : 'visually-hidden'} data-testid="save-status">
        {saved ? withIsolatedName((name) => t('actions.saved', { name }), saved.name) : null}
      </p>
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
    const url = shareUrlFor(current, state, window.location, shownStamp(state), shownActuals(state));
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

function SaveForm({
  focusRequest,
  onDone,
  onSaved,
}: {
  /** Changes each time the header's "Save" is pressed: the name field takes the focus again. */
  focusRequest: number;
  onDone: () => void;
  /** After a successful save, with the name saved under: the caller closes the form and confirms. */
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const store = useAppStoreApi();
  // A preset's English name would be an odd default in Chinese: offer its translated name instead.
  const [name, setName] = useState(() => scenarioTitle(store.getState().scenario, t));
  const [message, setMessage] = useState<{ text: string; storageError?: SaveError } | null>(null);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new request (a press of the header's "Save") focuses the field
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clean = cleanName(name);
    if (!clean) {
      setMessage({ text: t('actions.nameRequired') });
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
    if (result.ok) {
      store.getState().commitScenario((s) => ({ ...s, name: clean }), { source: 'saved' });
      onSaved(clean);
    } else {
      setMessage({ text: t(`storage.${result.error}`), storageError: result.error });
    }
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
          aria-invalid={message !== null}
        />
        <button type="submit" className="button button--primary">
          {t('actions.saveSubmit')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('actions.cancel')}
        </button>
      </div>
      {message ? (
        <p role="alert" className="field-error">
          {message.storageError ? <StorageErrorText error={message.storageError} /> : message.text}
        </p>
      ) : null}
    </form>
  );
}

/** The file of the scenario shown: with its stamp and actuals while the frozen version itself is. */
function jsonOf(state: Parameters<typeof shownStamp>[0]): string {
  const stamp = shownStamp(state);
  return scenarioToJson(state.scenario, stamp ? { stamp, actuals: shownActuals(state) } : null);
}
