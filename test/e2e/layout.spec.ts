/**
 * Layout (issue 13): the first screen answers the question, the assumptions are one click away and
 * searchable in both languages, no chart label overprints another, the phone layout is compact, and
 * typed numbers read as people write them. Screenshots of the first screen go to
 * test-results/screens/ (outside the runner's output folder, so a later run of another project does
 * not delete them) and are attached to the report.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { openDashboard, renderDeferred } from './helpers';

const SCREENS_DIR = join(process.cwd(), 'test-results', 'screens');

async function saveFirstScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const path = join(SCREENS_DIR, `${name}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function switchLanguage(page: Page, target: 'en' | 'zh-CN'): Promise<void> {
  await page.getByRole('combobox', { name: /Language|语言/ }).selectOption(target);
  await expect(page.locator('html')).toHaveAttribute('lang', target);
}

/** Waits for the crossover chart in the first screen to draw its lines. */
async function crossoverDrawn(page: Page): Promise<void> {
  await page.locator('[data-chart="crossover"] path.crossover-curve').first().waitFor();
}

/** Renders every section and waits for the charts, the tornado and the Monte Carlo table. */
async function everythingRendered(page: Page): Promise<void> {
  await renderDeferred(page);
  for (const chart of ['crossover', 'cumulative', 'breakdown', 'demand'])
    await page.locator(`[data-chart="${chart}"] svg`).first().waitFor();
  await page.locator('[data-chart="tornado"] svg .recharts-bar-rectangle').first().waitFor();
  await page.getByTestId('mc-percentiles').waitFor();
}

interface Overlap {
  chart: string;
  a: string;
  b: string;
}

/**
 * Every pair of SVG <text> boxes in each chart that overlap (by more than half a pixel each way),
 * read from the page's own layout (getBoundingClientRect of each visible text element).
 */
async function labelOverlaps(page: Page): Promise<{ overlaps: Overlap[]; counted: Record<string, number> }> {
  return page.evaluate(() => {
    const overlaps: { chart: string; a: string; b: string }[] = [];
    const counted: Record<string, number> = {};
    for (const chart of document.querySelectorAll<HTMLElement>('[data-chart]')) {
      const name = chart.dataset.chart ?? '?';
      const boxes = [...chart.querySelectorAll<SVGTextElement>('svg text')]
        .filter((el) => (el.textContent ?? '').trim() !== '')
        .map((el) => ({ text: (el.textContent ?? '').trim(), r: el.getBoundingClientRect() }))
        .filter((b) => b.r.width > 0 && b.r.height > 0);
      counted[name] = (counted[name] ?? 0) + boxes.length;
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const p = boxes[i];
          const q = boxes[j];
          if (!p || !q) continue;
          const dx = Math.min(p.r.right, q.r.right) - Math.max(p.r.left, q.r.left);
          const dy = Math.min(p.r.bottom, q.r.bottom) - Math.max(p.r.top, q.r.top);
          if (dx > 0.5 && dy > 0.5) overlaps.push({ chart: name, a: p.text, b: q.text });
        }
    }
    return { overlaps, counted };
  });
}

async function expectNoLabelOverlap(page: Page, what: string): Promise<void> {
  await everythingRendered(page);
  const { overlaps, counted } = await labelOverlaps(page);
  for (const chart of ['crossover', 'cumulative', 'breakdown', 'demand', 'tornado'])
    expect(counted[chart] ?? 0, `${what}: the ${chart} chart has labels to check`).toBeGreaterThan(3);
  expect(overlaps, `${what}: overlapping chart labels`).toEqual([]);
}

/** A scenario where self-build meets the pooled platform: servers at 800,000 (typed as "80万"). */
async function cheaperServers(page: Page, label: RegExp): Promise<void> {
  await page.getByRole('link', { name: /^(Assumptions|假设)$/ }).click();
  await page.getByTestId('assumption-search').fill('server price');
  const field = page.locator('#assumptions').getByRole('textbox', { name: label });
  await field.fill('80万');
  await expect(field.locator('xpath=ancestor::div[@data-path]').getByTestId('field-echo')).toHaveText(
    '= 800,000',
  );
  await expect(page.getByTestId('crossover-vs-platform')).not.toHaveClass(/is-never/);
}

test('first screen at 1280×800: verdict, both crossovers, the three sliders and the crossover chart, with the section bar (screenshot)', async ({
  page,
}, testInfo) => {
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  await openDashboard(page);
  await crossoverDrawn(page);
  const inFirstScreen = async (what: string, locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    expect(box, `${what} is on the page`).not.toBeNull();
    expect(box?.y ?? 9999, `${what} starts in the first screen`).toBeLessThan(800);
    expect(
      (box?.y ?? 0) + Math.min(box?.height ?? 0, 40),
      `${what} is visible in the first screen`,
    ).toBeLessThanOrEqual(800);
  };
  await inFirstScreen('the verdict', page.getByTestId('winner'));
  await inFirstScreen('the crossover vs rent', page.getByTestId('crossover-vs-rent'));
  await inFirstScreen('the crossover vs the platform', page.getByTestId('crossover-vs-platform'));
  const sliders = page.getByRole('slider');
  expect(await sliders.count()).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < 3; i++) await inFirstScreen(`slider ${i + 1}`, sliders.nth(i));
  await inFirstScreen('the crossover chart', page.locator('[data-chart="crossover"] svg').first());
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const name of ['Overview', 'Costs', 'Cash', 'Uncertainty', 'Assumptions', 'Method'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
  await saveFirstScreen(page, testInfo, 'first-screen-en-1280x800');
});

test('the “Assumptions” link in the first screen brings the editable, grouped assumptions into view; search filters by name in English or Chinese', async ({
  page,
}) => {
  await openDashboard(page);
  const hook = page.getByRole('link', { name: 'Assumptions', exact: true });
  await expect(hook).toBeInViewport();
  await hook.click();
  const search = page.getByTestId('assumption-search');
  await expect(search).toBeInViewport();
  await expect(search).toBeFocused();
  await expect(page.locator('#assumptions details.panel').first()).toBeInViewport();
  // The section bar stays on screen while reading the assumptions.
  await expect(page.getByRole('link', { name: 'Overview', exact: true })).toBeInViewport();
  // Grouped: the groups are the engine's (six panels).
  await expect(page.locator('#assumptions details.panel')).toHaveCount(6);

  await search.fill('electricity');
  await expect(
    page.locator('#assumptions').getByRole('textbox', { name: 'Electricity price', exact: true }),
  ).toBeVisible();
  await expect(
    page.locator('#assumptions').getByRole('textbox', { name: 'Server price', exact: true }),
  ).toBeHidden();
  await expect(page.locator('.assumptions__count')).toContainText('match');
  // A Chinese name finds the same field on the English page.
  await search.fill('电价');
  await expect(
    page.locator('#assumptions').getByRole('textbox', { name: 'Electricity price', exact: true }),
  ).toBeVisible();
  await expect(
    page.locator('#assumptions').getByRole('textbox', { name: 'Server price', exact: true }),
  ).toBeHidden();
  await search.fill('zzz-no-such-input');
  await expect(page.locator('.assumptions__count')).toContainText('No assumption matches');
  await search.fill('');
  await expect(page.locator('#assumptions details.panel')).toHaveCount(6);
});

test('typed numbers: “180万”, “1.8M” and full-width digits are read and echoed; a dollar amount in a yuan field is refused with a clear message', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('link', { name: 'Assumptions', exact: true }).click();
  await page.getByTestId('assumption-search').fill('server price');
  const field = page.locator('#assumptions').getByRole('textbox', { name: 'Server price', exact: true });
  const box = field.locator('xpath=ancestor::div[@data-path]');
  for (const [typed, echo] of [
    ['180万', '= 1,800,000'],
    ['1.8M', '= 1,800,000'],
    ['１２０万', '= 1,200,000'],
    ['¥1,500,000', '= 1,500,000'],
  ] as const) {
    await field.fill(typed);
    await expect(box.getByTestId('field-echo')).toHaveText(echo);
    await expect(box.getByRole('alert')).toHaveCount(0);
  }
  await field.fill('$250k');
  await expect(box.getByRole('alert')).toContainText('US dollars');
  await expect(box.getByRole('alert')).toContainText('Not applied');
  await field.fill('abc');
  await expect(box.getByRole('alert')).toHaveText('This is not a number.');
});

test('no two chart labels overlap in English, at the default scenario and with a platform crossing (desktop)', async ({
  page,
}) => {
  await openDashboard(page);
  await expectNoLabelOverlap(page, 'default scenario');
  // The headline says self-build never meets the platform: no band or mark for it.
  await expect(page.getByTestId('crossover-vs-platform')).toHaveClass(/is-never/);
  expect(await page.locator('[data-chart="crossover"] .crossover-mark--platform').count()).toBe(0);
  await expect(page.locator('[data-chart="crossover"] text', { hasText: /Pooled platform P10/ })).toHaveCount(
    0,
  );
  await cheaperServers(page, /^Server price$/);
  await expect(page.locator('[data-chart="crossover"] .crossover-mark--platform').first()).toBeAttached();
  await expectNoLabelOverlap(page, 'servers at 800,000');
});

test(
  '中文：首屏有“假设”入口，图表标签互不重叠（默认与有交点的场景）（截图）',
  { tag: '@zh' },
  async ({ page }, testInfo) => {
    await openDashboard(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await crossoverDrawn(page);
    const hook = page.getByRole('link', { name: '假设', exact: true });
    await expect(hook).toBeInViewport();
    const nav = page.getByRole('navigation', { name: '页面分区' });
    for (const name of ['概览', '成本', '现金', '不确定性', '假设', '方法'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
    await saveFirstScreen(page, testInfo, 'first-screen-zh-CN-1280x800');
    await expectNoLabelOverlap(page, '默认场景');
    await hook.click();
    const search = page.getByTestId('assumption-search');
    await expect(search).toBeInViewport();
    await search.fill('电价');
    await expect(
      page.locator('#assumptions').getByRole('textbox', { name: '电价', exact: true }),
    ).toBeVisible();
    // An English name finds the same field on the Chinese page.
    await search.fill('electricity');
    await expect(
      page.locator('#assumptions').getByRole('textbox', { name: '电价', exact: true }),
    ).toBeVisible();
    await cheaperServers(page, /^服务器(单价|价格)/);
    await expectNoLabelOverlap(page, '服务器 80 万');
  },
);

test(
  'phone 390×844: compact header with an actions menu, tabs that fit or scroll with a cue, no page overflow, table scroll hint, unbroken units, no label overlap (screenshots)',
  {
    tag: '@phone',
  },
  async ({ page }, testInfo) => {
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    await openDashboard(page);
    for (const locale of ['en', 'zh-CN'] as const) {
      if (locale !== 'en') await switchLanguage(page, locale);
      await page.evaluate(() => window.scrollTo(0, 0));
      // Header: at most a quarter of the first screen.
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.height ?? 9999, `${locale}: header height`).toBeLessThanOrEqual(844 * 0.25);
      // Actions live in a menu: hidden until it is opened.
      const menu = page.getByRole('button', { name: locale === 'en' ? /^Actions/ : /^操作/ });
      await expect(menu).toBeVisible();
      const save = page.getByRole('button', { name: locale === 'en' ? 'Save' : '保存', exact: true });
      await expect(save).toBeHidden();
      await menu.click();
      await expect(save).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(save).toBeHidden();
      // Tabs: each fully on screen, or the list scrolls and says so.
      const tabs = await page.evaluate(() => {
        const list = document.querySelector<HTMLElement>('.view-tabs__list');
        const cut = [...document.querySelectorAll('[role="tab"]')]
          .map((tab) => ({ text: tab.textContent ?? '', r: tab.getBoundingClientRect() }))
          .filter((t) => t.r.left < -0.5 || t.r.right > window.innerWidth + 0.5)
          .map((t) => t.text);
        return { cut, cue: list?.dataset.overflow ?? '' };
      });
      if (tabs.cut.length > 0)
        expect(tabs.cue, `${locale}: tabs ${tabs.cut} are cut without a cue`).not.toBe('');
      // The section bar scrolls sideways with a cue when it does not fit.
      const sections = await page.evaluate(() => {
        const list = document.querySelector<HTMLElement>('.section-nav__list');
        return list
          ? { wide: list.scrollWidth > list.clientWidth + 1, cue: list.dataset.overflow ?? '' }
          : null;
      });
      expect(sections).not.toBeNull();
      if (sections?.wide) expect(sections.cue, `${locale}: section bar`).not.toBe('');
      await saveFirstScreen(page, testInfo, `first-screen-${locale}-phone-390x844`);

      await everythingRendered(page);
      // No horizontal page overflow.
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0] ?? 0, `${locale}: page width`).toBeLessThanOrEqual(widths[1] ?? 0);
      // A table wider than the screen says it scrolls, in words and with a fade.
      const tables = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.table-scroll, .analysis-table-wrap')].map((box) => ({
          wide: box.scrollWidth > box.clientWidth + 1,
          cue: box.dataset.overflow ?? '',
          hint: getComputedStyle(box, '::before').content,
        })),
      );
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables.filter((t) => t.wide)) {
        expect(t.cue).not.toBe('');
        expect(t.hint).toMatch(locale === 'en' ? /Scroll sideways/ : /左右滑动/);
      }
      // Units never break inside a word: every unit is on one line.
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.field__unit, .kpi__per')]
          .filter((el) => el.offsetParent !== null)
          .filter((el) => {
            const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top)));
            return lines.size > 1;
          })
          .map((el) => el.textContent),
      );
      expect(broken, `${locale}: units broken across lines`).toEqual([]);
      const { overlaps } = await labelOverlaps(page);
      expect(overlaps, `${locale}: overlapping chart labels on a phone`).toEqual([]);
    }
    // A crossing that exists, on the phone too (Chinese page).
    await cheaperServers(page, /^服务器(单价|价格)/);
    await everythingRendered(page);
    const { overlaps } = await labelOverlaps(page);
    expect(overlaps, 'overlapping chart labels on a phone, servers at 800,000').toEqual([]);
  },
);
