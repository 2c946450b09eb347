/**
 * One market for cost and deadlines in a real browser (docs/model.md §10): the steady lab's winner
 * needs more GPUs at once than its preset can get on demand, and the page says so under the verdict
 * with the engine's figures, in both languages and on the PDF's page 1; typing a market that holds
 * the busiest week (the assumption, found by its name) lifts the caution, and one undo step returns it;
 * a number out of range is refused beside the field with nothing changed.
 */
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { evaluate, ladderPlan, type Scenario } from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { encodeFullScenarioHash } from '../../src/scenario/url-codec.ts';
import { exportFile, pageText } from './export-helpers';
import { expect, test } from './fixtures';
import { normalise, openDashboard, preset } from './helpers';
import { expectedSentence } from './ladder-words';

const LABEL = {
  en: 'GPUs you can get on demand (rent or platform)',
  zh: '可按需获得的 GPU 数（整机租用或智算平台）',
};

function withMarket(s: Scenario, onDemandGpus: number): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus } };
}

/** The winner's draw as the engine gives it: whole GPUs in the busiest week, and the share waiting. */
function winnerDraw(s: Scenario) {
  const e = evaluate(s);
  const use = e.market.ways[e.recommendation.strategy];
  if (!use) throw new Error('the winner takes nothing from the market');
  return {
    peak: Math.ceil(use.peakGpus - 1e-9),
    share: `${(use.beyondShare * 100).toFixed(1)}%`,
    fits: use.fits,
  };
}

/** A formula cell's cached result, or the cell's value. */
const result = (v: unknown) => (v && typeof v === 'object' && 'result' in v ? v.result : v);

/** The Summary's market block of an exported workbook: its header row and each way's row. */
async function summaryMarket(xlsx: { path: string }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(xlsx.path);
  const summary = wb.getWorksheet('Summary');
  let title = 0;
  summary?.eachRow((r, n) => {
    if (r.getCell(1).value === 'On-demand market' && title === 0) title = n;
  });
  expect(title).toBeGreaterThan(0);
  const ways = ['selfBuild', 'rent', 'platform', 'hybrid'];
  return {
    header: summary?.getRow(title),
    row: (id: string) => summary?.getRow(title + 1 + ways.indexOf(id)),
  };
}

async function findMarketField(page: Page, label: string): Promise<void> {
  await page.getByRole('link', { name: /^(Assumptions|假设)$/ }).click();
  await page.getByTestId('assumption-search').fill(label);
  await expect(page.getByLabel(label, { exact: true })).toBeVisible();
}

test('the steady lab’s winner needs more GPUs at once than the market has; a market that holds them lifts the caution; undo returns it', async ({
  page,
}) => {
  const s = preset('steadyLab');
  // The preset's market is its default: half the GPUs renting all the work holds in the busiest week
  // (H800s, discontinued), 707.4 ÷ 2 = 353.7, up to whole 8-GPU servers (test/engine/market-default).
  const rentPeak = evaluate(s).market.ways.rent?.peakGpus ?? Number.NaN;
  const market = Math.ceil(rentPeak / 2 / 8) * 8;
  expect(s.trainingPlan.onDemandGpus).toBe(market);
  const draw = winnerDraw(s);
  expect(draw.fits).toBe(false);
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  const caveat = page.getByTestId('market-caveat');
  await expect(caveat).toContainText(
    `would need up to ${draw.peak.toLocaleString('en')} GPUs at once in its busiest week, and ${market} can be had on demand: ${draw.share} of its work would wait`,
  );
  // The ladder's plan, the cheaper answer here, holds by the hour only the peak above its reservation.
  const ladderPeak = Math.ceil(ladderPlan(s).market.peakGpus - 1e-9);
  expect(ladderPeak).toBeLessThanOrEqual(market);
  await expect(page.getByTestId('ladder-verdict-market')).toHaveText(
    `Its by-the-hour part holds at most ${ladderPeak} GPUs at once, within the ${market} one can get on demand.`,
  );
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  await expect(page.getByTestId('market-ways')).toContainText(
    `GPUs you can get on demand (an assumption, listed with rent): ${market}.`,
  );

  await findMarketField(page, LABEL.en);
  const field = page.getByLabel(LABEL.en, { exact: true });
  await expect(field).toHaveValue(String(market));
  // The hint says how the default is made, with the engine's figures; at the default, no button.
  await expect(field).toHaveAccessibleDescription(
    new RegExp(
      `Default for this scenario: ${market} GPUs — 50% of the ${Math.round(rentPeak)} GPUs renting all the work would hold in its busiest week, rounded up to whole servers, and at least 256 \\(the rented GPU’s availability: discontinued, existing fleets only\\)\\.`,
    ),
  );
  const useDefault = page.getByTestId('on-demand-default');
  await expect(useDefault).toHaveCount(0);
  // The market serves whole jobs: the busiest week's GPUs rounded up to whole jobs of the lab's size.
  const wide = Math.ceil(draw.peak / s.demand.gpusPerJob) * s.demand.gpusPerJob;
  await field.fill(String(wide));
  await expect(caveat).toHaveCount(0);
  await expect(page.getByTestId('market-ways')).toHaveAttribute('data-on-demand-gpus', String(wide));
  expect(winnerDraw(withMarket(s, wide)).fits).toBe(true);
  await expect(useDefault).toHaveText(`Use the default (${market})`);

  // Out of range: refused beside the field (its description), nothing changed.
  await field.fill('2000000');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Must be between 0 and 1,000,000\. Not applied\./);
  await expect(page.getByTestId('market-ways')).toHaveAttribute('data-on-demand-gpus', String(wide));

  // One undo step back to the default (from the field itself: the search box's keys undo its own text).
  await field.fill(String(wide));
  await field.blur();
  await page.keyboard.press('Control+z');
  await expect(caveat).toBeVisible();
  await expect(field).toHaveValue(String(market));
  await expect(useDefault).toHaveCount(0);

  // Typed again, then the button: back to the default through the one door, and one undo step.
  await field.fill(String(wide));
  await expect(caveat).toHaveCount(0);
  await useDefault.click();
  await expect(field).toHaveValue(String(market));
  await expect(caveat).toBeVisible();
  await expect(page.getByTestId('market-ways')).toHaveAttribute('data-on-demand-gpus', String(market));
  await page.keyboard.press('Control+z');
  await expect(field).toHaveValue(String(wide));
  await expect(caveat).toHaveCount(0);
});

test('the seed example’s team holds about 5 GPUs at its busiest: its default is the floor, 256, and the hint says so', async ({
  page,
}) => {
  const s = preset('seedTeam');
  // 20 jobs × 24 h × 8 GPUs × 50 % useful a month, a flat week, held at 50 %: 1,920 ÷ 730 ÷ 0.5 = 5.26.
  const rentPeak = 1920 / 730 / 0.5;
  expect(evaluate(s).market.ways.rent?.peakGpus).toBeCloseTo(rentPeak, 9);
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await findMarketField(page, LABEL.en);
  const field = page.getByLabel(LABEL.en, { exact: true });
  await expect(field).toHaveValue('256');
  await expect(field).toHaveAccessibleDescription(
    /Default for this scenario: 256 GPUs — 50% of the 5 GPUs renting all the work would hold in its busiest week, rounded up to whole servers, and at least 256 /,
  );
  await expect(page.getByTestId('on-demand-default')).toHaveCount(0);
});

test('Chinese: the caution names the GPUs in the busiest week and the GPUs one can get, and the hint its default @zh', async ({
  page,
}) => {
  const s = preset('steadyLab');
  const market = s.trainingPlan.onDemandGpus;
  const rentPeak = Math.round(evaluate(s).market.ways.rent?.peakGpus ?? Number.NaN);
  const draw = winnerDraw(s);
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await expect(page.getByTestId('market-caveat')).toContainText(
    normalise(
      `最多需要同时使用 ${draw.peak} 张 GPU，而按需可得 ${market} 张：其 ${draw.share} 的工作量将等待这些 GPU`,
    ),
  );
  await findMarketField(page, LABEL.zh);
  const field = page.getByLabel(LABEL.zh, { exact: true });
  await expect(field).toHaveValue(String(market));
  await expect(field).toHaveAccessibleDescription(
    new RegExp(
      `本场景的默认值为 ${market} 张：若全部工作量都整机租用，最忙一周需占用 ${rentPeak} 张 GPU；按租用 GPU 的供货情况（已停产，仅存量机群）取其 50%，向上取整到整台服务器，且不少于 256 张。`,
    ),
  );
});

test('the PDF’s page 1 says the caution under the verdict; the workbook’s Summary holds the market as formulas', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const s = preset('steadyLab');
  const draw = winnerDraw(s);
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await expect(page.getByTestId('market-caveat')).toBeVisible();
  const pdf = await exportFile(page, 'pdf', 'en');
  const page1 = normalise(await pageText(pdf.path, 1));
  expect(page1).toContain(
    normalise(
      `would need up to ${draw.peak} GPUs at once in its busiest week, and ${s.trainingPlan.onDemandGpus} can be had on demand`,
    ),
  );

  const { row } = await summaryMarket(await exportFile(page, 'xlsx', 'en'));
  const e = evaluate(s);
  const platform = row('platform');
  expect(result(platform?.getCell(2).value)).toBe(draw.peak);
  expect(result(platform?.getCell(3).value)).toBeCloseTo(
    e.market.ways.platform?.beyondShare ?? Number.NaN,
    9,
  );
  // A formula, so the figure follows the Inputs sheet's market.
  expect(platform?.getCell(3).formula ?? '').not.toBe('');
});

test('a market of 40 GPUs: the ladder reserves more on the platform, its sentence and rungs are the engine’s, and the reservation keeps it within the market', async ({
  page,
}) => {
  // The platform's reservation the only commitment on: without it nothing could keep the plan within 40
  // (one of the lab's 32-GPU jobs at once).
  const lab = preset('steadyLab');
  const tiers = { ...lab.ladder.tiers, own: false, reserved3y: false, reserved1y: false, monthly: false };
  const s = withMarket({ ...lab, ladder: { ...lab.ladder, tiers } }, 40);
  const plan = ladderPlan(s);
  const open = ladderPlan(withMarket(s, lab.trainingPlan.onDemandGpus));
  const reserved = (p: typeof plan) => p.pricing.bands.reduce((n, b) => n + b.gpus, 0);
  // The engine commits more than with the preset's own market and holds at most one job by the hour.
  expect(reserved(plan)).toBeGreaterThan(reserved(open));
  expect(plan.market.peakGpus).toBeLessThanOrEqual(32 + 1e-9);
  const keeping = plan.rungs.filter((r) => r.keepsWithinMarket).map((r) => r.id);
  expect(keeping).toContain('platformReserved');

  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  const peak = Math.ceil(plan.market.peakGpus - 1e-9);
  await expect(page.getByTestId('ladder-verdict-market')).toHaveText(
    `Its by-the-hour part holds at most ${peak} GPUs at once, within the 40 one can get on demand.`,
  );
  await page.getByRole('heading', { name: 'Every way to commit', exact: true }).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => normalise(await page.getByTestId('ladder-plan').textContent()))
    .toBe(normalise(await expectedSentence(page, plan, 'en')));
  if ((await page.locator('details.ladder__details[open]').count()) === 0)
    await page.getByTestId('ladder').locator('summary').filter({ hasText: 'Details' }).click();
  for (const id of keeping)
    await expect(page.getByTestId(`ladder-rung-${id}`)).toContainText(
      'keeps the plan within the GPUs one can get on demand',
    );
});

/** The steady lab with renting and the platform three times dearer: the hybrid on its own cluster wins. */
function dearLab(): Scenario {
  const lab = preset('steadyLab');
  return {
    ...lab,
    rent: { ...lab.rent, priceCnyPerServerHour: lab.rent.priceCnyPerServerHour * 3 },
    platform: { ...lab.platform, priceCnyPerGpuHour: lab.platform.priceCnyPerGpuHour * 3 },
  };
}

/** The winner's build months as the engine gives them: whole GPUs at once, the share waiting. */
function buildDraw(s: Scenario) {
  const e = evaluate(s);
  const lead = e.market.ways[e.recommendation.strategy]?.buildLeadTime;
  if (!lead) throw new Error('the winner has no build months');
  return {
    winner: e.recommendation.strategy,
    months: lead.months,
    peak: Math.ceil(lead.peakGpus - 1e-9),
    share: `${(lead.beyondShare * 100).toFixed(1)}%`,
    fits: lead.fits,
  };
}

test('a way that builds its cluster wins: the verdict, the details and the PDF’s page 1 say its build months need more than the market has', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const s = dearLab();
  const draw = buildDraw(s);
  expect(draw).toMatchObject({ winner: 'hybrid', months: 4, fits: false });
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  const market = s.trainingPlan.onDemandGpus;
  const sentence = `While its cluster is built (4 months), Hybrid buys its work by the hour and would need up to ${draw.peak} GPUs at once for it, and ${market} can be had on demand: ${draw.share} of that work would wait for them.`;
  const caveat = page.getByTestId('market-caveat');
  await expect(caveat).toContainText(sentence);
  await expect(caveat).toHaveAttribute(
    'data-build-peak-gpus',
    String(evaluate(s).market.ways.hybrid?.buildLeadTime?.peakGpus),
  );
  // The ladder owns its base too: its line says what the build months buy by the hour.
  const ladderLead = ladderPlan(s).market.buildLeadTime;
  expect(ladderLead?.withinMarket).toBe(false);
  await expect(page.getByTestId('ladder-verdict-market')).toContainText(
    `While its own cluster is built (4 months), that work is bought by the hour too: up to ${Math.ceil((ladderLead?.peakGpus ?? Number.NaN) - 1e-9)} GPUs at once, more than the ${market} one can get on demand.`,
  );
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const own = evaluate(s).market.ways.selfBuild?.buildLeadTime;
  const selfBuild = {
    peak: Math.ceil((own?.peakGpus ?? Number.NaN) - 1e-9),
    share: `${((own?.beyondShare ?? Number.NaN) * 100).toFixed(1)}%`,
  };
  await expect(page.getByTestId('market-ways')).toContainText(
    `Self-build needs ${selfBuild.peak} while its cluster is built (4 months; ${selfBuild.share} of that work waits)`,
  );
  const pdf = await exportFile(page, 'pdf', 'en');
  expect(normalise(await pageText(pdf.path, 1))).toContain(normalise(sentence));

  // The workbook's Summary: the build months beside the running draw, by formula.
  const { header, row } = await summaryMarket(await exportFile(page, 'xlsx', 'en'));
  expect(header?.getCell(4).value).toBe('While its cluster is built: GPUs at once');
  const hybrid = row('hybrid');
  expect(result(hybrid?.getCell(4).value)).toBe(draw.peak);
  expect(result(hybrid?.getCell(5).value)).toBeCloseTo(
    evaluate(s).market.ways.hybrid?.buildLeadTime?.beyondShare ?? Number.NaN,
    9,
  );
  expect(hybrid?.getCell(5).formula ?? '').not.toBe('');
});

test('a v16 link whose ladder capped servers below its market opens with that cap as the market, and says so', async ({
  page,
}) => {
  // The steady lab as schema v16 stored it, its ladder's own cap on servers on demand at 64 GPUs.
  const lab = preset('steadyLab');
  const v16 = { ...lab, schemaVersion: 16, ladder: { ...lab.ladder, onDemandCapGpus: 64 } };
  await openDashboard(page, `./#${encodeFullScenarioHash(v16 as unknown as Scenario)}`);
  const notice = page.getByRole('status').filter({ hasText: 'Opened from an earlier version of the app' });
  await expect(notice).toContainText('The two are now one assumption, set to that cap');
  const draw = winnerDraw(withMarket(lab, 64));
  await expect(page.getByTestId('market-caveat')).toContainText(
    `would need up to ${draw.peak.toLocaleString('en')} GPUs at once in its busiest week, and 64 can be had on demand: ${draw.share} of its work would wait`,
  );
  await findMarketField(page, LABEL.en);
  await expect(page.getByLabel(LABEL.en, { exact: true })).toHaveValue('64');
});

test('Chinese: the build months under the verdict @zh', async ({ page }) => {
  const s = dearLab();
  const draw = buildDraw(s);
  await openDashboard(page, `./#${encodeScenarioHash(s)}`);
  await expect(page.getByTestId('market-caveat')).toContainText(
    normalise(
      `集群建设期间（4 个月），混合按小时购买算力，最多需要同时使用 ${draw.peak} 张 GPU，而按需可得 ${s.trainingPlan.onDemandGpus} 张：这期间 ${draw.share} 的工作量将等待这些 GPU。`,
    ),
  );
});
