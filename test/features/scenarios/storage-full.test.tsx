// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { defaultScenario, presets, type Scenario } from '../../../src/engine';
import { ScenarioActions } from '../../../src/features/scenarios/scenario-actions';
import { ScenariosView } from '../../../src/features/scenarios/scenarios-view';
import { createI18n } from '../../../src/i18n';
import type { Locale } from '../../../src/lib/format';
import { loadSaved } from '../../../src/scenario';
import { QUARANTINE_KEY } from '../../../src/scenario/kept-aside';
import { EXPORT_FORMAT, LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import { englishWords } from '../../english-words';

// The view renders the comparison charts in jsdom; give the file a generous ceiling on busy machines.
vi.setConfig({ testTimeout: 30_000 });

const good = { id: 'g', name: 'Good', savedAt: '', scenario: { ...defaultScenario, name: 'Good' } };
const broken = { id: 'b', name: 'Broken', savedAt: '', scenario: { ...defaultScenario, horizonMonths: -1 } };
const originalSetItem = Storage.prototype.setItem;

/** Makes localStorage throw QuotaExceededError for the keys `full` says are full. */
function fillStorage(full: (key: string) => boolean) {
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
    if (full(key)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    originalSetItem.call(this, key, value);
  });
}

/** Captures what the next download would save (nothing leaves the browser: an object URL). */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return blobs;
}

function renderScenarios(locale: Locale = 'en') {
  const store = createAppStore({ scenario: presets.steadyLab as Scenario, locale });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <ScenarioActions />
        <ScenariosView onShowDashboard={() => {}} />
      </I18nextProvider>
    </StoreProvider>,
  );
  return { store, user: userEvent.setup() };
}

async function saveAs(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  labels = { save: 'Save', name: 'Name' },
) {
  await user.click(screen.getAllByRole('button', { name: labels.save })[0]!);
  const form = screen.getByRole('form');
  const field = within(form).getByRole('textbox', { name: labels.name });
  await user.clear(field);
  await user.type(field, name);
  await user.click(within(form).getByRole('button', { name: labels.save }));
  return form;
}

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('saving when the browser’s storage is full', () => {
  it('Save says storage is full, changes nothing stored, and offers an export of everything saved', async () => {
    const stored = JSON.stringify([good, broken]);
    originalSetItem.call(localStorage, SAVED_KEY, stored);
    fillStorage(() => true);
    const blobs = captureDownloads();
    const { user } = renderScenarios();

    const form = await saveAs(user, 'New plan');
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('The browser’s storage is full, so nothing was changed');
    expect(localStorage.getItem(SAVED_KEY)).toBe(stored);

    await user.click(within(alert).getByRole('button', { name: 'Export all saved scenarios' }));
    expect(blobs).toHaveLength(1);
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported.format).toBe(EXPORT_FORMAT);
    expect(exported.saved.map((e: { name: string }) => e.name)).toEqual(['Good']);
    expect(exported.keptAside.map((q: { raw: string }) => JSON.parse(q.raw).name)).toEqual(['Broken']);
  });

  it('says so in Chinese, with the export button in Chinese', async () => {
    originalSetItem.call(localStorage, SAVED_KEY, JSON.stringify([good]));
    fillStorage(() => true);
    const { user } = renderScenarios('zh-CN');
    const form = await saveAs(user, '新方案', { save: '保存', name: '名称' });
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('浏览器存储空间已满');
    expect(within(alert).getByRole('button', { name: '导出全部已保存的场景' })).toBeInTheDocument();
    expect(englishWords(alert.textContent ?? '')).toEqual([]);
  });

  it('a broken entry that cannot be kept aside separately survives a save and a reload', async () => {
    originalSetItem.call(localStorage, SAVED_KEY, JSON.stringify([good, broken]));
    fillStorage((key) => key === QUARANTINE_KEY);
    const { user } = renderScenarios();
    await saveAs(user, 'New plan');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Saved as “New plan”.');

    cleanup();
    renderScenarios();
    expect(screen.getByRole('listitem', { name: 'Good' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'New plan' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Entries kept aside' })).toHaveTextContent('"name":"Broken"');
  });

  it('a save beside a truncated saved list writes only its own entry: the truncated text is never replaced', async () => {
    const truncated = JSON.stringify([good, { ...good, id: 'h', name: 'Other' }]).slice(0, -60);
    originalSetItem.call(localStorage, SAVED_KEY, truncated);
    fillStorage((key) => key === QUARANTINE_KEY);
    const { user } = renderScenarios();
    await saveAs(user, 'New plan');
    expect(screen.getByTestId('save-status')).toHaveTextContent('Saved as “New plan”.');
    expect(localStorage.getItem(SAVED_KEY)).toBe(truncated);
    expect(screen.getByRole('listitem', { name: 'New plan' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Entries kept aside' })).toHaveTextContent(
      truncated.slice(0, 100),
    );
  });

  it('rename, duplicate and delete say storage is full, offer the export and keep the list', async () => {
    const stored = JSON.stringify([good, broken]);
    originalSetItem.call(localStorage, SAVED_KEY, stored);
    fillStorage(() => true);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderScenarios();
    const item = screen.getByRole('listitem', { name: 'Good' });

    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for “Good”' }), ' 2{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('storage is full');
    expect(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Export all saved scenarios' }),
    ).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Duplicate' }));
    expect(screen.getByRole('alert')).toHaveTextContent('storage is full');

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alert')).toHaveTextContent('storage is full');
    expect(localStorage.getItem(SAVED_KEY)).toBe(stored);
  });
});

describe('duplicate ids in the stored list', () => {
  it('lists both entries, and deleting one keeps the other', async () => {
    originalSetItem.call(
      localStorage,
      SAVED_KEY,
      JSON.stringify([good, { ...good, name: 'Twin', scenario: { ...defaultScenario, name: 'Twin' } }]),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderScenarios();
    expect(screen.getByRole('listitem', { name: 'Good' })).toBeInTheDocument();
    const twin = screen.getByRole('listitem', { name: 'Twin' });
    await user.click(within(twin).getByRole('button', { name: 'Delete' }));

    expect(screen.queryByRole('listitem', { name: 'Twin' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Good' })).toBeInTheDocument();
    expect(loadSaved(localStorage).entries.map((e) => e.name)).toEqual(['Good']);
  });
});
