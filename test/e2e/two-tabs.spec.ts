/**
 * Issue 42 (and issue 36 item 3) in Chromium: the saved list and the resume slot as two tabs and two
 * releases share them. Seeded the way the release before this one stored them (one list under
 * `gpu-tco:saved:v1`, set-aside entries under `gpu-tco:quarantine:v1`):
 * - an entry an older release set aside is listed again after a load, and the view says so;
 * - an entry of the next schema version is listed (greyed, named) and left byte for byte through a
 *   save and a reload, as is one under its own key and a newer release's resume record;
 * - two pages of one context that submit Save at the same moment ten times keep all twenty entries;
 * - two valid entries beside one item nested 40 deep are both listed;
 * - a tab that hears of a newer release says so (data-testid="newer-tab-notice") and reloads on request.
 *
 * Hooks: saved entries are list items named by the entry's name; data-testid="saved-restored",
 * "save-status", "newer-tab-notice"; the Scenarios tab; the header's Save form.
 */
import type { Page } from '@playwright/test';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate.ts';
import { RESUME_KEY } from '../../src/scenario/resume-storage.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset } from './helpers';
import { ENTRY_KEY_PREFIX, LEGACY_LIST_KEY, QUARANTINE_KEY, storedSavedNames } from './saved-storage';

const entry = (id: string, name: string, presetId = 'steadyLab') => ({
  id,
  name,
  savedAt: '2026-11-30T10:00:00.000Z',
  scenario: { ...preset(presetId), name },
});

/** An entry as the next release would store it; spaced its own way, so a re-serialisation would show. */
const newerText = (id: string, name: string) =>
  JSON.stringify(
    {
      id,
      name,
      savedAt: '2026-12-24T10:00:00.000Z',
      scenario: {
        ...preset('largeLab'),
        name,
        schemaVersion: CURRENT_SCHEMA_VERSION + 1,
        laterField: { a: 1 },
      },
    },
    null,
    1,
  );

/** Writes `items` into the page's localStorage, then reloads so the app reads them as it starts. */
async function seed(page: Page, items: Record<string, string>): Promise<void> {
  await openDashboard(page);
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, items);
  await openDashboard(page);
}

async function showScenarios(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await expect(page.getByRole('heading', { name: 'Saved scenarios' })).toBeVisible();
}

function storedText(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

async function saveFromHeader(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true, expanded: false }).click();
  const form = page.getByRole('form', { name: 'Save the current scenario in this browser' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-status')).toHaveText(`Saved as “${name}”.`);
}

test('two tabs: an entry an older release set aside is listed again after a load, with “1 entry restored”', async ({
  page,
}) => {
  const setAside = entry('x', 'Set aside by the older tab', 'burstyResearch');
  await seed(page, {
    [LEGACY_LIST_KEY]: JSON.stringify([entry('a', 'Kept in the list')]),
    // As the release before this one wrote it when it read an entry of a schema it did not know.
    [QUARANTINE_KEY]: JSON.stringify([
      {
        raw: JSON.stringify(setAside),
        reason: `schemaVersion: made by a newer version of the app (schema ${CURRENT_SCHEMA_VERSION}; this app reads up to ${CURRENT_SCHEMA_VERSION - 1})`,
        code: 'invalid',
        issue: { path: 'schemaVersion', message: 'made by a newer version', code: 'newerVersion', limit: 7 },
      },
    ]),
  });
  await showScenarios(page);
  await expect(page.getByRole('listitem', { name: 'Set aside by the older tab', exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Kept in the list', exact: true })).toBeVisible();
  await expect(page.getByTestId('saved-restored')).toHaveText(/1 entry restored/);
  await expect(page.getByRole('region', { name: 'Entries kept aside' })).toHaveCount(0);
  // It opens: it is an entry of this release.
  await page
    .getByRole('listitem', { name: 'Set aside by the older tab', exact: true })
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(page.getByRole('textbox', { name: 'Scenario name' })).toHaveValue(
    'Set aside by the older tab',
  );
  // Still listed after a reload (stored, not only shown); the message was for the load that restored it.
  await openDashboard(page);
  await showScenarios(page);
  await expect(page.getByRole('listitem', { name: 'Set aside by the older tab', exact: true })).toBeVisible();
  await expect(page.getByTestId('saved-restored')).toHaveCount(0);
});

test('two tabs: in Chinese the restore message says 已恢复', { tag: '@zh' }, async ({ page }) => {
  await seed(page, {
    [QUARANTINE_KEY]: JSON.stringify([
      { raw: JSON.stringify(entry('x', 'Set aside')), reason: 'made by a newer version', code: 'invalid' },
    ]),
  });
  await page.getByRole('tab', { name: '场景' }).click();
  await expect(page.getByTestId('saved-restored')).toContainText('已恢复');
  await expect(page.getByRole('listitem', { name: 'Set aside', exact: true })).toBeVisible();
});

test('two tabs: an entry of the next schema version is listed by name and left byte for byte through a save and a reload', async ({
  page,
}) => {
  const legacy = `[${JSON.stringify(entry('a', 'Mine'))}, ${newerText('n', 'From the next release')}]`;
  const ownKey = `${ENTRY_KEY_PREFIX}n2`;
  const own = newerText('n2', 'Also from the next release');
  await seed(page, { [LEGACY_LIST_KEY]: legacy, [ownKey]: own });
  await showScenarios(page);
  for (const name of ['From the next release', 'Also from the next release']) {
    const item = page.getByRole('listitem', { name, exact: true });
    await expect(item).toContainText('Made by a newer version of the app');
    await expect(item.getByRole('button')).toHaveCount(0);
  }
  await expect(page.getByRole('region', { name: 'Entries kept aside' })).toHaveCount(0);

  await saveFromHeader(page, 'Saved beside it');
  await openDashboard(page);
  expect(await storedText(page, LEGACY_LIST_KEY)).toBe(legacy);
  expect(await storedText(page, ownKey)).toBe(own);
  await showScenarios(page);
  await expect(page.getByRole('listitem', { name: 'From the next release', exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Saved beside it', exact: true })).toBeVisible();
  expect(await storedText(page, LEGACY_LIST_KEY)).toBe(legacy);
});

test('two tabs: two pages that submit Save at the same moment ten times keep all twenty entries', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const other = await context.newPage();
  await openDashboard(page);
  await openDashboard(other);
  const tabs = [
    { page, label: 'Tab one' },
    { page: other, label: 'Tab two' },
  ];
  const expected: string[] = [];
  for (let round = 1; round <= 10; round++) {
    for (const tab of tabs) {
      await tab.page.getByRole('button', { name: 'Save', exact: true, expanded: false }).click();
      const form = tab.page.getByRole('form', { name: 'Save the current scenario in this browser' });
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(`${tab.label} #${round}`);
      expected.push(`${tab.label} #${round}`);
    }
    // Both forms submitted at one agreed instant of the shared clock, not one after the other.
    const at = await page.evaluate(() => Date.now() + 300);
    await Promise.all(
      tabs.map((tab) =>
        tab.page.getByRole('form', { name: 'Save the current scenario in this browser' }).evaluate(
          (form, when) =>
            new Promise<void>((resolve) =>
              setTimeout(
                () => {
                  (form as HTMLFormElement).requestSubmit();
                  resolve();
                },
                Math.max(0, when - Date.now()),
              ),
            ),
          at,
        ),
      ),
    );
    for (const tab of tabs)
      await expect(tab.page.getByTestId('save-status')).toHaveText(`Saved as “${tab.label} #${round}”.`);
  }
  expect(await storedSavedNames(page)).toEqual([...expected].sort());
  for (const tab of tabs) {
    await openDashboard(tab.page);
    await showScenarios(tab.page);
    await expect(tab.page.locator('.saved-list > li')).toHaveCount(20);
    for (const name of expected)
      await expect(tab.page.getByRole('listitem', { name, exact: true })).toBeVisible();
  }
});

test('two tabs: two valid entries beside one item nested 40 deep are both listed; the deep item alone is kept aside', async ({
  page,
}) => {
  const deep = `{"id":"d","name":"Deep","scenario":${'['.repeat(40)}${']'.repeat(40)}}`;
  await seed(page, {
    [LEGACY_LIST_KEY]: `[${JSON.stringify(entry('a', 'First valid'))},${deep},${JSON.stringify(entry('b', 'Second valid', 'largeLab'))}]`,
  });
  await showScenarios(page);
  await expect(page.getByRole('listitem', { name: 'First valid', exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Second valid', exact: true })).toBeVisible();
  const aside = page.getByRole('region', { name: 'Entries kept aside' });
  await expect(aside.getByRole('listitem')).toHaveCount(1);
  await expect(aside).toContainText('{"id":"d","name":"Deep"');
});

test('two tabs: a tab that hears of a newer release says so, leaves the newer resume record and entry as they are, and reloads on request', async ({
  page,
  context,
}) => {
  const newerResume = JSON.stringify({
    format: 'gpu-tco-resume',
    version: 1,
    scenario: { ...preset('largeLab'), schemaVersion: CURRENT_SCHEMA_VERSION + 1 },
  });
  const ownKey = `${ENTRY_KEY_PREFIX}next`;
  const own = newerText('next', 'Saved by the newer tab');
  await openDashboard(page);
  await expect(page.getByTestId('newer-tab-notice')).toHaveCount(0);

  // The "newer tab": another page of the origin that stores what the next release stores and says
  // hello with the next schema version (the build of the next release is not at hand; its schema
  // version is what this release reads).
  const newer = await context.newPage();
  await openDashboard(newer);
  await newer.evaluate(
    ([resumeKey, resume, key, text, version]) => {
      localStorage.setItem(resumeKey, resume);
      localStorage.setItem(key, text);
      new BroadcastChannel('gpu-tco:tabs').postMessage({ type: 'hello', schemaVersion: version });
    },
    [RESUME_KEY, newerResume, ownKey, own, CURRENT_SCHEMA_VERSION + 1] as const,
  );
  const notice = page.getByTestId('newer-tab-notice');
  await expect(notice).toHaveText(/A newer version of the app is open in another tab/);

  // This (older) tab changes its scenario and saves: neither the newer resume record nor the newer
  // entry is written over.
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('burstyResearch');
  await saveFromHeader(page, 'Saved by the older tab');
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  expect(await storedText(page, RESUME_KEY)).toBe(newerResume);
  expect(await storedText(page, ownKey)).toBe(own);

  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
  await page.getByTestId('kpi-monthly-platform').first().waitFor();
  // This tab's own copy of what it showed is resumed (the shared slot holds the newer record).
  await expect(page.getByRole('textbox', { name: 'Scenario name' })).toHaveValue('Saved by the older tab');
});
