/**
 * Every character a user types prints: a Chinese PDF of a scenario whose name, preparer and notes
 * hold rare characters (李伟 稿 阅 鹏 昇, and 𠮷 U+20BB7, which Noto Sans SC lacks). Each printable
 * character must be in the text layer (pdftotext) and drawn as itself in a pdftoppm raster (matched
 * against reference drawings, see glyph-raster.ts); the one no bundled font has must be listed in the
 * export dialog before the download and print as a visible □, never vanish.
 */
import { presets, type Scenario } from '../../src/engine/index.ts';
import { appHash } from '../../src/state/url-sync.ts';
import { DISPLAY, pageText, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { characterCells, FALLBACK_BOX, nearest, references, renderPage, signature } from './glyph-raster';

const PRINTABLE = ['李', '伟', '稿', '阅', '鹏', '昇'];
const UNPRINTABLE = '𠮷';
const TYPED = '李伟 稿 阅 鹏 昇 𠮷';

test('导出 PDF: typed rare characters are in the text and drawn; the one no font has is listed in the dialog and printed as □', {
  tag: '@zh',
}, async ({ page, saveScreenshot }) => {
  const scenario = structuredClone(presets.seedTeam as Scenario);
  scenario.name = TYPED;
  await page.goto(`./#${appHash(scenario, DISPLAY)}`);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });

  await page.getByRole('button', { name: '导出 PDF', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: '编制人', exact: true }).fill(TYPED);
  await dialog.getByRole('textbox', { name: '备注', exact: true }).fill(`备注：${TYPED}`);
  // The dialog names exactly the character that cannot be printed, while the user can still change it.
  const listed = dialog.getByTestId('export-unprintable');
  await expect(listed).toHaveText(/𠮷$/);
  for (const c of PRINTABLE) await expect(listed).not.toContainText(c);
  await saveScreenshot(page, 'export-dialog-unprintable');

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: '下载 PDF', exact: true }).click(),
  ]);
  const path = test.info().outputPath('characters.pdf');
  await download.saveAs(path);

  // Text layer: the title, the preparer and the notes, with □ where 𠮷 was typed.
  const printed = '李伟 稿 阅 鹏 昇 □';
  const page1 = await pageText(path, 1);
  expect(page1.split(printed).length - 1, 'title, header, preparer and notes').toBeGreaterThanOrEqual(3);
  expect(page1).toContain(`备注：${printed}`);
  const { text } = await pdfText(path);
  expect(text).not.toContain(UNPRINTABLE);

  // Raster: every cell of these characters on page 1 is drawn as that character, □ as □.
  const cells = (await characterCells(path, 1)).filter((c) => PRINTABLE.includes(c.text) || c.text === '□');
  for (const c of PRINTABLE)
    expect(cells.filter((cell) => cell.text === c).length, `cells of ${c}`).toBeGreaterThanOrEqual(3);
  const image = await renderPage(path, 1, test.info().outputPath('characters-page1'));
  const sizes = [...new Set(cells.map((c) => c.size))];
  const refs = await references(PRINTABLE, sizes, test.info().outputPath('references'));
  const seen = cells.map((cell) => ({
    expected: cell.text === '□' ? FALLBACK_BOX : cell.text,
    drawn: nearest(signature(image, cell), cell.size, refs),
    at: `${cell.size} pt at (${Math.round(cell.x)}, ${Math.round(cell.y)})`,
  }));
  expect(seen.filter((s) => s.drawn !== s.expected)).toEqual([]);
});
