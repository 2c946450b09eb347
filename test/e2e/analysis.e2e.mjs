/**
 * The uncertainty and sensitivity section in a real browser: the analysis worker runs (module worker
 * under the app's CSP), reports progress and its results match the engine run in Node.
 *
 * Hooks: data-testid="mc-progress" (role progressbar, aria-valuenow 0–100), "p-cheapest-<id>" with
 * data-percent (the whole percent shown, largest-remainder rounded so they sum to 100),
 * "tornado-row" rows with data-path, in the order shown.
 */

const STRATEGY_IDS = ['selfBuild', 'rent', 'platform', 'hybrid'];

/** The same largest-remainder rounding the panel uses (src/features/analysis/analysis-data.ts). */
function roundedPercents(shares) {
  const out = shares.map((s) => (s === null ? null : Math.floor(s * 100)));
  const present = shares.map((s, i) => ({ i, s })).filter((x) => x.s !== null);
  const total = present.reduce((sum, x) => sum + x.s, 0);
  if (present.length === 0 || total <= 0) return out;
  const target = Math.round(total * 100);
  let assigned = present.reduce((sum, x) => sum + Math.floor(x.s * 100), 0);
  const rem = (x) => x.s * 100 - Math.floor(x.s * 100);
  for (const x of [...present].sort((a, b) => rem(b) - rem(a) || a.i - b.i)) {
    if (assigned >= target) break;
    out[x.i] += 1;
    assigned++;
  }
  return out;
}

async function openAnalysis(page, baseUrl) {
  await page.goto(baseUrl);
  // The analysis section and the charts load when scrolled near: bring them all in.
  await page.evaluate(() => window.dispatchEvent(new Event('gpu-tco:render-all')));
  const section = page.getByTestId('analysis-section');
  await section.scrollIntoViewIfNeeded();
  return section;
}

async function waitForMonteCarloDone(page, helpers) {
  const bar = page.getByRole('progressbar', { name: /monte carlo/i });
  await helpers.eventually(async () => {
    helpers.assert.equal(await bar.getAttribute('aria-valuenow'), '100');
    helpers.assert.equal(await page.getByTestId('p-cheapest').count(), 1);
  });
}

export const tests = [
  {
    name: 'analysis: Monte Carlo reaches 100 % in the worker and P(cheapest) matches the engine',
    async run({ page, baseUrl, helpers }) {
      await openAnalysis(page, baseUrl);
      await waitForMonteCarloDone(page, helpers);
      const { monteCarlo, defaultScenario } = helpers.engine;
      const expected = monteCarlo(defaultScenario);
      const expectedPercents = roundedPercents(STRATEGY_IDS.map((id) => expected.strategies[id].pCheapest));
      const shown = [];
      for (const id of STRATEGY_IDS) {
        const raw = await page.getByTestId(`p-cheapest-${id}`).getAttribute('data-percent');
        shown.push(raw === '' ? null : Number(raw));
      }
      helpers.assert.deepEqual(shown, expectedPercents);
      const total = shown.reduce((s, v) => s + (v ?? 0), 0);
      helpers.assert.equal(total, 100, `P(cheapest) shown sums to ${total}%`);
      // The visible text carries the same numbers.
      const platformText = await page.getByTestId('p-cheapest-platform').textContent();
      helpers.assert.match(platformText ?? '', new RegExp(`${expectedPercents[2]}%`));
      await helpers.screenshot(page, 'analysis-monte-carlo');
    },
  },
  {
    name: 'analysis: the tornado first row names the input the engine ranks first',
    async run({ page, baseUrl, helpers }) {
      await openAnalysis(page, baseUrl);
      const first = page.getByTestId('tornado-row').first();
      await first.waitFor();
      const expected = helpers.engine.tornado(helpers.engine.defaultScenario).rows[0];
      helpers.assert.equal(await first.getAttribute('data-path'), expected.path);
      // "Server price" leads on the seed example; the row names it and states its break-even.
      helpers.assert.match((await first.textContent()) ?? '', /Server price/);
      helpers.assert.match((await first.textContent()) ?? '', /Self-build wins if the server price is below/);
    },
  },
  {
    name: 'analysis: the crossover chart shades the Monte Carlo break-even band and the worker is its own chunk',
    async run({ page, baseUrl, helpers }) {
      const scripts = [];
      page.on('worker', (w) => scripts.push(w.url()));
      await openAnalysis(page, baseUrl);
      await waitForMonteCarloDone(page, helpers);
      const band = page.locator('[data-chart="crossover"] .recharts-reference-area');
      await band.first().waitFor();
      helpers.assert.match(
        (await page.locator('[data-chart="crossover"]').textContent()) ?? '',
        /P10–P90 of the load where self-build meets (renting whole servers|the pooled platform)/,
      );
      helpers.assert.ok(
        scripts.some((u) => /analysis\.worker-[\w-]+\.js$/.test(u)),
        `worker scripts: ${scripts.join(', ')}`,
      );
      await helpers.expectNoSeriousAxeViolations(page, { context: '[data-testid="analysis-section"]' });
    },
  },
];
