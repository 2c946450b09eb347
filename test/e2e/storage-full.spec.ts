/**
 * Issue 12 in a real browser: nothing saved is lost when the origin's storage is full. The test fills
 * Chromium's real localStorage quota (no stub): a filler key takes every character the quota has left
 * after a saved list holding two valid scenarios and one broken entry. Saving then fails with the
 * browser's own QuotaExceededError, the app says so and offers to export everything, and the stored
 * data is exactly what it was.
 *
 * Hooks used: the header's "Save" button and its form; the storage-full alert with the button
 * "Export all saved scenarios"; the Scenarios tab's saved list (list items named after the entries)
 * and its "Entries kept aside" region; the storage keys of src/scenario/storage.ts.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Scenario } from '../../src/engine/index.ts';
import { QUARANTINE_KEY } from '../../src/scenario/kept-aside.ts';
import { migrateScenario } from '../../src/scenario/migrate.ts';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../src/scenario/storage.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset } from './helpers';

const FILLER_KEY = 'e2e:filler';
const FULL_MESSAGE = 'The browser’s storage is full';

const GOOD_A = {
  id: 'good-a',
  name: 'Lab plan A',
  savedAt: '2025-01-02T03:04:05.000Z',
  scenario: preset('steadyLab'),
};
const GOOD_B = {
  id: 'good-b',
  name: 'Bursty plan B',
  savedAt: '2025-02-03T04:05:06.000Z',
  scenario: preset('burstyResearch'),
};
/** A stored item that no longer validates (wrong type): the app must keep it aside, never drop it. */
const BROKEN = {
  id: 'broken',
  name: 'Broken',
  savedAt: '',
  scenario: { schemaVersion: 2, horizonMonths: 'soon' },
};
const SEEDED_LIST = JSON.stringify([GOOD_A, BROKEN, GOOD_B]);

interface Stored {
  saved: string | null;
  quarantine: string | null;
  fillerLength: number;
}

function readStored(page: Page): Promise<Stored> {
  return page.evaluate(
    ([savedKey, quarantineKey, fillerKey]) => ({
      saved: localStorage.getItem(savedKey),
      quarantine: localStorage.getItem(quarantineKey),
      fillerLength: localStorage.getItem(fillerKey)?.length ?? 0,
    }),
    [SAVED_KEY, QUARANTINE_KEY, FILLER_KEY] as const,
  );
}

/**
 * Stores the saved list, then fills the origin's localStorage to the last character with a filler
 * key (the exact rest of Chromium's quota, else a search for the largest value the browser accepts).
 * Returns the filler's length and the error a one-character write of a new key then gets.
 */
async function seedAndFillStorage(page: Page): Promise<{ fillerLength: number; probeError: string }> {
  return page.evaluate(
    ([savedKey, list, fillerKey]) => {
      localStorage.clear();
      localStorage.setItem(savedKey, list);
      const fits = (n: number) => {
        localStorage.removeItem(fillerKey);
        try {
          localStorage.setItem(fillerKey, 'x'.repeat(n));
          return true;
        } catch {
          return false;
        }
      };
      // Chromium's quota is 5,242,880 characters of keys and values per origin: try the exact rest
      // first (two writes), and search only if this browser counts differently.
      let used = 0;
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (key !== fillerKey) used += key.length + (localStorage.getItem(key)?.length ?? 0);
      }
      const guess = 5 * 1024 * 1024 - used - fillerKey.length;
      let lo = guess;
      if (!(guess > 0 && !fits(guess + 1) && fits(guess))) {
        lo = 0;
        let hi = 1;
        while (fits(hi)) {
          lo = hi;
          hi *= 2;
          if (hi > 64 * 1024 * 1024) throw new Error('localStorage has no quota to fill');
        }
        // fits(lo), not fits(hi)
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (fits(mid)) lo = mid;
          else hi = mid;
        }
        if (!fits(lo)) throw new Error('the filler no longer fits');
      }
      let probeError = '';
      try {
        localStorage.setItem('p', 'x');
        localStorage.removeItem('p');
      } catch (e) {
        probeError = e instanceof DOMException ? e.name : String(e);
      }
      return { fillerLength: lo, probeError };
    },
    [SAVED_KEY, SEEDED_LIST, FILLER_KEY] as const,
  );
}

/** The app with storage full: two valid saved scenarios and one broken entry, loaded fresh. */
async function openWithFullStorage(page: Page): Promise<Stored> {
  await openDashboard(page);
  const { fillerLength, probeError } = await seedAndFillStorage(page);
  expect(fillerLength, 'the filler took megabytes of quota').toBeGreaterThan(1_000_000);
  expect(probeError, 'storage is full: a new one-character key is refused').toBe('QuotaExceededError');
  await openDashboard(page);
  const stored = await readStored(page);
  // Moving the broken entry aside needs a write, which the full storage refuses: it stays in the list.
  expect(stored.saved, 'loading changed nothing stored').toBe(SEEDED_LIST);
  expect(stored.quarantine).toBeNull();
  expect(stored.fillerLength).toBe(fillerLength);
  return stored;
}

async function showScenarios(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await expect(page.getByRole('heading', { name: 'Saved scenarios' })).toBeVisible();
}

/** The Scenarios tab lists both valid entries and keeps the broken one aside. */
async function expectAllEntriesShown(page: Page): Promise<void> {
  await expect(page.getByRole('listitem', { name: GOOD_A.name })).toBeVisible();
  await expect(page.getByRole('listitem', { name: GOOD_B.name })).toBeVisible();
  const aside = page.getByRole('region', { name: 'Entries kept aside' });
  await expect(aside).toBeVisible();
  await expect(aside).toContainText('"name":"Broken"');
}

/** Both original saved entries and the broken entry are stored (in the list, or kept aside). */
function expectNothingLost(stored: Stored): void {
  const list = JSON.parse(stored.saved ?? 'null') as unknown;
  expect(Array.isArray(list), `the saved list is a list: ${stored.saved?.slice(0, 200)}`).toBe(true);
  const items = list as Array<{ id?: unknown; name?: unknown; scenario?: unknown }>;
  for (const original of [GOOD_A, GOOD_B]) {
    const item = items.find((e) => e.id === original.id);
    expect(item?.name, `saved entry ${original.id} is stored`).toBe(original.name);
    const read = migrateScenario(item?.scenario);
    expect(read.ok && read.scenario, `saved entry ${original.id} still holds its scenario`).toEqual(
      asLoaded(original.scenario),
    );
  }
  const keptAside = JSON.parse(stored.quarantine ?? '[]') as Array<{ raw?: unknown }>;
  const brokenInList = items.some((e) => JSON.stringify(e) === JSON.stringify(BROKEN));
  const brokenAside = keptAside.some((q) => q.raw === JSON.stringify(BROKEN));
  expect(brokenInList || brokenAside, 'the broken entry is stored (in the list or kept aside)').toBe(true);
}

async function exportAll(page: Page, scope: ReturnType<Page['getByRole']>, fileName: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('button', { name: 'Export all saved scenarios' }).click(),
  ]);
  const path = test.info().outputPath(fileName);
  await download.saveAs(path);
  return {
    suggested: download.suggestedFilename(),
    document: JSON.parse(readFileSync(path, 'utf8')) as {
      format?: unknown;
      saved?: Array<{ id: string; name: string; scenario: unknown }>;
      keptAside?: Array<{ raw: string }>;
    },
  };
}

/** A scenario as the app reads it back from storage (the schema's normal form). */
function asLoaded(scenario: Scenario): Scenario {
  const read = migrateScenario(scenario);
  if (!read.ok) throw new Error(`the preset does not validate: ${JSON.stringify(read.issues)}`);
  return read.scenario;
}

function expectCompleteExport(document: Awaited<ReturnType<typeof exportAll>>['document']): void {
  expect(document.format).toBe('gpu-tco-saved-scenarios');
  expect(document.saved, 'every saved entry is exported').toEqual([
    { ...GOOD_A, scenario: asLoaded(GOOD_A.scenario) },
    { ...GOOD_B, scenario: asLoaded(GOOD_B.scenario) },
  ]);
  expect(
    document.keptAside?.map((q) => q.raw),
    'the kept-aside raw entry is exported verbatim',
  ).toEqual([JSON.stringify(BROKEN)]);
}

test('storage full: saving a new scenario says storage is full, offers an export holding every saved and kept-aside entry, and after a reload nothing stored is lost', async ({
  page,
}) => {
  const seeded = await openWithFullStorage(page);
  await showScenarios(page);
  await expectAllEntriesShown(page);

  // Save the current scenario under a new name, from the header while the Scenarios tab is open.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const form = page.getByRole('form');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('New plan');
  await form.getByRole('button', { name: 'Save' }).click();
  const full = form.getByRole('alert').filter({ hasText: FULL_MESSAGE });
  await expect(full, 'the app says storage is full').toBeVisible();
  await expect(full).toContainText('is still kept');
  await expect(page.getByText('Saved as “New plan”.')).toHaveCount(0);
  expect(await readStored(page), 'the failed save changed nothing stored').toEqual(seeded);

  const { suggested, document } = await exportAll(page, full, 'export-all-after-save.json');
  expect(suggested).toMatch(/\.json$/);
  expectCompleteExport(document);

  // The list shown is unchanged, and so is the store after a reload.
  await expectAllEntriesShown(page);
  await expect(page.getByRole('listitem', { name: 'New plan' })).toHaveCount(0);
  await openDashboard(page);
  const after = await readStored(page);
  expectNothingLost(after);
  expect(after.saved, 'the stored list is byte for byte the seeded one').toBe(SEEDED_LIST);
  await showScenarios(page);
  await expectAllEntriesShown(page);
});

test('storage full: Duplicate in the Scenarios tab says storage is full there, offers the complete export, and changes nothing stored', async ({
  page,
}) => {
  const seeded = await openWithFullStorage(page);
  await showScenarios(page);
  await expectAllEntriesShown(page);

  await page.getByRole('listitem', { name: GOOD_A.name }).getByRole('button', { name: 'Duplicate' }).click();
  const full = page.getByRole('tabpanel').getByRole('alert').filter({ hasText: FULL_MESSAGE });
  await expect(full, 'the Scenarios tab says storage is full').toBeVisible();
  expect(await readStored(page), 'the failed duplicate changed nothing stored').toEqual(seeded);
  await expect(page.getByRole('listitem', { name: `${GOOD_A.name} (copy)` })).toHaveCount(0);

  const { document } = await exportAll(page, full, 'export-all-after-duplicate.json');
  expectCompleteExport(document);

  await openDashboard(page);
  expectNothingLost(await readStored(page));
  await showScenarios(page);
  await expectAllEntriesShown(page);
});
