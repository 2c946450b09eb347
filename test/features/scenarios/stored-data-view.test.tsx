// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScenario, presets, type Scenario } from '../../../src/engine';
import { addSaved, changeSaved } from '../../../src/features/scenarios/saved-scenarios';
import { ScenariosView } from '../../../src/features/scenarios/scenarios-view';
import { loadSaved, takeBackup } from '../../../src/scenario';
import { BACKUP_KEY_PREFIX } from '../../../src/scenario/backups';
import { ENTRY_KEY_PREFIX, entryKey } from '../../../src/scenario/storage';
import { renderWithStore } from '../../render-with-store';

// The view renders the comparison charts in jsdom; a generous ceiling on busy machines (a hang guard).
vi.setConfig({ testTimeout: 30_000 });

const stored = (id: string, name: string, scenario: Scenario, order: number) =>
  JSON.stringify({ id, name, savedAt: '2026-12-01T10:00:00.000Z', scenario: { ...scenario, name }, order });

/** A browser that estimates 2 MB used of 10 GB, has not kept the site's storage, and agrees when asked. */
function stubStorageManager() {
  const manager = {
    estimate: vi.fn(async () => ({ usage: 2 * 1024 * 1024, quota: 10 * 1024 * 1024 * 1024 })),
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => {
      persisted = true;
      return true;
    }),
  };
  let persisted = false;
  Object.defineProperty(navigator, 'storage', { configurable: true, value: manager });
  return manager;
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the quota line and the request to keep storage', () => {
  it('shows used and available space and never asks the browser on load', async () => {
    const manager = stubStorageManager();
    renderWithStore(<ScenariosView onShowDashboard={() => undefined} />);
    const quota = await screen.findByTestId('storage-quota');
    await waitFor(() =>
      expect(quota).toHaveTextContent('Storage in this browser: 2 MB used, 10 GB available.'),
    );
    expect(quota).toHaveTextContent(
      'When you save, the app asks the browser to keep your saved scenarios even when space runs low.',
    );
    expect(quota).toHaveAttribute('data-persisted', 'false');
    expect(manager.persist).not.toHaveBeenCalled();
  });

  it('asks at the first save, once, and then says the browser agreed', async () => {
    const manager = stubStorageManager();
    renderWithStore(<ScenariosView onShowDashboard={() => undefined} />);
    const entry = { id: 'a', name: 'Plan A', savedAt: '', scenario: defaultScenario };
    expect(changeSaved((list) => addSaved(list, entry)).ok).toBe(true);
    expect(changeSaved((list) => addSaved(list, { ...entry, id: 'b' })).ok).toBe(true);
    const quota = screen.getByTestId('storage-quota');
    await waitFor(() =>
      expect(quota).toHaveTextContent(
        'The browser has agreed to keep your saved scenarios even when space runs low.',
      ),
    );
    expect(manager.persist).toHaveBeenCalledTimes(1);
  });
});

describe('the Stored data view', () => {
  it('restores a deleted list from a backup, and undo restore returns to the list as it was', async () => {
    stubStorageManager();
    localStorage.setItem(entryKey('a'), stored('a', 'Lab plan', presets.steadyLab as Scenario, 0));
    localStorage.setItem(entryKey('b'), stored('b', 'Bursty plan', presets.burstyResearch as Scenario, 1));
    expect(takeBackup(localStorage, new Date('2026-12-02T09:00:00Z'))).toBe('written');
    localStorage.removeItem(entryKey('a'));
    localStorage.removeItem(entryKey('b'));
    localStorage.setItem(entryKey('c'), stored('c', 'Made since', defaultScenario, 0));

    const { user } = renderWithStore(<ScenariosView onShowDashboard={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Stored data' }));
    const backups = screen.getByTestId('backup-list');
    expect(within(backups).getAllByRole('listitem')).toHaveLength(1);
    expect(backups).toHaveTextContent('2 saved scenarios');

    await user.click(screen.getByTestId('restore-backup-0'));
    expect(screen.getByRole('status')).toHaveTextContent('Restored 2 saved scenarios from the backup of');
    expect(loadSaved(localStorage).entries.map((e) => e.name)).toEqual(['Lab plan', 'Bursty plan']);
    expect(screen.getByTestId('stored-saved')).toHaveTextContent('Lab plan');

    await user.click(screen.getByRole('button', { name: 'Undo restore' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'The saved scenarios are back as they were before the restore.',
    );
    expect(loadSaved(localStorage).entries.map((e) => e.name)).toEqual(['Made since']);
    expect(screen.queryByRole('button', { name: 'Undo restore' })).toBeNull();
  });

  it('lists a damaged backup as damaged, with export and without restore', async () => {
    stubStorageManager();
    localStorage.setItem(`${BACKUP_KEY_PREFIX}2026-12-02T09:00:00.000Z`, '{"format":"gpu-tco-backup",');
    const { user } = renderWithStore(<ScenariosView onShowDashboard={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Stored data' }));
    const item = within(screen.getByTestId('backup-list')).getByRole('listitem');
    expect(item).toHaveTextContent('damaged: it cannot be restored, export it to keep a copy');
    expect(within(item).queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(within(item).getByRole('button', { name: /^Export the backup of/ })).toBeEnabled();
    expect(Object.keys(localStorage).filter((k) => k.startsWith(ENTRY_KEY_PREFIX))).toEqual([]);
  });
});
