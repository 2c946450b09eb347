/**
 * Compare up to four scenarios in a real browser: three saved through the header's Save, compared with
 * the current one. Expected numbers come from the engine and the page's own wording of the winner.
 *
 * Hooks used: data-testid="compare-scenarios" (the panel), its combobox "Add a scenario to compare" /
 * "添加要对比的场景" and button "Add" / "添加", "compare-column" (a column heading, `data-source`),
 * "compare-scenarios-row" (`data-row` = row key; strategy cells carry `data-value` = strategy id,
 * differing cells `data-differs="true"`), "compare-export-csv", "compare-export-xlsx"; data-testid="winner" on the dashboard;
 * the header's "Preset", "Save", "Name"; the slider "Team capability".
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { evaluate, type Scenario } from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';

type Lang = 'en' | 'zh';

/** A name in an option's label or a button's aria-label: isolated, FSI … PDI (issue 42). */
const isolated = (name: string) => `\u2068${name}\u2069`;

const WORDS = {
  en: {
    dashboard: 'Dashboard',
    scenarios: 'Scenarios',
    preset: 'Preset',
    save: 'Save',
    name: 'Name',
    saved: (n: string) => `Saved as “${n}”.`,
    team: /team capability/i,
    add: 'Add a scenario to compare',
    addButton: 'Add',
    full: 'Four scenarios are compared; remove one to add another.',
    remove: (n: string) => `Remove “${isolated(n)}” from the comparison`,
    download: 'Download comparison (CSV)',
    current: 'Current: ',
    winnerRow: 'Winner',
    winnerMonthlyRow: 'Winner’s monthly cost',
    teamValue: '5 · Expert platform team',
    fileStart: 'Comparison – ',
    fileProduct: 'GPU TCO',
    names: ['Lab plan', '大型实验室 2026', 'Seed, expert team'],
  },
  zh: {
    dashboard: '看板',
    scenarios: '场景',
    preset: '预设场景',
    save: '保存',
    name: '名称',
    saved: (n: string) => `已保存为“${n}”。`,
    team: /团队能力/,
    add: '添加要对比的场景',
    addButton: '添加',
    full: '已在对比四个场景；请先移除一个再添加。',
    remove: (n: string) => `从对比中移除“${isolated(n)}”`,
    download: '下载对比（CSV）',
    current: '当前：',
    winnerRow: '最优方案',
    winnerMonthlyRow: '最优方案月成本',
    teamValue: '5 · ',
    fileStart: '场景对比 – ',
    fileProduct: 'GPU 总拥有成本',
    names: ['实验室方案', '大型实验室 2026', '种子团队，专家运维'],
  },
} as const;

async function showTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

async function choosePreset(page: Page, lang: Lang, id: string) {
  await page.getByRole('combobox', { name: WORDS[lang].preset }).selectOption(id);
}

async function winnerText(page: Page): Promise<string> {
  return normalise(await page.getByTestId('winner').textContent()).trim();
}

async function saveAs(page: Page, lang: Lang, name: string) {
  const w = WORDS[lang];
  // A save closes the form: the header's button opens it each time.
  await page.getByRole('button', { name: w.save, exact: true, expanded: false }).click();
  await page.getByRole('textbox', { name: w.name, exact: true }).fill(name);
  await page.getByRole('form').getByRole('button', { name: w.save }).click();
  await page.getByText(w.saved(name)).waitFor();
}

function panel(page: Page): Locator {
  return page.getByTestId('compare-scenarios');
}

function row(page: Page, key: string): Locator {
  return panel(page).locator(`[data-testid="compare-scenarios-row"][data-row="${key}"]`);
}

/** Adds a saved scenario by its name, which its option shows isolated. */
async function addToComparison(page: Page, lang: Lang, name: string) {
  const w = WORDS[lang];
  await panel(page)
    .getByRole('combobox', { name: w.add })
    .selectOption({ label: isolated(name) });
  await panel(page).getByRole('button', { name: w.addButton, exact: true }).click();
}

/** The three saved scenarios: the steady lab, the large lab, and the seed with an expert ops team. */
async function saveThree(page: Page, lang: Lang): Promise<string[]> {
  const w = WORDS[lang];
  const winners: string[] = [];
  await choosePreset(page, lang, 'steadyLab');
  winners.push(await winnerText(page));
  await saveAs(page, lang, w.names[0]);
  await choosePreset(page, lang, 'largeLab');
  winners.push(await winnerText(page));
  await saveAs(page, lang, w.names[1]);
  await choosePreset(page, lang, 'seedTeam');
  const team = page.getByRole('slider', { name: w.team }).first();
  await team.focus();
  await team.press('End');
  await expect(team).toHaveValue('5');
  winners.push(await winnerText(page));
  await saveAs(page, lang, w.names[2]);
  return winners;
}

async function compareFour(page: Page, lang: Lang) {
  const w = WORDS[lang];
  // A preset chosen over a typed name asks first; the test takes the preset's name.
  page.on('dialog', (d) => void d.accept());
  await openDashboard(page);
  const savedWinners = await saveThree(page, lang);
  // The current scenario: the seed again, as the dashboard shows it.
  await choosePreset(page, lang, 'seedTeam');
  const currentWinner = await winnerText(page);
  const currentName = await page
    .getByRole('combobox', { name: w.preset })
    .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

  await showTab(page, w.scenarios);
  for (const name of w.names) await addToComparison(page, lang, name);

  // Four columns, named after the scenarios, the current one first.
  const headings = panel(page).getByTestId('compare-column');
  await expect(headings).toHaveCount(4);
  const labels = (await headings.locator('.compare4__name').allTextContents()).map((t) =>
    normalise(t).trim(),
  );
  expect(labels).toEqual([`${w.current}${normalise(currentName).trim()}`, ...w.names]);
  await expect(panel(page).getByText(w.full)).toBeVisible();
  await expect(panel(page).getByRole('combobox', { name: w.add })).toBeDisabled();

  // Each column's winner is what that scenario's dashboard showed, and the engine's recommendation.
  const winnerCells = row(page, 'winner').locator('td');
  const shown = (await winnerCells.allTextContents()).map((t) =>
    normalise(t)
      // The screen-reader note "(differs)" in either language's brackets.
      .replace(/[(（].*[)）]$/, '')
      .trim(),
  );
  expect(shown.map((t, i) => [currentWinner, ...savedWinners][i]?.startsWith(t))).toEqual([
    true,
    true,
    true,
    true,
  ]);
  const seed = preset('seedTeam');
  const scenarios: Scenario[] = [
    seed,
    preset('steadyLab'),
    preset('largeLab'),
    { ...seed, teamCapability: 5 },
  ];
  expect(await winnerCells.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')))).toEqual(
    scenarios.map((s) => evaluate(s).recommendation.strategy),
  );

  // The team capability differs: marked in the two expert columns, not in the lab's (3, as the seed's).
  const team = row(page, 'input.teamCapability').locator('td');
  expect(await team.evaluateAll((tds) => tds.map((td) => td.getAttribute('data-differs')))).toEqual([
    null,
    null,
    'true',
    'true',
  ]);
  await expect(team.nth(3)).toContainText(w.teamValue);
  const background = await team.nth(3).evaluate((td) => getComputedStyle(td).backgroundColor);
  expect(background, 'a differing cell is tinted').not.toBe('rgba(0, 0, 0, 0)');

  // The CSV: its name and its columns.
  const downloadEvent = page.waitForEvent('download');
  await panel(page).getByTestId('compare-export-csv').click();
  const download = await downloadEvent;
  const fileName = download.suggestedFilename();
  expect(fileName.startsWith(w.fileStart)).toBe(true);
  expect(fileName).toMatch(new RegExp(` – ${w.fileProduct} – \\d{4}-\\d{2}-\\d{2}\\.csv$`));
  expect(Buffer.byteLength(fileName, 'utf8')).toBeLessThanOrEqual(255);
  const path = await download.path();
  const text = readFileSync(path, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n');
  for (const name of w.names) expect(lines[0]).toContain(name);
  const winnerLine = lines.find((l) => l.split(',')[1] === w.winnerRow);
  expect(
    winnerLine
      ?.split(',')
      .slice(3, 7)
      .map((c) => c.trim()),
  ).toEqual(shown);

  // The same lines as an Excel sheet, amounts as numbers.
  const xlsxEvent = page.waitForEvent('download');
  await panel(page).getByTestId('compare-export-xlsx').click();
  const xlsx = await xlsxEvent;
  expect(xlsx.suggestedFilename()).toMatch(new RegExp(` – ${w.fileProduct} – \\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(4, 8);
  expect(header).toEqual(labels);
  let monthly: unknown[] = [];
  sheet.eachRow((r) => {
    if (r.getCell(2).value === w.winnerMonthlyRow) monthly = (r.values as unknown[]).slice(4, 8);
  });
  expect(monthly).toEqual(
    scenarios.map((s) => Math.round(evaluate(s).strategies[evaluate(s).recommendation.strategy].monthlyCny)),
  );

  return { labels };
}

test('compare four: three saved scenarios and the current one, winners as their dashboards show, a differing input marked, the CSV and the Excel sheet downloaded', async ({
  page,
  saveScreenshot,
  axe,
}) => {
  const { labels } = await compareFour(page, 'en');
  await axe(page, { include: '[data-testid="compare-scenarios"]' });
  await panel(page).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'compare-four-en.png', { fullPage: true });
  // Removing a column frees a place.
  await panel(page)
    .getByRole('button', { name: WORDS.en.remove(labels[1] ?? '') })
    .click();
  await expect(panel(page).getByTestId('compare-column')).toHaveCount(3);
  await expect(panel(page).getByRole('combobox', { name: WORDS.en.add })).toBeEnabled();
});

test('compare four in Chinese: Chinese names, winners, the CSV and the Excel sheet @zh', async ({
  page,
  saveScreenshot,
}) => {
  await compareFour(page, 'zh');
  await panel(page).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'compare-four-zh.png', { fullPage: true });
});

test('compare four on a phone: the table scrolls sideways with a cue, the names stay readable @phone', async ({
  page,
  saveScreenshot,
}) => {
  await openDashboard(page);
  const entries = [
    { id: 'a', name: 'Lab plan', savedAt: '', scenario: preset('steadyLab') },
    { id: 'b', name: '大型实验室 2026', savedAt: '', scenario: preset('largeLab') },
    { id: 'c', name: 'Bursty research', savedAt: '', scenario: preset('burstyResearch') },
  ];
  await page.evaluate((list) => localStorage.setItem('gpu-tco:saved:v1', JSON.stringify(list)), entries);
  await openDashboard(page);
  await showTab(page, 'Scenarios');
  for (const e of entries) await addToComparison(page, 'en', e.name);
  await expect(panel(page).getByTestId('compare-column')).toHaveCount(4);
  const box = panel(page).locator('.table-scroll');
  await expect(box).toHaveAttribute('data-overflow', 'end');
  await expect(box).toHaveAttribute('data-scroll-hint', /Scroll sideways/);
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  // The page itself does not scroll sideways: only the table does.
  const [pageWidth, screenWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(pageWidth, `page is ${pageWidth}px wide on a ${screenWidth}px screen`).toBeLessThanOrEqual(
    screenWidth ?? 0,
  );
  await row(page, 'winner').scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'compare-four-phone.png');
});
