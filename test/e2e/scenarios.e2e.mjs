/**
 * Scenarios in a real browser: share links, saved scenarios, JSON and CSV files. Expected numbers come
 * from the engine (loaded by the runner through tsx) and are formatted by the page's own Intl.
 *
 * Hooks used: the button "Copy link" and the read-only field "Share link" it opens; the file inputs
 * labelled "Import JSON" and "Import CSV" (in the Scenarios tab); data-testid="kpi-monthly-<id>".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STRATEGY_IDS = ['selfBuild', 'rent', 'platform', 'hybrid'];
const SAVED_KEY = 'gpu-tco:saved:v1';
const QUARANTINE_KEY = 'gpu-tco:quarantine:v1';

function normalise(text) {
  return (text ?? '')
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function open(page, url) {
  await page.goto(url);
  await page.getByTestId('kpi-monthly-platform').first().waitFor({ state: 'visible' });
}

/** Every KPI card's text (amounts, facts, badges), strategy by strategy. */
async function kpiTexts(page) {
  const out = {};
  for (const id of STRATEGY_IDS) {
    out[id] = normalise(
      await page
        .getByTestId(`kpi-monthly-${id}`)
        .first()
        .evaluate((el) => el.closest('li')?.textContent ?? el.textContent),
    );
  }
  return out;
}

async function expectEngineKpis(page, helpers, evaluation) {
  await helpers.eventually(async () => {
    for (const id of STRATEGY_IDS) {
      const s = evaluation.strategies[id];
      if (!s.eligible) continue;
      const amount = await helpers.formatMoneyInPage(page, s.monthlyCny, 'en', 'CNY');
      const shown = normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent());
      helpers.assert.equal(shown, normalise(amount), `${id} monthly cost`);
    }
  });
}

async function showTab(page, name) {
  await page.getByRole('tab', { name }).click();
}

async function copyLink(page) {
  await page.getByRole('button', { name: 'Copy link' }).click();
  return page.getByRole('textbox', { name: 'Share link' }).inputValue();
}

export const tests = [
  {
    name: 'scenarios: change a slider, the currency and the rate, copy the link, open it in a new browser context: every KPI is the same',
    async run({ page, browser, baseUrl, helpers }) {
      const { assert } = helpers;
      await open(page, baseUrl);
      const slider = page.getByRole('slider', { name: /load rate/i }).first();
      await slider.focus();
      await slider.press('End');
      // The reader's currency and exchange rate travel with the link too.
      await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
      await page.getByRole('textbox', { name: 'CNY per USD' }).fill('7.05');
      const before = await helpers.eventually(async () => {
        const k = await kpiTexts(page);
        assert.match(k.selfBuild, /\$/, 'KPIs shown in USD');
        return k;
      });
      const link = await copyLink(page);
      assert.match(link, /&cur=USD&fx=7\.05$/, 'the link carries the currency and rate');
      assert.match(link, /#s=1\./, 'the link carries the scenario in its hash');
      // The address follows the scenario after the debounce (one writer, replaceState).
      await helpers.eventually(async () => assert.equal(page.url(), link));

      const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      try {
        const errors = [];
        const fresh = await other.newPage();
        fresh.on('pageerror', (e) => errors.push(e.message));
        fresh.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        await open(fresh, link);
        await helpers.eventually(async () => assert.deepEqual(await kpiTexts(fresh), before));
        assert.equal(await fresh.getByRole('alert').count(), 0, 'no alert for a good link');
        assert.deepEqual(errors, []);
      } finally {
        await other.close();
      }
    },
  },
  {
    name: 'scenarios: a broken link shows an alert naming the problem and the default scenario’s KPIs',
    async run({ page, baseUrl, helpers }) {
      const { engine, assert } = helpers;
      await open(page, `${baseUrl}#s=1.garbage`);
      const alert = page.getByRole('alert').filter({ hasText: 'This link could not be opened' });
      await alert.waitFor({ state: 'visible' });
      assert.match(normalise(await alert.textContent()), /damaged or cut short/);
      await expectEngineKpis(page, helpers, engine.evaluate(engine.defaultScenario));
      await helpers.screenshot(page, 'scenarios-broken-link.png');
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await alert.waitFor({ state: 'detached' });
    },
  },
  {
    name: 'scenarios: CSV import with Chinese headers → preview → apply: KPIs and demand chart follow the engine',
    async run({ page, baseUrl, helpers }) {
      const { engine, assert } = helpers;
      const curve = Array.from({ length: 30 }, (_, i) => 20 + ((i * 7) % 11));
      const file = join(tmpdir(), `usage-${process.pid}-${Date.now()}.csv`);
      // UTF-8 with BOM, as Excel saves "CSV UTF-8".
      writeFileSync(file, `\uFEFF周,GPU数\n${curve.map((g, i) => `${i + 1},${g}`).join('\n')}\n`);
      await open(page, baseUrl);
      await showTab(page, 'Scenarios');
      await page.getByLabel('Import CSV').setInputFiles(file);
      await page.getByRole('heading', { name: /^Preview of usage-/ }).waitFor();
      assert.equal(normalise(await page.getByTestId('csv-weeks').textContent()), '30');
      assert.equal(normalise(await page.getByTestId('csv-peak').textContent()), String(Math.max(...curve)));
      await helpers.screenshot(page, 'scenarios-csv-preview.png', { fullPage: true });
      await page.getByRole('button', { name: 'Apply' }).click();

      const scenario = {
        ...engine.defaultScenario,
        demand: { ...engine.defaultScenario.demand, mode: 'weekly', weeklyGpus: curve },
      };
      const ev = engine.evaluate(scenario);
      await showTab(page, 'Dashboard');
      await expectEngineKpis(page, helpers, ev);
      // The demand chart's accessible summary now describes the imported 30-week curve.
      await helpers.renderDeferred();
      await page
        .getByRole('img', { name: /over 30 weeks/ })
        .first()
        .waitFor();
    },
  },
  {
    name: 'scenarios: Export JSON then Import JSON in a fresh page restores the scenario',
    async run({ page, baseUrl, helpers }) {
      const { engine, assert } = helpers;
      await open(page, baseUrl);
      await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export JSON' }).click(),
      ]);
      const path = join(tmpdir(), `scenario-${process.pid}-${Date.now()}.json`);
      await download.saveAs(path);
      const saved = JSON.parse(readFileSync(path, 'utf8'));
      assert.deepEqual(saved.scenario, engine.presets.steadyLab);

      await open(page, baseUrl);
      await expectEngineKpis(page, helpers, engine.evaluate(engine.defaultScenario));
      await showTab(page, 'Scenarios');
      await page.getByLabel('Import JSON').setInputFiles(path);
      await page.getByText(/^Loaded “.*” from scenario-/).waitFor();
      await showTab(page, 'Dashboard');
      await expectEngineKpis(page, helpers, engine.evaluate(engine.presets.steadyLab));
    },
  },
  {
    name: 'scenarios: a saved scenario survives a reload and opens again',
    async run({ page, baseUrl, helpers }) {
      const { engine } = helpers;
      await open(page, baseUrl);
      await page.getByRole('combobox', { name: 'Preset' }).selectOption('burstyResearch');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Bursty <b>plan</b>');
      await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved as “Bursty <b>plan</b>”.').waitFor();

      await open(page, baseUrl);
      await showTab(page, 'Scenarios');
      const item = page.getByRole('listitem', { name: 'Bursty <b>plan</b>' });
      await item.waitFor();
      await item.getByRole('button', { name: 'Open' }).click();
      await showTab(page, 'Dashboard');
      await expectEngineKpis(page, helpers, engine.evaluate(engine.presets.burstyResearch));
      helpers.assert.equal(
        await page.locator('b', { hasText: 'plan' }).count(),
        0,
        'the name is text, not HTML',
      );
    },
  },
  {
    name: 'scenarios: opening a share link never changes the saved scenarios',
    async run({ page, baseUrl, helpers }) {
      const { engine } = helpers;
      await open(page, baseUrl);
      await page.getByRole('combobox', { name: 'Preset' }).selectOption('steadyLab');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('textbox', { name: 'Name' }).fill('Lab plan');
      await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved as “Lab plan”.').waitFor();
      const before = await page.evaluate((key) => localStorage.getItem(key), SAVED_KEY);

      // A colleague's link to another scenario, opened in the same browser.
      await page.getByRole('combobox', { name: 'Preset' }).selectOption('growingCompany');
      const link = await copyLink(page);
      await page.getByRole('combobox', { name: 'Preset' }).selectOption('seedTeam');
      await page.goto('about:blank');
      await open(page, link);
      await expectEngineKpis(page, helpers, engine.evaluate(engine.presets.growingCompany));
      const after = await page.evaluate((key) => localStorage.getItem(key), SAVED_KEY);
      helpers.assert.equal(after, before);
      await showTab(page, 'Scenarios');
      await page.getByRole('listitem', { name: 'Lab plan' }).waitFor();
    },
  },
  {
    name: 'scenarios: a corrupted saved entry is kept aside (exportable) and the app keeps working',
    async run({ page, baseUrl, helpers }) {
      const { engine, assert } = helpers;
      await page.addInitScript(
        ([key, value]) => {
          if (!sessionStorage.getItem('seeded')) {
            localStorage.setItem(key, value);
            sessionStorage.setItem('seeded', '1');
          }
        },
        [
          SAVED_KEY,
          '[{"id":"x","name":"Broken","savedAt":"","scenario":{"schemaVersion":2,"horizonMonths":"soon"}}',
        ],
      );
      await open(page, baseUrl);
      await showTab(page, 'Scenarios');
      const aside = page.getByRole('region', { name: 'Entries kept aside' });
      await aside.waitFor();
      assert.match(normalise(await aside.textContent()), /"name":"Broken"/);
      const kept = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), QUARANTINE_KEY);
      assert.equal(kept.length, 1, 'the broken entry is stored aside, not deleted');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        aside.getByRole('button', { name: 'Export kept-aside entries' }).click(),
      ]);
      const path = join(tmpdir(), `kept-${process.pid}-${Date.now()}.json`);
      await download.saveAs(path);
      assert.match(readFileSync(path, 'utf8'), /Broken/);
      await showTab(page, 'Dashboard');
      await expectEngineKpis(page, helpers, engine.evaluate(engine.defaultScenario));
    },
  },
  {
    name: 'scenarios: the Scenarios view has no serious axe violations and no horizontal overflow at 390×844',
    async run({ page, baseUrl, helpers }) {
      const { assert } = helpers;
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, baseUrl);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('form').getByRole('button', { name: 'Save' }).click();
      await showTab(page, 'Scenarios');
      await helpers.expectNoSeriousAxeViolations(page);
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      assert.ok(widths[0] <= widths[1], `page is ${widths[0]}px wide on a ${widths[1]}px screen`);
      await helpers.screenshot(page, 'scenarios-phone.png', { fullPage: true });
    },
  },
];
