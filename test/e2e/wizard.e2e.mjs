/**
 * The self-assessment wizard in a real browser, in both languages: walk the four steps (generator,
 * TCO, throughput, the risk questions), check the result names the strategy the engine recommends for
 * the scenario the wizard built, leave for the dashboard and come back to the same result.
 *
 * The scenario is read back from the result's share link (data-testid="wizard-share-link", the app's
 * own link format) and checked against what the steps should have written: the generator's curve
 * (engine generateCurve, the wizard's fixed seed 2024, rounded to 0.1), the throughput × 3,600 and the
 * parameters each answer maps to. The expected recommendation then comes from the engine.
 */
import { tsImport } from 'tsx/esm/api';

const codec = await tsImport('../../src/scenario/url-codec.ts', import.meta.url);

const WIZARD_CURVE_SEED = 2024;

const TEXT = {
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
  },
  'zh-CN': {
    tab: '自测',
    dashboardTab: '仪表盘',
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
  },
};

async function switchToChinese(page) {
  const select = page.getByRole('combobox', { name: /language|语言/i }).first();
  const options = await select
    .locator('option')
    .evaluateAll((os) => os.map((o) => ({ value: o.value, label: o.textContent ?? '' })));
  const zh = options.find((o) => /中文|zh/i.test(o.label) || /zh/i.test(o.value));
  await select.selectOption(zh.value);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
}

function walk(locale) {
  return async ({ page, baseUrl, helpers }) => {
    const { assert, engine, eventually } = helpers;
    const x = TEXT[locale];
    await page.goto(baseUrl);
    await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
    if (locale === 'zh-CN') await switchToChinese(page);

    // Step 1: a generated pulse curve of 40 GPUs on average.
    await page.getByRole('tab', { name: x.tab }).click();
    const wizard = page.locator('#panel-wizard');
    await wizard.getByLabel(x.mean).fill('40');
    await wizard.getByRole('radio', { name: x.pulse }).check();
    await wizard.getByTestId('wizard-curve-verdict').waitFor({ state: 'visible' });
    await helpers.screenshot(page, `wizard-${locale}-1-usage`, { fullPage: true });
    await wizard.getByRole('button', { name: x.next }).click();

    // Step 2: the TCO table, per year and in total.
    await wizard.getByTestId('wizard-tco-table').waitFor({ state: 'visible' });
    assert.match(await wizard.getByTestId('wizard-step-title').textContent(), x.stepTitle);
    await wizard.getByRole('button', { name: x.next }).click();

    // Step 3: 2,500 tokens/s per GPU.
    await wizard.getByLabel(x.throughput).fill('2500');
    await wizard.getByTestId('wizard-units-per-hour').waitFor({ state: 'visible' });
    await wizard.getByRole('button', { name: x.next }).click();

    // Step 4: the three questions and the ops team.
    for (const [question, answer] of Object.entries(x.answers)) {
      await wizard.locator(`[data-question="${question}"]`).getByRole('radio', { name: answer }).check();
    }
    await wizard.getByRole('button', { name: x.finish }).click();

    const result = wizard.getByTestId('wizard-result');
    await result.waitFor({ state: 'visible' });
    await helpers.screenshot(page, `wizard-${locale}-5-result`, { fullPage: true });

    // The scenario the wizard built, from the result's share link.
    const href = await wizard.getByTestId('wizard-share-link').getAttribute('href');
    const decoded = codec.decodeScenarioHash(href);
    assert.ok(decoded.ok, `share link should decode: ${JSON.stringify(decoded)}`);
    const s = decoded.scenario;
    const curve = engine
      .generateCurve('pulse', { weeks: 52, meanGpus: 40, seed: WIZARD_CURVE_SEED })
      .map((g) => Math.round(g * 10) / 10);
    assert.equal(s.demand.mode, 'weekly');
    assert.deepEqual(s.demand.weeklyGpus, curve, 'step 1 should write the pulse curve');
    assert.equal(s.throughput.unitsPerUsefulGpuHour, 2500 * 3600, 'step 3: tokens/s × 3,600');
    assert.equal(s.selfBuild.recovery, 'automatic', 'automatic checkpoint/resume');
    assert.ok(s.operations.checkpointIntervalHours > 0, 'automatic recovery keeps checkpoints');
    assert.equal(
      s.finance.resaleValueDeclineFractionPerYear,
      0.45,
      'poor value retention: high end of the typical range of the resale-value decline',
    );
    assert.equal(s.teamCapability, 2, 'part-time engineers: level 2');
    assert.equal(s.hybrid.baselineGpus, null, 'peak access "usually": the engine picks the baseline');

    const expected = engine.evaluate(s).recommendation;
    assert.equal(await result.getAttribute('data-strategy'), expected.strategy);
    const lead = await result.locator('.wizard-result__lead').textContent();
    assert.ok(lead.includes(x.lead[expected.strategy]), `result should name ${expected.strategy}: "${lead}"`);
    if (expected.strategy === 'hybrid') {
      const split = await result.getByTestId('wizard-result-split').textContent();
      assert.ok(
        split.includes(String(expected.hybridBaselineGpus)),
        `split should show the baseline: "${split}"`,
      );
    }
    const before = await result.textContent();

    // To the dashboard and back: same result, same answers.
    await page.getByRole('tab', { name: x.dashboardTab }).click();
    await page.getByTestId('winner').first().waitFor({ state: 'visible' });
    await page.getByRole('tab', { name: x.tab }).click();
    await eventually(async () => {
      assert.ok(await result.isVisible(), 'the wizard should still show the result');
      assert.equal(await result.textContent(), before);
    });
    await helpers.expectNoSeriousAxeViolations(page, { context: '#panel-wizard' });
  };
}

export const tests = [
  {
    name: 'wizard: four steps in English end in the engine recommendation and survive a trip to the dashboard',
    run: walk('en'),
  },
  {
    name: 'wizard: four steps in Chinese end in the engine recommendation and survive a trip to the dashboard',
    run: walk('zh-CN'),
  },
];
