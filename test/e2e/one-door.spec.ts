/**
 * Issue 12 in a real browser: one door for every scenario change (a value the schema refuses is shown
 * beside its field and never reaches the KPIs or the address), undo/redo of scenario changes, and a
 * rejected share link that stays visible and copyable.
 *
 * Hooks used: a field's issue is tied to it with aria-invalid="true" and aria-describedby; the header
 * buttons "Undo"/"撤销" and "Redo"/"重做"; Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z; data-testid="kpi-monthly-<id>";
 * the assumption panels (<details> whose summary holds the group's heading); the link notice's
 * read-only field.
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import {
  defaultScenario,
  evaluate,
  STRATEGY_IDS,
  type StrategyId,
  withInput,
} from '../../src/engine/index.ts';
import { expect, test } from './fixtures';
import { formatMoneyInPage, normalise as normaliseSpaces, openDashboard } from './helpers';

type Kpis = Record<StrategyId, string>;

const BUSY_POWER_PATH = 'selfBuild.powerBusyKwPerServer';

function normalise(text: string | null | undefined): string {
  return normaliseSpaces(text).trim();
}

/** Every KPI card's text (amounts, facts, badges), strategy by strategy. */
async function kpiTexts(page: Page): Promise<Kpis> {
  const out: Partial<Kpis> = {};
  for (const id of STRATEGY_IDS) {
    out[id] = normalise(
      await page
        .getByTestId(`kpi-monthly-${id}`)
        .first()
        .evaluate((el) => el.closest('li')?.textContent ?? el.textContent),
    );
  }
  return out as Kpis;
}

/** The KPIs once they have settled (two reads in a row agree). */
async function settledKpis(page: Page): Promise<Kpis> {
  let last: Kpis | null = null;
  let settled: Kpis | null = null;
  await expect(async () => {
    const now = await kpiTexts(page);
    const previous = last;
    last = now;
    expect(previous).toEqual(now);
    settled = now;
  }).toPass();
  if (!settled) throw new Error('KPIs never settled');
  return settled;
}

async function expectKpis(page: Page, expected: Kpis, message: string): Promise<void> {
  await expect(async () => expect(await kpiTexts(page), message).toEqual(expected)).toPass();
}

/** KPIs that differ from `other` (waits for the change to show), read once they have settled. */
async function changedKpis(page: Page, other: Kpis, message: string): Promise<Kpis> {
  await expect(async () => expect(await kpiTexts(page), message).not.toEqual(other)).toPass();
  return settledKpis(page);
}

/** Opens the assumption panel whose summary holds the heading `group` (a native <details>). */
async function openAssumptionGroup(page: Page, group: string): Promise<void> {
  const details = page.locator('details.panel').filter({
    has: page.locator('summary').getByRole('heading', { name: group, exact: true }),
  });
  await expect(details).toHaveCount(1);
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await details.locator('summary').click();
  }
  await expect(details).toHaveJSProperty('open', true);
}

/** The elements an element's aria-describedby points to, by id. */
function describedBy(page: Page, ids: string): Locator[] {
  return ids
    .split(/\s+/)
    .filter((id) => id !== '')
    .map((id) => page.locator(`[id="${id.replace(/(["\\])/g, '\\$1')}"]`));
}

/** The monthly cost the engine computes for each eligible strategy, formatted by the page. */
async function expectEngineMonthly(page: Page, scenario: typeof defaultScenario, locale: string) {
  const evaluation = evaluate(scenario);
  await expect(async () => {
    for (const id of STRATEGY_IDS) {
      const s = evaluation.strategies[id];
      if (!s.eligible) continue;
      const amount = await formatMoneyInPage(page, s.monthlyCny, locale, 'CNY');
      const shown = normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent());
      expect(shown, `${id} monthly cost`).toBe(normalise(amount));
    }
  }).toPass();
}

interface InvalidPowerCase {
  locale: 'en-US' | 'zh-CN';
  appLocale: 'en' | 'zh-CN';
  group: string;
  busyLabel: string;
  /** The visible reason beside the field, in the reader's language. */
  message: RegExp;
  linkErrorTitle: string;
}

/** Opens `link` in a fresh guarded context and checks it shows `expected` KPIs and no link error. */
async function expectLinkReopens(
  browser: Browser,
  guardContext: (context: BrowserContext) => Promise<void>,
  c: InvalidPowerCase,
  link: string,
  expected: Kpis,
): Promise<void> {
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: c.locale });
  try {
    await guardContext(other);
    const fresh = await other.newPage();
    await openDashboard(fresh, link);
    await expectKpis(fresh, expected, 'the reopened link shows the same KPIs');
    await expect(fresh.getByRole('alert').filter({ hasText: c.linkErrorTitle })).toHaveCount(0);
  } finally {
    await other.close();
  }
}

async function invalidPowerCase(
  page: Page,
  browser: Browser,
  guardContext: (context: BrowserContext) => Promise<void>,
  c: InvalidPowerCase,
) {
  await openDashboard(page);
  // The address holds the scenario from the start (one writer, src/state/url-sync.ts).
  await expect(page).toHaveURL(/#s=2\./);
  await openAssumptionGroup(page, c.group);
  const field = page.getByRole('textbox', { name: c.busyLabel, exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  const before = await settledKpis(page);
  const linkBefore = page.url();

  // 29 kW busy with a 10.2 kW maximum per server: each value is in its own range, the pair is not.
  await field.fill('29');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field, 'the typed text stays so it can be fixed').toHaveValue('29');
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const targets = describedBy(page, ids);
  expect(targets.length, `aria-describedby="${ids}" names elements`).toBeGreaterThan(0);
  const texts: string[] = [];
  for (const target of targets) {
    await expect(target, `every id in aria-describedby="${ids}" exists`).toHaveCount(1);
    texts.push(normalise(await target.textContent()));
  }
  const index = texts.findIndex((text) => c.message.test(text));
  expect(
    index,
    `a described-by element says ${c.message}; found ${JSON.stringify(texts)}`,
  ).toBeGreaterThanOrEqual(0);
  const issue = targets[index] as Locator;
  await expect(issue, 'the issue beside the field is visible').toBeVisible();

  await expectKpis(page, before, 'the refused value does not reach the KPIs');
  // The link in the address bar still opens, to the same KPIs (opening it also outlasts the
  // address writer's debounce, so a late write would show in the comparison after it).
  await expectLinkReopens(browser, guardContext, c, page.url(), before);
  expect(page.url(), 'the address still holds the last good scenario').toBe(linkBefore);
  await expectKpis(page, before, 'the refused value does not reach the KPIs');

  // Fixing the value: the issue goes, and the scenario with 8 kW busy power is committed.
  await field.fill('8');
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(issue).toHaveCount(0);
  const issueId = ids.split(/\s+/).filter((id) => id !== '')[index] as string;
  expect(
    await field.getAttribute('aria-describedby'),
    'the field no longer points to an issue',
  ).not.toContain(issueId);
  await changedKpis(page, before, 'a valid value changes the KPIs');
  await expectEngineMonthly(page, withInput(defaultScenario, BUSY_POWER_PATH, 8), c.appLocale);
  await expect(page).not.toHaveURL(linkBefore);
}

test('one door: busy power 29 kW (max 10.2) is refused beside the field (aria-invalid, described message), KPIs and the reopened address link unchanged; fixing it to 8 clears the issue and changes the KPIs', async ({
  page,
  browser,
  guardContext,
}) => {
  await invalidPowerCase(page, browser, guardContext, {
    locale: 'en-US',
    appLocale: 'en',
    group: 'Self-build',
    busyLabel: 'Busy power per server',
    message: /Must not exceed Maximum power per server/i,
    linkErrorTitle: 'This link could not be opened',
  });
});

test('one door (zh): 满载功率 29 千瓦（上限 10.2）被拒绝，中文说明与字段关联，KPI 与地址栏链接不变；改为 8 后问题消失、KPI 改变', {
  tag: '@zh',
}, async ({ page, browser, guardContext }) => {
  await invalidPowerCase(page, browser, guardContext, {
    locale: 'zh-CN',
    appLocale: 'zh-CN',
    group: '自建',
    busyLabel: '每台服务器满载功率',
    message: /不能超过每台服务器最大功率/,
    linkErrorTitle: '无法打开此链接',
  });
});

/** Moves focus to the page body, away from any control (keyboard shortcuts then go to the page). */
async function focusBody(page: Page): Promise<void> {
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement) active.blur();
  });
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

test('undo/redo: after a typed assumption, Undo restores the exact previous KPIs and Redo the changed ones; Ctrl+Z and Ctrl+Shift+Z from the page body do the same', async ({
  page,
}) => {
  await openDashboard(page);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo, 'nothing to undo on a fresh page').toBeDisabled();
  await expect(redo).toBeDisabled();
  await openAssumptionGroup(page, 'Self-build');
  const field = page.getByRole('textbox', { name: 'Busy power per server', exact: true });
  const original = await settledKpis(page);
  const originalUrl = page.url();
  const originalText = await field.inputValue();

  await field.fill('9.5');
  const changed = await changedKpis(page, original, 'a typed value changes the KPIs');
  await expect(undo).toBeEnabled();

  await undo.click();
  await expectKpis(page, original, 'Undo restores the exact previous KPIs');
  await expect(field, 'the field follows the undone value').toHaveValue(originalText);
  await expect(undo, 'the typed value was one step').toBeDisabled();
  await expect(page, 'the address follows the undo').toHaveURL(originalUrl);
  await expect(redo).toBeEnabled();

  await redo.click();
  await expectKpis(page, changed, 'Redo brings the changed KPIs back');
  await expect(field).toHaveValue('9.5');
  await expect(redo).toBeDisabled();

  await focusBody(page);
  await page.keyboard.press('ControlOrMeta+z');
  await expectKpis(page, original, 'Ctrl+Z from the page body restores the exact previous KPIs');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expectKpis(page, changed, 'Ctrl+Shift+Z from the page body redoes');
  await page.keyboard.press('ControlOrMeta+z');
  await expectKpis(page, original, 'Ctrl+Z again');
  await expect(page).toHaveURL(originalUrl);
});

test('undo: a mouse drag of the load-rate slider over several steps is one step — one Undo restores the exact previous KPIs, one Redo the dragged ones', async ({
  page,
}) => {
  await openDashboard(page);
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toBeDisabled();
  const slider = page.getByRole('slider', { name: 'Load rate', exact: true });
  await slider.scrollIntoViewIfNeeded();
  const original = await settledKpis(page);
  const originalValue = Number(await slider.inputValue());
  const box = await slider.boundingBox();
  if (!box) throw new Error('the load-rate slider has no box');

  // From the thumb, 30 % of the track towards the side with room, in six moves.
  const y = box.y + box.height / 2;
  const startX = box.x + (box.width * originalValue) / 100;
  const direction = originalValue <= 50 ? 1 : -1;
  const seen = new Set<number>();
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(startX + direction * i * 0.05 * box.width, y, { steps: 2 });
    seen.add(Number(await slider.inputValue()));
  }
  await page.mouse.up();
  seen.delete(originalValue);
  expect(seen.size, `the drag passed through several values: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(
    3,
  );
  const dragged = await changedKpis(page, original, 'the drag changes the KPIs');
  const draggedValue = Number(await slider.inputValue());
  expect(draggedValue).not.toBe(originalValue);

  await undo.click();
  await expectKpis(page, original, 'one Undo restores the exact KPIs from before the drag');
  await expect(slider).toHaveValue(String(originalValue));
  await expect(undo, 'the whole drag was one step').toBeDisabled();

  await redo.click();
  await expectKpis(page, dragged, 'one Redo brings the dragged KPIs back');
  await expect(slider).toHaveValue(String(draggedValue));
  await expect(redo).toBeDisabled();
});

test('undo (zh): “撤销”/“重做” buttons undo and redo a team-capability slider step with exact KPIs', {
  tag: '@zh',
}, async ({ page }) => {
  await openDashboard(page);
  const undo = page.getByRole('button', { name: '撤销', exact: true });
  const redo = page.getByRole('button', { name: '重做', exact: true });
  await expect(undo).toBeDisabled();
  const slider = page.getByRole('slider', { name: '团队能力', exact: true });
  const original = await settledKpis(page);
  const originalValue = await slider.inputValue();
  await slider.focus();
  await slider.press(originalValue === '5' ? 'ArrowLeft' : 'ArrowRight');
  await expect(slider).not.toHaveValue(originalValue);
  const changed = await changedKpis(page, original, 'a team-capability step changes the KPIs');
  const changedValue = await slider.inputValue();

  await undo.click();
  await expectKpis(page, original, '撤销 restores the exact previous KPIs');
  await expect(slider).toHaveValue(originalValue);
  await redo.click();
  await expectKpis(page, changed, '重做 brings the changed KPIs back');
  await expect(slider).toHaveValue(changedValue);
});

test('rejected link: a damaged share link is shown in a read-only, selectable field of the notice and stays in the address bar', async ({
  page,
  baseURL,
}) => {
  const damaged = `./#s=1.${'AAAA'.repeat(12)}`;
  const expected = new URL(damaged, baseURL).href;
  await openDashboard(page, damaged);
  const notice = page.getByRole('alert').filter({ hasText: 'This link could not be opened' });
  await expect(notice).toBeVisible();
  const field = notice.getByRole('textbox', { name: /The link as it was opened/ });
  await expect(field).toBeVisible();
  await expect(field).toHaveValue(expected);
  await expect(field, 'the link field is read-only').not.toBeEditable();
  await expect(page, 'the rejected link stays in the address bar').toHaveURL(expected);
  // Focusing the field selects the whole link, ready to copy.
  await field.focus();
  await expect
    .poll(() =>
      field.evaluate((el) => {
        const input = el as HTMLInputElement;
        return [input.selectionStart, input.selectionEnd];
      }),
    )
    .toEqual([0, expected.length]);
  // The app shows the default scenario meanwhile, and still has not rewritten the address.
  await expectEngineMonthly(page, defaultScenario, 'en');
  await expect(page).toHaveURL(expected);
});
