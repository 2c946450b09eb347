/**
 * Issue 36 items 1–2 in a real browser: the saved list comes back from a backup after its stored
 * texts were overwritten with garbage and after they were deleted (with "Undo restore" returning to
 * the list as it was just before); a write whose read-back differs (Storage.prototype.setItem stubbed
 * to keep a cut-off text, once) leaves the previous value and says so; the quota line is shown.
 *
 * Hooks used: the header's "Save" form; the Scenarios tab's "Stored data" button; the view's
 * `backup-list`, `restore-backup-<n>`, `undo-restore`; the saved list's `storage-quota`; the
 * notice `resume-read-back`; the storage keys of src/scenario/storage.ts and backups.ts.
 */
import type { Page } from '@playwright/test';
import { BACKUP_KEY_PREFIX } from '../../src/scenario/backups.ts';
import { RESUME_KEY } from '../../src/scenario/resume-storage.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset } from './helpers';
import { ENTRY_KEY_PREFIX } from './saved-storage';

async function showTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

async function saveAs(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save', exact: true, expanded: false }).click();
  const form = page.getByRole('form', { name: 'Save the current scenario in this browser' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-status')).toHaveText(`Saved as “${name}”.`);
}

/** Every entry key's text, by key. */
function entryTexts(page: Page): Promise<Record<string, string>> {
  return page.evaluate((prefix) => {
    const texts: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith(prefix)) texts[key] = localStorage.getItem(key) ?? '';
    }
    return texts;
  }, ENTRY_KEY_PREFIX);
}

function backupCount(page: Page): Promise<number> {
  return page.evaluate(
    (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).length,
    BACKUP_KEY_PREFIX,
  );
}

async function openStoredData(page: Page, scenariosTab = 'Scenarios', storedData = 'Stored data') {
  await showTab(page, scenariosTab);
  await page.getByRole('button', { name: storedData, exact: true }).click();
  await expect(page.getByTestId('backup-list')).toBeVisible();
}

/** The Scenarios tab's own status line (the header has one of its own). */
const status = (page: Page) => page.getByRole('tabpanel').getByRole('status');

const savedItem = (page: Page, name: string) => page.getByRole('listitem', { name });

test('stored data: a saved list overwritten with garbage comes back from the newest backup, and undo restore returns to the list as it was', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  await saveAs(page, 'Lab plan');
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('burstyResearch');
  await saveAs(page, 'Bursty plan');
  await expect.poll(() => backupCount(page), { message: 'a backup after each save' }).toBe(2);

  // The quota line, with the browser's answer to the request to keep storage (asked at the save).
  await showTab(page, 'Scenarios');
  const quota = page.getByTestId('storage-quota');
  await expect(quota).toContainText(/Storage in this browser: .+ used, .+ available\./);
  await expect(quota).toContainText('Saved scenarios and their backups take');
  await expect(quota).toHaveAttribute('data-persisted', /^(true|false)$/);

  const garbage = await page.evaluate((prefix) => {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(prefix));
    for (const key of keys) localStorage.setItem(key, '{garbage: not a saved scenario');
    return keys.length;
  }, ENTRY_KEY_PREFIX);
  expect(garbage).toBe(2);

  await openDashboard(page);
  await showTab(page, 'Scenarios');
  await expect(page.getByRole('region', { name: 'Entries kept aside' })).toBeVisible();
  await expect(savedItem(page, 'Lab plan')).toHaveCount(0);

  await page.getByRole('button', { name: 'Stored data', exact: true }).click();
  const backups = page.getByTestId('backup-list');
  await expect(backups.getByRole('listitem').first()).toContainText('2 saved scenarios');
  await page.getByTestId('restore-backup-0').click();
  await expect(status(page)).toContainText('Restored 2 saved scenarios from the backup of');
  const stored = page.getByTestId('stored-saved');
  await expect(stored).toContainText('Lab plan');
  await expect(stored).toContainText('Bursty plan');
  // The garbage is never rewritten: it stays, kept aside, beside the restored entries.
  expect(Object.values(await entryTexts(page))).toContain('{garbage: not a saved scenario');

  await page.getByTestId('undo-restore').getByRole('button', { name: 'Undo restore' }).click();
  await expect(status(page)).toContainText('The saved scenarios are back as they were before the restore.');
  await expect(page.getByTestId('stored-saved')).toHaveCount(0);

  // Restored again, the list opens from the Scenarios tab as before.
  await page.getByTestId('restore-backup-1').click();
  await page.getByRole('button', { name: 'Back to scenarios' }).click();
  await expect(savedItem(page, 'Lab plan')).toBeVisible();
  await expect(savedItem(page, 'Bursty plan')).toBeVisible();
});

test('stored data: a deleted saved list comes back from a backup after a reload', async ({ page }) => {
  await openDashboard(page);
  await saveAs(page, 'Only plan');
  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, ENTRY_KEY_PREFIX);

  await openDashboard(page);
  await showTab(page, 'Scenarios');
  await expect(page.getByText('Nothing saved yet.')).toBeVisible();
  await openStoredData(page);
  await page.getByTestId('restore-backup-0').click();
  await expect(status(page)).toContainText('Restored 1 saved scenario from the backup of');
  await page.getByRole('button', { name: 'Back to scenarios' }).click();
  await expect(savedItem(page, 'Only plan')).toBeVisible();
  expect(Object.keys(await entryTexts(page))).toHaveLength(1);
});

/**
 * Stubs localStorage's setItem so that, once armed (`window.__lieOnce = <key prefix>`), the next
 * write to a matching key keeps only its first 20 characters — a write the browser reports as done
 * but does not keep as written.
 */
function lieOnArmedWrite(page: Page) {
  return page.addInitScript(() => {
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      const w = window as unknown as { __lieOnce?: string | undefined };
      if (this === window.localStorage && w.__lieOnce !== undefined && key.startsWith(w.__lieOnce)) {
        w.__lieOnce = undefined;
        real.call(this, key, value.slice(0, 20));
        return;
      }
      real.call(this, key, value);
    };
  });
}

test('stored data: a rename whose read-back differs keeps the saved entry as it was and says so', async ({
  page,
}) => {
  await lieOnArmedWrite(page);
  await openDashboard(page);
  await saveAs(page, 'Plan before');
  const before = await entryTexts(page);
  await showTab(page, 'Scenarios');
  const item = savedItem(page, 'Plan before');
  await item.getByRole('button', { name: 'Rename' }).click();
  await page.evaluate((prefix) => {
    (window as unknown as { __lieOnce?: string }).__lieOnce = prefix;
  }, ENTRY_KEY_PREFIX);
  await item.getByRole('textbox').fill('Plan after');
  await item.getByRole('textbox').press('Enter');

  await expect(page.getByRole('alert')).toContainText(
    'The browser did not keep the change as written, so the previous version was put back',
  );
  await expect(
    page.getByRole('alert').getByRole('button', { name: 'Export all saved scenarios' }),
  ).toBeVisible();
  expect(await entryTexts(page), 'the entry is stored exactly as before').toEqual(before);
  await expect(savedItem(page, 'Plan before')).toBeVisible();
});

test('stored data: a resume write whose read-back differs keeps the previous record and says so', async ({
  page,
}) => {
  await lieOnArmedWrite(page);
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
  await page.waitForFunction((key) => localStorage.getItem(key)?.includes('"steadyLab"'), RESUME_KEY);
  const before = await page.evaluate((key) => localStorage.getItem(key), RESUME_KEY);
  await page.evaluate((key) => {
    (window as unknown as { __lieOnce?: string }).__lieOnce = key;
  }, RESUME_KEY);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('burstyResearch');
  await expect(page.getByTestId('resume-read-back')).toContainText(
    'The scenario you are working on could not be kept in this browser',
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), RESUME_KEY)).toBe(before);
});

test('已存数据：中文界面显示存储空间，并从备份恢复被删除的场景 @zh', { tag: '@zh' }, async ({ page }) => {
  await openDashboard(page);
  // Two entries stored as the app writes them; the backup taken after the load holds them.
  await page.evaluate(
    ([prefix, a, b]) => {
      localStorage.setItem(
        `${prefix}a`,
        JSON.stringify({ id: 'a', name: '实验室方案', savedAt: '', scenario: a, order: 0 }),
      );
      localStorage.setItem(
        `${prefix}b`,
        JSON.stringify({ id: 'b', name: '突发负载', savedAt: '', scenario: b, order: 1 }),
      );
    },
    [ENTRY_KEY_PREFIX, preset('steadyLab'), preset('burstyResearch')] as const,
  );
  await openDashboard(page);
  await page.waitForFunction(
    (prefix) => Object.keys(localStorage).some((k) => k.startsWith(prefix)),
    BACKUP_KEY_PREFIX,
  );
  await showTab(page, '场景');
  await expect(page.getByTestId('storage-quota')).toContainText(/本浏览器的存储空间：已用 .+，可用 .+。/);

  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, ENTRY_KEY_PREFIX);
  await openDashboard(page);
  await openStoredData(page, '场景', '已存数据');
  await expect(page.getByRole('heading', { name: '已存数据' })).toBeVisible();
  await expect(page.getByTestId('backup-list').getByRole('listitem').first()).toContainText(
    '2 个已保存的场景',
  );
  await page.getByTestId('restore-backup-0').click();
  await expect(status(page)).toContainText('已从');
  await expect(page.getByTestId('stored-saved')).toContainText('实验室方案');
  await expect(page.getByTestId('stored-saved')).toContainText('突发负载');
  await expect(page.getByTestId('undo-restore')).toContainText('撤销恢复');
});

test('stored data: the view has no serious axe violations and no horizontal overflow at 390×844', {
  tag: '@phone',
}, async ({ page, axe }) => {
  expect(page.viewportSize(), 'the phone project’s screen').toEqual({ width: 390, height: 844 });
  await openDashboard(page);
  await page.evaluate(
    ([prefix, scenario]) => {
      const name = 'A long scenario name that has to wrap on a phone screen, twice or more';
      localStorage.setItem(`${prefix}a`, JSON.stringify({ id: 'a', name, savedAt: '', scenario, order: 0 }));
    },
    [ENTRY_KEY_PREFIX, preset('steadyLab')] as const,
  );
  await openDashboard(page);
  await page.waitForFunction(
    (prefix) => Object.keys(localStorage).some((k) => k.startsWith(prefix)),
    BACKUP_KEY_PREFIX,
  );
  await openStoredData(page);
  await page.getByTestId('restore-backup-0').click();
  await expect(page.getByTestId('undo-restore')).toBeVisible();
  await axe(page);
  const [scroll = 0, client = 0] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `page is ${scroll}px wide on a ${client}px screen`).toBeLessThanOrEqual(client);
});
