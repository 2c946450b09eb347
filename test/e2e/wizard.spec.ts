/**
 * The self-assessment wizard in a real browser, in both languages: walk the four steps (generator,
 * TCO, throughput, the risk questions), check the result names the strategy the engine recommends for
 * the scenario the wizard built, leave for the dashboard and come back to the same result. The
 * Chinese walk runs in the zh-desktop project (browser language zh-CN, so the app opens in Chinese).
 *
 * The scenario is read back from the result's share link (data-testid="wizard-share-link", the app's
 * own link format) and checked against what the steps should have written: the generator's curve
 * (engine generateCurve, the wizard's fixed seed 2024, rounded to 0.1), the throughput × 3,600 and the
 * parameters each answer maps to. The expected recommendation then comes from the engine.
 */
import type { Page } from '@playwright/test';
import { generateCurve } from '../../src/engine/demand-generators.ts';
import {
  defaultScenario,
  evaluate,
  type StrategyId,
  sizingAdvice,
  utilizationCheck,
  withCurve,
  withThroughput,
} from '../../src/engine/index.ts';
import { decodeScenarioHash } from '../../src/scenario/url-codec.ts';
import type { AxeViolation } from './fixtures';
import { expect, test } from './fixtures';

const WIZARD_CURVE_SEED = 2024;

type Locale = 'en' | 'zh-CN';

interface WizardText {
  tab: string;
  dashboardTab: string;
  pulse: RegExp;
  mean: string;
  next: string;
  finish: string;
  throughput: string;
  answers: Record<'peakAccess' | 'recovery' | 'refresh' | 'opsTeam', string>;
  lead: Record<StrategyId, string>;
  stepTitle: RegExp;
  /** Step 3's check names the load the cluster can reach, never a bare "threshold". */
  reachable: string;
  usualTarget: string;
  /** The hybrid offered by the result, when the engine optimised its baseline. */
  cheapestHybrid: RegExp;
}

const TEXT: Record<Locale, WizardText> = {
  en: {
    tab: 'Self-assessment',
    dashboardTab: 'Dashboard',
    pulse: /Pulse/,
    mean: 'Average GPUs busy',
    next: 'Next',
    finish: 'See the result',
    throughput: 'Measured throughput per GPU',
    answers: {
      peakAccess: 'Usually, with short waits',
      recovery: 'Automatic checkpoint and resume',
      refresh: 'Poorly: it falls behind fast',
      opsTeam: 'Part-time engineers',
    },
    lead: { selfBuild: 'Self-build', rent: 'Rent', platform: 'Platform', hybrid: 'Hybrid' },
    stepTitle: /Step 2 of 4/,
    reachable: 'your cluster can reach',
    usualTarget: 'The usual 60% target is beyond it',
    cheapestHybrid: /^The (cheapest )?hybrid (is the cheapest one|keeps)/,
  },
  'zh-CN': {
    tab: '自测',
    dashboardTab: '看板',
    pulse: /脉冲/,
    mean: '平均在用卡数',
    next: '下一步',
    finish: '查看结论',
    throughput: '实测每卡吞吐量',
    answers: {
      peakAccess: '通常可以，偶尔短暂等待',
      recovery: '自动检查点与断点续训',
      refresh: '差：很快落后',
      opsTeam: '兼职工程师',
    },
    lead: { selfBuild: '自建', rent: '租用', platform: '智算平台', hybrid: '混合' },
    stepTitle: /第 2 步/,
    reachable: '利用率上限',
    usualTarget: '常用的 60% 目标超出其能力',
    cheapestHybrid: /^(这里的混合方案是成本最低的一种|成本最低的混合方案)/,
  },
};

async function walk(
  page: Page,
  locale: Locale,
  shot: string,
  saveScreenshot: (page: Page, name: string, options?: { fullPage?: boolean }) => Promise<string>,
  axe: (page: Page, options?: { include?: string }) => Promise<AxeViolation[]>,
) {
  const x = TEXT[locale];
  await page.goto('./');
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
  // The project's browser language decides the app's language (zh-desktop for Chinese).
  await expect(async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
  }).toPass();

  // Step 1: a generated pulse curve of 40 GPUs on average.
  await page.getByRole('tab', { name: x.tab }).click();
  const wizard = page.locator('#panel-wizard');
  await wizard.getByLabel(x.mean).fill('40');
  await wizard.getByRole('radio', { name: x.pulse }).check();
  await wizard.getByTestId('wizard-curve-verdict').waitFor({ state: 'visible' });
  await saveScreenshot(page, `wizard-${shot}-1-usage`, { fullPage: true });
  await wizard.getByRole('button', { name: x.next }).click();

  // Step 2: the TCO table, per year and in total.
  await wizard.getByTestId('wizard-tco-table').waitFor({ state: 'visible' });
  expect(await wizard.getByTestId('wizard-step-title').textContent()).toMatch(x.stepTitle);
  await wizard.getByRole('button', { name: x.next }).click();

  // Step 3: 2,500 tokens/s per GPU.
  await wizard.getByLabel(x.throughput).fill('2500');
  await wizard.getByTestId('wizard-units-per-hour').waitFor({ state: 'visible' });
  // The check and the sizing advice are the engine's for the scenario steps 1 and 3 wrote: the
  // reachable load (60 % only where the cluster reaches it) and the two sizes' advice.
  const curve = generateCurve('pulse', { weeks: 52, meanGpus: 40, seed: WIZARD_CURVE_SEED }).map(
    (g) => Math.round(g * 10) / 10,
  );
  const atStep3 = withThroughput(2500 * 3600, '')(withCurve(curve, true)(defaultScenario));
  const e3 = evaluate(atStep3);
  const check = utilizationCheck(atStep3, e3);
  const checkText = (await wizard.getByTestId('wizard-utilization-check').textContent()) ?? '';
  expect(checkText).toContain(x.reachable);
  expect(checkText).toContain(`${Math.round(check.reachable.value * 100)}%`);
  if (check.target.basis === 'reachable') expect(checkText).toContain(x.usualTarget);
  expect(checkText).not.toMatch(/threshold|门槛/);
  await expect(wizard.getByTestId('wizard-sizing')).toHaveAttribute(
    'data-kind',
    sizingAdvice(atStep3, e3).kind,
  );
  await saveScreenshot(page, `wizard-${shot}-3-utilization`, { fullPage: true });
  await wizard.getByRole('button', { name: x.next }).click();

  // Step 4: the three questions and the ops team.
  for (const [question, answer] of Object.entries(x.answers)) {
    await wizard.locator(`[data-question="${question}"]`).getByRole('radio', { name: answer }).check();
  }
  await wizard.getByRole('button', { name: x.finish }).click();

  const result = wizard.getByTestId('wizard-result');
  await result.waitFor({ state: 'visible' });
  await saveScreenshot(page, `wizard-${shot}-5-result`, { fullPage: true });

  // The scenario the wizard built, from the result's share link.
  const href = await wizard.getByTestId('wizard-share-link').getAttribute('href');
  const decoded = decodeScenarioHash(href ?? '');
  if (!decoded.ok) throw new Error(`share link should decode: ${JSON.stringify(decoded)}`);
  const s = decoded.scenario;
  expect(s.demand.mode).toBe('weekly');
  expect(s.demand.weeklyGpus, 'step 1 should write the pulse curve').toEqual(curve);
  expect(s.throughput.unitsPerUsefulGpuHour, 'step 3: tokens/s × 3,600').toBe(2500 * 3600);
  expect(s.selfBuild.recovery, 'automatic checkpoint/resume').toBe('automatic');
  expect(s.operations.checkpointIntervalHours, 'automatic recovery keeps checkpoints').toBeGreaterThan(0);
  expect(
    s.finance.resaleValueDeclineFractionPerYear,
    'poor value retention: high end of the typical range of the resale-value decline',
  ).toBe(0.45);
  expect(s.teamCapability, 'part-time engineers: level 2').toBe(2);
  expect(s.hybrid.baselineGpus, 'peak access "usually": the engine picks the baseline').toBeNull();

  const expected = evaluate(s).recommendation;
  expect(await result.getAttribute('data-strategy')).toBe(expected.strategy);
  const lead = (await result.locator('.wizard-result__lead').textContent()) ?? '';
  expect(lead.includes(x.lead[expected.strategy]), `result should name ${expected.strategy}: "${lead}"`).toBe(
    true,
  );
  if (expected.strategy === 'hybrid') {
    const split = (await result.getByTestId('wizard-result-split').textContent()) ?? '';
    expect(
      split.includes(String(expected.hybridBaselineGpus)),
      `split should show the baseline: "${split}"`,
    ).toBe(true);
  }
  // The hybrid offered is the engine's best (no baseline pinned), and says so; no tie reads "0.0 %".
  const offer = result.getByTestId('wizard-hybrid-offer');
  await expect(offer).toHaveAttribute('data-pinned', 'false');
  expect((await offer.textContent()) ?? '').toMatch(x.cheapestHybrid);
  expect((await result.getByTestId('wizard-result-ranking').textContent()) ?? '').not.toContain('+0.0%');
  const before = await result.textContent();

  // To the dashboard and back: same result, same answers.
  await page.getByRole('tab', { name: x.dashboardTab }).click();
  await page.getByTestId('winner').first().waitFor({ state: 'visible' });
  await page.getByRole('tab', { name: x.tab }).click();
  await expect(async () => {
    expect(await result.isVisible(), 'the wizard should still show the result').toBe(true);
    expect(await result.textContent()).toBe(before);
  }).toPass();
  await axe(page, { include: '#panel-wizard' });
}

test('wizard: four steps in English end in the engine recommendation and survive a trip to the dashboard', async ({
  page,
  saveScreenshot,
  axe,
}) => {
  await walk(page, 'en', 'en', saveScreenshot, axe);
});

test('wizard: four steps on a phone end in the engine recommendation', { tag: '@phone' }, async ({
  page,
  saveScreenshot,
  axe,
}) => {
  await walk(page, 'en', 'phone', saveScreenshot, axe);
});

test('wizard: four steps in Chinese end in the engine recommendation and survive a trip to the dashboard', {
  tag: '@zh',
}, async ({ page, saveScreenshot, axe }) => {
  await walk(page, 'zh-CN', 'zh-CN', saveScreenshot, axe);
});
