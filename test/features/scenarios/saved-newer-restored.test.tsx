// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { defaultScenario } from '../../../src/engine';
import { ScenariosView } from '../../../src/features/scenarios/scenarios-view';
import { QUARANTINE_KEY } from '../../../src/scenario/kept-aside';
import { CURRENT_SCHEMA_VERSION } from '../../../src/scenario/migrate';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import { englishWords } from '../../english-words';
import { renderWithStore } from '../../render-with-store';

/** Issue 42 in the Scenarios view: an entry of a newer release listed, and kept-aside entries taken back. */

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const newer = {
  id: 'n',
  name: 'Next year',
  savedAt: '',
  scenario: { ...defaultScenario, schemaVersion: CURRENT_SCHEMA_VERSION + 1 },
};
const mine = { id: 'm', name: 'Mine', savedAt: '', scenario: { ...defaultScenario, name: 'Mine' } };

async function openView(locale: 'en' | 'zh-CN' = 'en') {
  renderWithStore(<ScenariosView onShowDashboard={() => {}} />, { locale });
  await screen.findByRole('listitem', { name: 'Mine' });
}

describe('an entry made by a newer version of the app', () => {
  it('is a list item named by its name, says where it comes from, and offers nothing to open or change', async () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify([mine, newer]));
    await openView();
    const item = screen.getByRole('listitem', { name: 'Next year' });
    expect(item).toHaveTextContent('Made by a newer version of the app');
    expect(within(item).queryAllByRole('button')).toEqual([]);
    expect(
      within(screen.getByRole('listitem', { name: 'Mine' })).getByRole('button', { name: 'Open' }),
    ).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Entries kept aside' })).not.toBeInTheDocument();
  });

  it('says so in Chinese', async () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify([mine, newer]));
    await openView('zh-CN');
    const item = screen.getByRole('listitem', { name: 'Next year' });
    const note = (item.textContent ?? '').replace('Next year', '');
    expect(note).toContain('由较新版本的应用创建');
    expect(englishWords(note)).toEqual([]);
  });
});

describe('entries an older version set aside', () => {
  const keptAside = (item: object) =>
    JSON.stringify([
      { raw: JSON.stringify(item), reason: 'schemaVersion: made by a newer version', code: 'invalid' },
    ]);

  it('are listed again, and the view says how many were restored', async () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify([mine]));
    localStorage.setItem(QUARANTINE_KEY, keptAside({ ...mine, id: 'x', name: 'Set aside' }));
    await openView();
    expect(screen.getByRole('listitem', { name: 'Set aside' })).toBeInTheDocument();
    expect(screen.getByTestId('saved-restored')).toHaveTextContent('1 entry restored');
    expect(screen.queryByRole('region', { name: 'Entries kept aside' })).not.toBeInTheDocument();
  });

  it('in Chinese the message says 已恢复', async () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify([mine]));
    localStorage.setItem(QUARANTINE_KEY, keptAside({ ...mine, id: 'x', name: 'Set aside' }));
    await openView('zh-CN');
    expect(screen.getByTestId('saved-restored')).toHaveTextContent('已恢复 1 个条目');
  });
});
