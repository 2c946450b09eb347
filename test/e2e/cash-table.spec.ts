/**
 * Cash by year in a real browser, checked against the engine's `cashReport` (imported directly):
 * each strategy's NPV cell (data-testid="npv-<strategyId>"), self-build's IRR and discounted payback
 * against each comparator, the amounts in the header's currency (万元 in Chinese; no unit select of its own) and the VAT view, for a named scenario marked
 * modified; and the scenario name ("Scenario name" / "场景名称") round-tripping through a share link.
 */
import type { Page } from '@playwright/test';
import { cashReport, type Scenario, STRATEGY_IDS } from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset, renderDeferred } from './helpers';

/** The five-year large lab, named as a finance lead would, after edits. */
const NAMED: Scenario = {
  ...preset('largeLab'),
  name: '2026 预算：方案 B（混合） (modified)',
  horizonMonths: 60,
};

function numberInPage(page: Page, value: number, locale: string, digits: number): Promise<string> {
  return page.evaluate(
    ([v, l, d]) =>
      new Intl.NumberFormat(l, {
        maximumFractionDigits: d,
        minimumFractionDigits: d,
        signDisplay: 'negative',
      })
        .format(v)
        // One minus sign in the tables (review #68): U+2212, never a hyphen.
        .replace(/^-/, '\u2212'),
    [value, locale, digits] as const,
  );
}

function percentInPage(page: Page, fraction: number, locale: string): Promise<string> {
  return page.evaluate(
    ([v, l]) =>
      new Intl.NumberFormat(l, {
        style: 'percent',
        maximumFractionDigits: 1,
        minimumFractionDigits: 1,
      }).format(v),
    [fraction, locale] as const,
  );
}

async function openCashTable(page: Page, scenario: Scenario): Promise<void> {
  await openDashboard(page, `./#${encodeScenarioHash(scenario)}`);
  await renderDeferred(page);
  await page.getByTestId('cash-table').scrollIntoViewIfNeeded();
}

async function expectNpvCells(
  page: Page,
  scenario: Scenario,
  locale: string,
  divisor: number,
  digits: number,
) {
  const report = cashReport(scenario);
  for (const id of STRATEGY_IDS) {
    const expected = await numberInPage(page, report.strategies[id].npvCny / divisor, locale, digits);
    await expect
      .poll(async () => normalise(await page.getByTestId(`npv-${id}`).textContent()), {
        message: `NPV of ${id}`,
      })
      .toBe(normalise(expected));
  }
}

async function cashCase(
  page: Page,
  locale: 'en' | 'zh-CN',
  labels: { name: string; unit: string; large: string; vat: string; leasing: RegExp },
) {
  await openCashTable(page, NAMED);
  await expect(page.getByRole('textbox', { name: labels.name, exact: true })).toHaveValue(NAMED.name);

  // One money control (the header's currency): no unit select of its own; Chinese tables read in 万元,
  // English ones in whole amounts, and the caption says which.
  await expect(page.getByRole('combobox', { name: labels.unit, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('cash-table').locator('caption')).toContainText(labels.large);
  const divisor = locale === 'zh-CN' ? 10_000 : 1;
  const digits = locale === 'zh-CN' ? 1 : 0;
  await expectNpvCells(page, NAMED, locale, divisor, digits);

  // Self-build against renting servers over five years: a real IRR and a payback month, from the engine.
  const vsRent = cashReport(NAMED).selfBuildVs.rent;
  expect(vsRent.irrFractionPerYear, 'this scenario has an IRR against rent').not.toBeNull();
  expect(vsRent.discountedPaybackMonth, 'and pays back').not.toBeNull();
  await expect(page.getByTestId('irr-rent')).toHaveText(
    normalise(await percentInPage(page, vsRent.irrFractionPerYear ?? 0, locale)),
  );
  await expect(page.getByTestId('discounted-payback-rent')).toContainText(
    String(vsRent.discountedPaybackMonth),
  );
  // Against the platform self-build never pays back here: said in words.
  const vsPlatform = cashReport(NAMED).selfBuildVs.platform;
  expect(vsPlatform.discountedPaybackMonth).toBeNull();
  await expect(page.getByTestId('discounted-payback-platform')).toHaveText(
    locale === 'zh-CN' ? /无法回本/ : /Never within/,
  );

  // The VAT view: on, amounts are net of deductible VAT; the table says so, the NPVs follow the engine.
  await page.getByRole('checkbox', { name: labels.vat }).check();
  const withVat: Scenario = { ...NAMED, vat: { ...NAMED.vat, enabled: true } };
  await expectNpvCells(page, withVat, locale, divisor, digits);
  await expect(page.getByTestId('vat-state')).toContainText(locale === 'zh-CN' ? '不含税' : 'net of VAT');

  // Renting whole servers invoiced as a cloud service: the leasing rate typed as 6 % restates rent's
  // bills at 6 % (÷ 1.06, was ÷ 1.13), and the table follows the engine.
  await page.getByRole('textbox', { name: labels.leasing }).fill('6');
  const leasingAt6: Scenario = { ...withVat, vat: { ...withVat.vat, leasingRateFraction: 0.06 } };
  expect(cashReport(leasingAt6).strategies.rent.npvCny).toBeGreaterThan(
    cashReport(withVat).strategies.rent.npvCny,
  );
  await expectNpvCells(page, leasingAt6, locale, divisor, digits);
  await expect(page.getByTestId('vat-state')).toContainText(
    locale === 'zh-CN' ? '整机租赁与维修 6%' : 'server rental and repairs 6%',
  );
}

test('cash by year: NPV cells, IRR and payback vs each comparator, no unit select of its own, and VAT view follow the engine for a named, modified scenario', async ({
  page,
}) => {
  await cashCase(page, 'en', {
    name: 'Scenario name',
    unit: 'Amounts in',
    large: 'CNY',
    vat: 'Show amounts with the VAT view',
    leasing: /renting whole servers and repairs/,
  });
});

test('按年现金流：命名并已修改的场景，成本现值、内部收益率、回收期、万元单位与增值税口径均与引擎一致', {
  tag: '@zh',
}, async ({ page }) => {
  await cashCase(page, 'zh-CN', {
    name: '场景名称',
    unit: '金额单位',
    large: '万元',
    vat: '按增值税口径列示金额',
    leasing: /整机租赁、维修增值税率/,
  });
});

test('the scenario name round-trips through a share link: renamed in the header, reopened from the address in a new page', async ({
  page,
  context,
}) => {
  await openDashboard(page);
  const field = page.getByRole('textbox', { name: 'Scenario name', exact: true });
  await field.fill('Budget 2026: plan B');
  await field.blur();
  // The address bar carries the scenario (after a short pause).
  await expect.poll(() => page.url()).toMatch(/#s=2\./);
  await expect
    .poll(async () => {
      const hash = new URL(page.url()).hash.slice(1);
      const { decodeScenarioHash } = await import('../../src/scenario/url-codec.ts');
      const decoded = decodeScenarioHash(hash);
      return decoded.ok ? decoded.scenario.name : null;
    })
    .toBe('Budget 2026: plan B');
  const reopened = await context.newPage();
  await openDashboard(reopened, page.url());
  await expect(reopened.getByRole('textbox', { name: 'Scenario name', exact: true })).toHaveValue(
    'Budget 2026: plan B',
  );
});
