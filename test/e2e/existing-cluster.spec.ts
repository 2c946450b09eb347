/**
 * A cluster already owned in a real browser (docs/model.md §10 "The marginal lens"), every expected
 * figure from the engine: the preset "We already own 512 H800s" names the ways by what they do with
 * the cluster and shows the engine's monthly figures in both languages; switching the lens moves every
 * way by the same amount (the write-off) and leaves the verdict; one undo step returns; a typed number
 * out of range is refused with the field named and nothing changed; a link carries the cluster exactly.
 */
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { evaluate, type Scenario, STRATEGY_IDS, type StrategyId } from '../../src/engine/index.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { exportFile, pageText, pdfText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';
import { monthlyTexts, shownMonthly } from './monthly-figures';

const owned = (): Scenario => preset('ownedH800s');

/** The ways' names with a cluster owned and an owned hybrid baseline, as the page says them. */
const NAMES: Record<'en' | 'zh-CN', Record<StrategyId, string>> = {
  en: {
    selfBuild: 'Keep (and add)',
    rent: 'Sell and rent',
    platform: 'Sell and pool',
    hybrid: 'Keep and burst',
  },
  'zh-CN': {
    selfBuild: '保留（按需扩容）',
    rent: '出售后租用',
    platform: '出售后用智算平台',
    hybrid: '保留并以平台弹性补充',
  },
};

function withLens(s: Scenario, lens: Scenario['finance']['lens']): Scenario {
  return { ...s, finance: { ...s.finance, lens } };
}

/** The self-build assumptions' cluster fields, found as a reader would: the section, then its search. */
async function findFields(page: Page, label: string): Promise<void> {
  await page.getByRole('link', { name: /^(Assumptions|假设)$/ }).click();
  await page.getByTestId('assumption-search').fill(label);
  await expect(page.getByLabel(label, { exact: true })).toBeVisible();
}

test('the preset names the ways by what they do with the cluster; the lens moves every way by the write-off alone; undo returns', async ({
  page,
}) => {
  await openDashboard(page);
  await page.getByRole('combobox', { name: 'Preset' }).selectOption('ownedH800s');
  const s = owned();
  const marginal = evaluate(s);
  await expect(page.getByTestId('winner')).toHaveText(NAMES.en[marginal.recommendation.strategy]);
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'en'));
  // The cards too: self-build keeps the 512 GPUs owned and adds servers; rent and the platform sell them.
  await expect(page.getByRole('heading', { name: 'Keep (and add)', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sell and rent', exact: true })).toBeVisible();

  await findFields(page, 'Servers already owned');
  await expect(page.getByLabel('Servers already owned', { exact: true })).toHaveValue('64');
  const money = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
  const ex = marginal.existing!;
  await expect(page.getByTestId('existing-values')).toContainText(
    normalise(
      `Book value today ${formatMoney(ex.bookNowCny, money)}; it would fetch ${formatMoney(ex.marketNowCny, money)} if sold in month 1`,
    ),
  );

  await page.getByLabel(/^Full cost/).check();
  const full = evaluate(withLens(s, 'full'));
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(withLens(s, 'full'), 'en'));
  // Every way moved by the same amount: the write-off over the horizon and its capital charge.
  const moved = STRATEGY_IDS.map((id) => full.strategies[id].monthlyCny - marginal.strategies[id].monthlyCny);
  for (const m of moved) expect(m).toBeCloseTo(moved[0] ?? 0, 4);
  expect(moved[0]).toBeGreaterThan(0);
  await expect(page.getByTestId('winner')).toHaveText(NAMES.en[full.recommendation.strategy]);
  expect(full.recommendation.strategy).toBe(marginal.recommendation.strategy);

  // The lens is one undo step (from the radio: in the search box the keys undo its text).
  await page.getByLabel(/^Full cost/).focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('existing-lens')).toHaveAttribute('data-lens', 'marginal');
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'en'));

  // A typed age beyond the field's range is refused, named, and nothing moves.
  const age = page.getByLabel('Age at month 1, in months', { exact: true });
  await age.fill('150');
  await expect(page.getByRole('alert').filter({ hasText: 'between 0 and 120' })).toBeVisible();
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'en'));
  // A typed number applies as the engine prices it.
  await age.fill('36');
  const older: Scenario = { ...s, existing: { ...s.existing!, ageMonths: 36 } };
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(older, 'en'));
});

test('@zh in Chinese: the ways named by what they do with the cluster, the details saying the lens and its values', async ({
  page,
}) => {
  const s = owned();
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  const e = evaluate(s);
  await expect(page.getByTestId('winner')).toHaveText(NAMES['zh-CN'][e.recommendation.strategy]);
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'zh-CN'));
  await page.getByRole('button', { name: '详情' }).click();
  const money = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 } as const;
  await expect(page.getByTestId('existing-summary')).toContainText(
    normalise(
      `已有 512 卡（64 台，已使用 24 个月），边际口径。账面价值 ${formatMoney(e.existing!.bookNowCny, money)}`,
    ),
  );
});

test('a link carries the cluster and its lens exactly: the fields and the figures are the engine’s', async ({
  page,
}) => {
  const s: Scenario = {
    ...withLens(owned(), 'full'),
    existing: { servers: 40, ageMonths: 30, pricePaidCnyPerServer: 2_450_000 },
  };
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'en'));
  await findFields(page, 'Servers already owned');
  await expect(page.getByLabel('Servers already owned', { exact: true })).toHaveValue('40');
  await expect(page.getByLabel('Age at month 1, in months', { exact: true })).toHaveValue('30');
  await expect(page.getByLabel('Price paid per server (CNY)', { exact: true })).toHaveValue('2,450,000');
  await expect(page.getByTestId('existing-lens')).toHaveAttribute('data-lens', 'full');
});

test('the PDF’s page 1, its reconciliation and the workbook say the cluster owned and name the ways by it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const s = owned();
  const e = evaluate(s);
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await expect.poll(() => shownMonthly(page)).toEqual(monthlyTexts(s, 'en'));
  const money = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
  const pdf = await exportFile(page, 'pdf', 'en');
  const page1 = normalise(await pageText(pdf.path, 1));
  expect(page1).toContain(`${NAMES.en[e.recommendation.strategy]} is `);
  expect(page1).toContain('A cluster we already own');
  expect(page1).toContain(normalise(`Book value ${formatMoney(e.existing!.bookNowCny, money)}`));
  expect(page1).toContain(normalise(`a loss on disposal of ${formatMoney(e.existing!.writeOffCny, money)}`));
  expect((await pdfText(pdf.path)).text).toContain(
    normalise(
      `The cost also counts the cluster already owned at ${formatMoney(e.existing!.marketNowCny, money)}`,
    ),
  );

  const xlsx = await exportFile(page, 'xlsx', 'en');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx.path);
  const texts = (name: string) => {
    const out: string[] = [];
    wb.getWorksheet(name)?.eachRow((row) => {
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        if (typeof v === 'string') out.push(v);
        else if (v && typeof v === 'object' && 'result' in v && typeof v.result === 'string')
          out.push(v.result);
      });
    });
    return out.join(' ');
  };
  expect(texts('Inputs')).toContain('Servers already owned');
  expect(texts('Summary')).toContain(`${NAMES.en[e.recommendation.strategy]} is `);
});
