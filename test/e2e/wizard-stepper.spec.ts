/**
 * The self-assessment's stepper on a phone: no step name is broken inside a word (issue 44: "owners-
 * hip" at 390 px). Each visible name is laid out word by word and every word must sit on one line;
 * the name's box must not overflow either (a word too long for it would stick out instead).
 *
 * Hooks: the tab "Self-assessment" / "自测", the stepper's list items (`.wizard-progress__name`), the
 * buttons "Next" / "下一步", the language combobox "Language" / "语言".
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard } from './helpers';

const WORDS = {
  en: { tab: 'Self-assessment', next: 'Next', language: 'Language' },
  'zh-CN': { tab: '自测', next: '下一步', language: '语言' },
} as const;

/** For each visible step name: the words that span more than one line, and whether the box overflows. */
async function brokenNames(page: Page) {
  return page.locator('.wizard-progress__name').evaluateAll((names) =>
    names
      .filter((el) => el.getBoundingClientRect().width > 1)
      .map((el) => {
        const text = el.textContent ?? '';
        const node = el.firstChild;
        const broken: string[] = [];
        // Latin words: each between spaces; CJK text may wrap between characters (no hyphen, no word split).
        for (const m of text.matchAll(/[A-Za-z][A-Za-z-]*/g)) {
          if (!node) continue;
          const range = document.createRange();
          range.setStart(node, m.index ?? 0);
          range.setEnd(node, (m.index ?? 0) + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
        const style = getComputedStyle(el);
        return {
          text,
          broken,
          overflows: el.scrollWidth > el.clientWidth + 1,
          hyphens: style.hyphens,
          wrap: style.overflowWrap,
        };
      }),
  );
}

test('the stepper never breaks a step name inside a word on a phone, in either language @phone', async ({
  page,
  saveScreenshot,
}) => {
  expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
  await openDashboard(page);
  for (const lang of ['en', 'zh-CN'] as const) {
    const w = WORDS[lang];
    if (lang !== 'en') {
      await page.getByRole('combobox', { name: WORDS.en.language }).selectOption(lang);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
    await page.getByRole('tab', { name: w.tab }).click();
    // Steps 1–4 each as the current one (its name is the one shown in full on a phone).
    for (let step = 0; step < 4; step++) {
      if (step > 0) await page.getByRole('button', { name: w.next, exact: true }).click();
      await expect(page.locator('.wizard-progress__item').nth(step)).toHaveAttribute('aria-current', 'step');
      const names = await brokenNames(page);
      expect(names.length, `${lang} step ${step + 1}: a step name is shown`).toBeGreaterThan(0);
      for (const n of names) {
        expect.soft(n.broken, `${lang} step ${step + 1}: “${n.text}” split inside a word`).toEqual([]);
        expect.soft(n.overflows, `${lang} step ${step + 1}: “${n.text}” sticks out of its box`).toBe(false);
        expect.soft(n.hyphens, `${lang}: no automatic hyphens`).not.toBe('auto');
        expect.soft(n.wrap, `${lang}: no break inside a word`).toBe('normal');
      }
      if (step === 1) await saveScreenshot(page, `wizard-stepper-${lang}-step2`);
    }
    // Back to step 1 for the other language.
    for (let step = 3; step > 0; step--)
      await page.getByRole('button', { name: lang === 'en' ? 'Back' : '上一步' }).click();
  }
});
