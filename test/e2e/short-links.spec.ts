/**
 * Short links in a real browser (issue 21): a preset opened from its link, three steps of the
 * load-rate slider by keyboard, then "Copy link". The link is at most 500 characters, opens to the
 * same numbers in a fresh browser, and the PDF's QR code — rendered at 150 dpi by pdftoppm and
 * decoded with jsQR — is exactly that link.
 *
 * Hooks used: the slider "Load rate", the button "Copy link" and the field "Share link",
 * data-testid="kpi-monthly-<id>", the export dialog (export-helpers.ts).
 */
import type { Page } from '@playwright/test';
import { presets, type Scenario, STRATEGY_IDS } from '../../src/engine/index.ts';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/index.ts';
import { appHash } from '../../src/state/url-sync.ts';
import { DISPLAY, decodeQrOnPage, exportFile, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise } from './helpers';

async function kpis(page: Page): Promise<string[]> {
  const out: string[] = [];
  for (const id of STRATEGY_IDS)
    out.push(normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent()));
  return out;
}

test('short links: a weekly preset plus three slider steps is a link of at most 500 characters, opened alike elsewhere and held by the PDF’s QR code at 150 dpi', async ({
  page,
  browser,
  guardContext,
}) => {
  const preset = presets.steadyLab as Scenario;
  await page.goto(`./#${appHash(preset, DISPLAY)}`);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  const slider = page.getByRole('slider', { name: 'Load rate' });
  await slider.focus();
  for (let i = 0; i < 3; i++) {
    const before = await slider.inputValue();
    await slider.press('ArrowRight');
    await expect(slider).not.toHaveValue(before);
  }
  const shown = await kpis(page);

  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  test.info().annotations.push({ type: 'link length', description: `${link.length} characters: ${link}` });
  // Written against the current schema version's frozen base of the preset it was made from.
  expect(link).toMatch(new RegExp(`#s=2\\.${CURRENT_SCHEMA_VERSION}-steadyLab\\.`));
  expect(link.length).toBeLessThanOrEqual(500);

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    await guardContext(other);
    const fresh = await other.newPage();
    await fresh.goto(link);
    await fresh.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
    expect(await kpis(fresh)).toEqual(shown);
  } finally {
    await other.close();
  }

  await page.keyboard.press('Escape');
  const { path } = await exportFile(page, 'pdf', 'en');
  const { pages } = await pdfText(path);
  expect(await decodeQrOnPage(path, pages)).toBe(link);
});
