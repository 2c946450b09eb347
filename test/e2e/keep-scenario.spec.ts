/**
 * Issue 21's "done when", in a real browser: random sequences of what a person does — slider key
 * steps, section links, reloads, a new tab, a link pasted into the address (good or damaged), preset
 * changes and saves — and after every step a reload reopens exactly the KPIs shown before it, the
 * address still holds the scenario, and no saved entry is lost. Along the way: a pasted link is one
 * undo step, a new tab resumes the scenario last worked on, and a damaged link never costs the edits
 * shown when it was pasted.
 *
 * Hooks used: data-testid="kpi-monthly-<id>"; the sliders named "Load rate", "Team capability",
 * "Compliance"; the navigation "Sections"; the header's "Preset", "Save", "Undo", "Redo"; the saved
 * list's storage key (src/scenario/storage.ts) and the kept scenario's (resume-storage.ts).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import fc from 'fast-check';
import { STRATEGY_IDS, type StrategyId, withInput } from '../../src/engine/index.ts';
import { encodeScenarioHash } from '../../src/scenario/index.ts';
import { RESUME_KEY } from '../../src/scenario/resume-storage.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset } from './helpers';
import { storedSavedNames } from './saved-storage';

type Kpis = Record<StrategyId, string>;

/** Every strategy's monthly cost as shown (read in one go: the page is busy right after a load). */
function kpiTexts(page: Page): Promise<Kpis> {
  return page.evaluate((ids) => {
    const out: Record<string, string> = {};
    for (const id of ids) {
      const text = document.querySelector(`[data-testid="kpi-monthly-${id}"]`)?.textContent ?? '';
      out[id] = text
        .replace(/[\u00a0\u202f\u2009]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    }
    return out as Kpis;
  }, STRATEGY_IDS);
}

/** The KPIs once two reads in a row agree. */
async function settledKpis(page: Page): Promise<Kpis> {
  let last: Kpis | null = null;
  let settled: Kpis | null = null;
  await expect(async () => {
    const now = await kpiTexts(page);
    const previous = last;
    last = now;
    expect(previous).toEqual(now);
    settled = now;
  }).toPass({ intervals: [100] });
  if (!settled) throw new Error('KPIs never settled');
  return settled;
}

/** Waits until the address and the kept scenario both hold the scenario of the last change. */
async function waitForWrites(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((key) => {
          const hash = new URLSearchParams(window.location.hash.slice(1)).get('s');
          const kept = window.localStorage.getItem(key);
          return { hash, kept };
        }, RESUME_KEY),
      { message: 'the address holds a scenario' },
    )
    .toMatchObject({ hash: expect.stringMatching(/^[12]\./) });
  // Both are written a short pause after the change: wait for the address to stop moving, then for
  // the kept scenario to equal the address's.
  let previous = '';
  await expect(async () => {
    const now = page.url();
    const same = now === previous;
    previous = now;
    expect(same).toBe(true);
  }).toPass({ intervals: [400] });
  await expect
    .poll(() =>
      page.evaluate(
        async ([key]) => {
          const kept = window.localStorage.getItem(key as string);
          return kept === null ? null : (JSON.parse(kept) as { scenario: unknown }).scenario;
        },
        [RESUME_KEY],
      ),
    )
    .toEqual(await addressScenario(page));
}

/** The scenario the address holds, decoded by the app's own codec in Node. */
async function addressScenario(page: Page): Promise<unknown> {
  const { decodeScenarioHash } = await import('../../src/scenario/index.ts');
  const decoded = decodeScenarioHash(new URL(page.url()).hash);
  if (!decoded.ok) throw new Error(`the address does not hold a scenario: ${decoded.error}`);
  return decoded.scenario;
}

function savedNames(page: Page): Promise<string[]> {
  return storedSavedNames(page);
}

interface Model {
  /** KPIs of the scenario last changed (what a new tab without a link resumes), or the default's. */
  worked: Kpis;
  /** Whether anything was changed yet (then a new tab resumes it and offers "Start from an example"). */
  resumes: boolean;
  saved: string[];
  steps: number;
}

interface Real {
  context: BrowserContext;
  page: Page;
}

/** After every step: the address holds the scenario, a reload shows the same KPIs, nothing saved is lost. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const { page } = real;
  const before = await settledKpis(page);
  expect(new URL(page.url()).hash, 'the address holds the scenario').toMatch(/^#s=[12]\./);
  await page.reload();
  await page.getByTestId('kpi-monthly-platform').first().waitFor();
  expect(await settledKpis(page), 'a reload reopens the same KPIs').toEqual(before);
  expect(await savedNames(page), 'no saved entry is lost').toEqual([...model.saved].sort());
}

/** A change of the scenario: waits for it to be written, then records it as the one worked on. */
async function changed(model: Model, real: Real): Promise<void> {
  await waitForWrites(real.page);
  model.worked = await settledKpis(real.page);
  model.resumes = true;
}

const SLIDERS = ['Load rate', 'Team capability', 'Compliance'] as const;
const SECTIONS = ['Costs', 'Cash', 'Uncertainty', 'Assumptions', 'Method', 'Overview'] as const;
const PRESETS = ['steadyLab', 'burstyResearch', 'growingCompany', 'seedTeam'] as const;

class SliderStep implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slider: (typeof SLIDERS)[number],
    readonly key: 'ArrowRight' | 'ArrowLeft',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const slider = real.page.getByRole('slider', { name: this.slider }).first();
    const value = await slider.inputValue();
    await slider.focus();
    await slider.press(this.key);
    if ((await slider.inputValue()) !== value) await changed(model, real);
    await checkInvariants(model, real);
  }
  toString = () => `slider ${this.slider} ${this.key}`;
}

class SectionLink implements fc.AsyncCommand<Model, Real> {
  constructor(readonly section: (typeof SECTIONS)[number]) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const historyLength = await page.evaluate(() => window.history.length);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: this.section })
      .click();
    const id = this.section.toLowerCase();
    await expect(page).toHaveURL(new RegExp(`#s=[12]\\.[^&]+.*&at=${id}$`));
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: this.section }),
      'the clicked section is the one marked',
    ).toHaveAttribute('aria-current', 'location');
    expect(await page.evaluate(() => window.history.length), 'no history entry per click').toBe(
      historyLength,
    );
    await checkInvariants(model, real);
    // The reload opened at that section.
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  }
  toString = () => `section ${this.section}`;
}

class Reload implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await checkInvariants(model, real);
  }
  toString = () => 'reload';
}

class NewTab implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const page = await real.context.newPage();
    await openDashboard(page, './');
    expect(await settledKpis(page), 'a new tab resumes the scenario last worked on').toEqual(model.worked);
    if (model.resumes)
      await expect(page.getByRole('button', { name: 'Start from an example' })).toBeVisible();
    await real.page.close();
    real.page = page;
    await checkInvariants(model, real);
  }
  toString = () => 'new tab';
}

class PasteLink implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly preset: (typeof PRESETS)[number],
    readonly rate: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const before = await settledKpis(page);
    const scenario = withInput(preset(this.preset), 'selfBuild.serverPriceCny', 1_234_000);
    const hash = `${encodeScenarioHash(scenario)}&cur=CNY&fx=${this.rate}`;
    await page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
    const opened = await settledKpis(page);
    if (JSON.stringify(opened) !== JSON.stringify(before)) {
      // One undo step back to exactly what was shown, and one redo to the link's.
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect.poll(() => kpiTexts(page), { message: 'one undo step undoes the link' }).toEqual(before);
      await page.getByRole('button', { name: 'Redo', exact: true }).click();
      await expect.poll(() => kpiTexts(page)).toEqual(opened);
    }
    await changed(model, real);
    await checkInvariants(model, real);
  }
  toString = () => `paste link ${this.preset} fx ${this.rate}`;
}

class PasteDamagedLink implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const before = await settledKpis(page);
    await page.evaluate(() => {
      window.location.hash = `s=1.${'AAAA'.repeat(12)}`;
    });
    await expect(page.getByRole('alert').filter({ hasText: 'This link could not be opened' })).toBeVisible();
    expect(await settledKpis(page), 'the edits shown stay').toEqual(before);
    // The reload of checkInvariants must still show them.
    await checkInvariants(model, real);
  }
  toString = () => 'paste damaged link';
}

class ChoosePreset implements fc.AsyncCommand<Model, Real> {
  constructor(readonly preset: (typeof PRESETS)[number]) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const select = real.page.getByRole('combobox', { name: 'Preset', exact: true });
    const was = await select.inputValue();
    await select.selectOption(this.preset);
    if (was !== this.preset) await changed(model, real);
    await checkInvariants(model, real);
  }
  toString = () => `preset ${this.preset}`;
}

class Save implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const name = `Entry ${model.steps++}`;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const form = page.getByRole('form', { name: 'Save the current scenario in this browser' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    // The form closes; the confirmation stays beside the header's buttons.
    await expect(page.getByTestId('save-status')).toContainText(name);
    model.saved.push(name);
    // Saving names the scenario: a change like any other.
    await changed(model, real);
    await checkInvariants(model, real);
  }
  toString = () => 'save';
}

const commands = [
  fc
    .tuple(fc.constantFrom(...SLIDERS), fc.constantFrom('ArrowRight' as const, 'ArrowLeft' as const))
    .map(([s, k]) => new SliderStep(s, k)),
  fc.constantFrom(...SECTIONS).map((s) => new SectionLink(s)),
  fc.constant(new Reload()),
  fc.constant(new NewTab()),
  fc.tuple(fc.constantFrom(...PRESETS), fc.constantFrom(7.2, 6.9)).map(([p, r]) => new PasteLink(p, r)),
  fc.constant(new PasteDamagedLink()),
  fc.constantFrom(...PRESETS).map((p) => new ChoosePreset(p)),
  fc.constant(new Save()),
];

async function runSequence(
  browser: Browser,
  guardContext: (context: BrowserContext) => Promise<void>,
  baseURL: string,
  cmds: Iterable<fc.AsyncCommand<Model, Real>>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  try {
    await guardContext(context);
    const page = await context.newPage();
    await openDashboard(page);
    const model: Model = { worked: await settledKpis(page), resumes: false, saved: [], steps: 1 };
    await fc.asyncModelRun(() => ({ model, real: { context, page } }), cmds);
  } finally {
    await context.close();
  }
}

test('keep the scenario: random slider steps, section links, reloads, new tabs, pasted links, presets and saves; every reload reopens the same KPIs and no saved entry is lost', async ({
  browser,
  guardContext,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (!baseURL) throw new Error('use.baseURL must name the preview server');
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 6, size: 'small' }), (cmds) =>
      runSequence(browser, guardContext, baseURL, cmds),
    ),
    // Pinned so a failure replays (fast-check prints the seed and the sequence). Two runs keep the test
    // near a minute on a busy machine; this seed's two sequences (10 steps) hold every kind of step.
    { seed: 20261815, numRuns: 2, endOnFailure: true },
  );
});
