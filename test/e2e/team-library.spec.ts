/**
 * The team library file in a real browser (issue 39 item 5): two saved entries exported with a tag;
 * the file opened in a fresh browser context whose saved list already holds one of them, edited —
 * the preview shows one new entry and one conflict with which copy is newer, "keep both" is the
 * default, and after "Add" both copies are listed with the tag. Damaged, edited, foreign and newer
 * files are refused with the reason and nothing saved changes. Expected figures come from the library
 * module in Node on the downloaded file and from arithmetic here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Scenario } from '../../src/engine/index.ts';
import { libraryToJson, parseLibrary } from '../../src/scenario/team-library.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';

interface Stored {
  id: string;
  name: string;
  savedAt: string;
  scenario: Scenario;
  order: number;
}

/** Writes saved entries as the app stores them (one key per entry), then reloads. */
async function seedSaved(page: Page, entries: Stored[]): Promise<void> {
  await page.evaluate((list) => {
    for (const e of list) localStorage.setItem(`gpu-tco:saved:v2:${e.id}`, JSON.stringify(e));
  }, entries);
  await page.reload();
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
}

async function openScenarios(page: Page) {
  await page.getByRole('tab', { name: 'Scenarios' }).click();
  await page.getByRole('heading', { name: 'Team library' }).waitFor();
}

const savedNames = async (page: Page) =>
  (await page.locator('.saved-list .saved-item__name').allTextContents()).map((t) => normalise(t).trim());

test('team library: export two entries with a tag, open the file in a fresh browser holding an edited copy of one, keep both', async ({
  page,
  browser,
  guardContext,
  baseURL,
  saveScreenshot,
  axe,
}) => {
  const budget: Stored = {
    id: 'lib-a',
    name: 'Budget FY27',
    savedAt: '2026-11-20T09:00:00.000Z',
    scenario: preset('largeLab'),
    order: 0,
  };
  const steady: Stored = {
    id: 'lib-b',
    name: 'Steady lab',
    savedAt: '2026-11-21T09:00:00.000Z',
    scenario: preset('steadyLab'),
    order: 1,
  };
  await openDashboard(page);
  await seedSaved(page, [budget, steady]);
  await openScenarios(page);
  await page.getByLabel('Tags for these entries').fill('FY27, infra');
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export team library (2 entries)' }).click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^gpu-tco-team-library-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync(await download.path(), 'utf8');
  const read = parseLibrary(text);
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  expect(read.library.entries.map((e) => [e.entry.name, e.entry.tags])).toEqual([
    ['Budget FY27', ['FY27', 'infra']],
    ['Steady lab', ['FY27', 'infra']],
  ]);
  expect(read.library.entries[0]?.entry.scenario).toEqual(budget.scenario);
  // Each link opens the page at that scenario.
  expect(read.library.entries[1]?.link.startsWith(`${baseURL}#s=`)).toBe(true);
  const file = test.info().outputPath(download.suggestedFilename());
  writeFileSync(file, text);

  // A colleague's browser: the budget saved earlier under the same entry, with another horizon.
  if (!baseURL) throw new Error('use.baseURL must name the preview server');
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
  });
  try {
    await guardContext(context);
    const other = await context.newPage();
    await openDashboard(other);
    const older = { ...budget, name: 'Budget FY27 (draft)', savedAt: '2026-11-02T09:00:00.000Z' };
    older.scenario = { ...budget.scenario, horizonMonths: 48 };
    await seedSaved(other, [older]);
    await openScenarios(other);
    await other.getByLabel('Open team library').setInputFiles(file);
    const preview = other.getByTestId('library-preview');
    await expect(preview).toContainText(
      '2 entries: 1 new, 1 in conflict with a saved entry, 0 already saved with new tags, 0 already saved.',
    );
    const conflict = other.getByTestId('library-row-conflict');
    // The name is isolated (FSI … PDI) inside the sentence, as user text always is.
    await expect(conflict).toContainText(
      /Differs from your saved \u2068?Budget FY27 \(draft\)\u2069?\. The library’s copy is newer \(Nov 20, 2026, \d+:00 [AP]M; yours Nov 2, 2026/,
    );
    await expect(conflict.getByRole('combobox', { name: 'Keep' })).toHaveValue('both');
    await expect(other.getByTestId('library-row-new')).toContainText('Steady lab');
    expect(await savedNames(other)).toEqual(['Budget FY27 (draft)']);
    await preview.scrollIntoViewIfNeeded();
    await saveScreenshot(other, 'team-library-preview.png', { fullPage: false });
    expect(await axe(other, { include: '.library-preview' })).toEqual([]);
    await other.getByRole('button', { name: 'Merge into saved list' }).click();
    await expect(
      other.getByText(`Merged ${download.suggestedFilename()}: 2 changes to the saved list.`),
    ).toBeVisible();
    // Nothing overwritten: the draft stays, the library's copy is a new entry beside it, tags shown.
    expect(await savedNames(other)).toEqual([
      'Budget FY27 (draft)',
      'Budget FY27 · library 2026-11-20',
      'Steady lab',
    ]);
    const stored = await other.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('gpu-tco:saved:v2:'))
        .map(
          (k) =>
            JSON.parse(localStorage.getItem(k) ?? '{}') as {
              id: string;
              name: string;
              scenario: Scenario;
              tags?: string[];
            },
        ),
    );
    const draft = stored.find((e) => e.id === 'lib-a');
    expect(draft?.name).toBe('Budget FY27 (draft)');
    expect(draft?.scenario.horizonMonths).toBe(48);
    const copy = stored.find((e) => e.name === 'Budget FY27 · library 2026-11-20');
    // Opened, the copy is titled by its own name.
    expect(copy?.scenario).toEqual({ ...budget.scenario, name: 'Budget FY27 · library 2026-11-20' });
    expect(copy?.tags).toEqual(['FY27', 'infra']);
    await expect(other.getByTestId('saved-tags').first()).toContainText('FY27');
    // Opening the same file again: everything already saved (the budget as the copy kept beside the
    // draft), nothing to add and no conflict to answer again.
    await other.getByLabel('Open team library').setInputFiles(file);
    await expect(other.getByTestId('library-preview')).toContainText(
      '0 new, 0 in conflict with a saved entry, 0 already saved with new tags, 2 already saved.',
    );
    await expect(other.getByRole('button', { name: 'Merge into saved list' })).toBeDisabled();
  } finally {
    await context.close();
  }
});

test('team library: a damaged, hand-edited, foreign or newer file is refused with the reason and nothing saved changes', async ({
  page,
}) => {
  const keep: Stored = {
    id: 'k',
    name: 'Keep me',
    savedAt: '2026-11-01T00:00:00.000Z',
    scenario: preset('seedTeam'),
    order: 0,
  };
  await openDashboard(page);
  await seedSaved(page, [keep]);
  await openScenarios(page);
  const before = await page.evaluate(() => localStorage.getItem('gpu-tco:saved:v2:k'));
  const good = {
    format: 'gpu-tco-team-library',
    version: 1,
    exportedAt: '2026-12-01T00:00:00.000Z',
    entries: [
      { id: 'x', name: 'Edited', savedAt: '', hash: '00000000', link: '', scenario: preset('steadyLab') },
    ],
  };
  const cases: [string, string, RegExp][] = [
    [
      'cut.json',
      JSON.stringify(good).slice(0, 200),
      /cut\.json is not a team library: it is not JSON, or it was cut short\./,
    ],
    [
      'edited.json',
      JSON.stringify(good),
      /edited\.json: entry 1 \(.?Edited.?\) does not match the check written beside it/,
    ],
    [
      'saved.json',
      JSON.stringify({ format: 'gpu-tco-saved-scenarios', version: 1, saved: [] }),
      /saved\.json is not a team library exported from this app\./,
    ],
    [
      'newer.json',
      JSON.stringify({ ...good, version: 9 }),
      /newer\.json was written by a newer version of the app \(library format 9\)/,
    ],
  ];
  for (const [name, body, message] of cases) {
    const path = test.info().outputPath(name);
    writeFileSync(path, body);
    await page.getByLabel('Open team library').setInputFiles(path);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(message);
    await expect(alert).toContainText('Nothing saved was changed.');
    await expect(page.getByTestId('library-preview')).toHaveCount(0);
  }
  expect(await savedNames(page)).toEqual(['Keep me']);
  expect(await page.evaluate(() => localStorage.getItem('gpu-tco:saved:v2:k'))).toBe(before);
});

test('团队方案库：中文界面导出并打开 @zh', async ({ page, saveScreenshot }) => {
  const entry: Stored = {
    id: 'z',
    name: '大型实验室',
    savedAt: '2026-11-01T00:00:00.000Z',
    scenario: preset('largeLab'),
    order: 0,
  };
  await openDashboard(page);
  await seedSaved(page, [entry]);
  await page.getByRole('tab', { name: '场景' }).click();
  await page.getByRole('heading', { name: '团队方案库' }).waitFor();
  await page.getByLabel('为这些条目添加标签').fill('FY27、基础设施');
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出团队方案库（1 个条目）' }).click();
  const text = readFileSync(await (await downloadEvent).path(), 'utf8');
  const read = parseLibrary(text);
  expect(read.ok && read.library.entries[0]?.entry.tags).toEqual(['FY27', '基础设施']);
  const path = test.info().outputPath('library.json');
  writeFileSync(path, text);
  await page.getByLabel('打开团队方案库').setInputFiles(path);
  await expect(page.getByTestId('library-preview')).toContainText(
    '共 1 个条目：新增 0 个，与已保存条目冲突 0 个，已保存但有新标签 1 个，已保存 0 个。',
  );
  // The export added tags to the entry's copy: already saved, its new tags offered to it.
  await expect(page.getByTestId('library-row-tags')).toContainText('已保存：将添加标签 FY27、基础设施');
  await page.getByTestId('library-preview').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'team-library-zh.png', { fullPage: false });
  await page.getByRole('button', { name: '合并到已保存列表' }).click();
  await expect(page.getByTestId('saved-tags')).toContainText('基础设施');
});

test('team library: the merge preview with a conflict reads on a 390 px phone, without horizontal overflow', {
  tag: '@phone',
}, async ({ page, axe, saveScreenshot }) => {
  const mine: Stored = {
    id: 'p',
    name: 'A rather long scenario name for a phone screen',
    savedAt: '2026-11-01T00:00:00.000Z',
    scenario: preset('largeLab'),
    order: 0,
  };
  await openDashboard(page);
  await seedSaved(page, [mine]);
  await openScenarios(page);
  const path = test.info().outputPath('library.json');
  const theirs = { ...mine, name: 'The same entry, edited elsewhere', savedAt: '2026-11-09T00:00:00.000Z' };
  writeFileSync(
    path,
    libraryToJson(
      [{ ...theirs, scenario: { ...mine.scenario, horizonMonths: 24 }, tags: ['FY27', 'infra'] }],
      {
        exportedAt: '2026-12-01T00:00:00.000Z',
        pageUrl: 'https://intranet.example/tco/',
      },
    ),
  );
  await page.getByLabel('Open team library').setInputFiles(path);
  const preview = page.getByTestId('library-preview');
  await expect(page.getByTestId('library-row-conflict')).toContainText('The library’s copy is newer');
  await preview.scrollIntoViewIfNeeded();
  expect(await axe(page, { include: '.library-preview' })).toEqual([]);
  const [scroll = 0, client = 0] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `page is ${scroll}px wide on a ${client}px screen`).toBeLessThanOrEqual(client);
  await saveScreenshot(page, 'team-library-phone.png', { fullPage: false });
});
