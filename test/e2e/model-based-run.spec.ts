/**
 * Issue 36's "model-based run", in a real browser: random sequences of what a person does — choose a
 * preset, step a slider by keyboard, edit the training plan, import a cluster log (Slurm sacct or
 * nvidia-smi CSV) and apply it, compare with a saved entry or a preset, save under a new name, rename
 * and delete a saved entry, open a second tab and save from it, reload, and try to save with the
 * browser's storage full — and after every step a reload reopens the same numbers with no entry lost.
 *
 * The model (plain object) holds the scenario the user expects to look at and every saved entry (name
 * and scenario). Its scenario is built with the engine from src/, the way each step changes it: a
 * preset, `teamCapability` / `compliance` one level on, `switchDemandForm` + `newTrainingRun` +
 * `withPlanCurve` + `sizedToDemand` for a plan edit, and for a log import the engine-side reader of the
 * same file (`parseClusterLog`, `measuredUsage`, `defaultClusterGpus`, `withMeasuredUsage`). So every
 * step's expected numbers come from `evaluate` of the model's scenario, never from the page: each
 * strategy's monthly cost on its KPI card (eligible ones; formatted by the page's own Intl) and the
 * winner's card. The names a step gives (a saved scenario's, a log label) do not change the numbers and
 * are not modelled.
 *
 * After every step:
 * - the dashboard shows the engine's numbers for the model's scenario;
 * - once the address and this tab's kept copy of the scenario (sessionStorage; none before the tab's
 *   first change) have caught up with the step (their writes follow a change by a short pause), a
 *   reload shows them again;
 * - the stored entries are exactly the model's names, and the Scenarios tab lists exactly those, each
 *   with the winner the engine gives for its scenario.
 * Steps check what they do on the way: Compare shows the engine's winner and winner's monthly cost for
 * the current scenario and the one added; the second tab resumes the model's numbers and its save is
 * listed in the first tab before any reload; with storage full a save says so and nothing stored
 * changes, and the reload of the step happens while storage is still full.
 *
 * Seeded: MODEL_RUN_SEED (default below), MODEL_RUN_RUNS sequences of MODEL_RUN_STEPS steps each; the
 * seed and every sequence are printed. The default seed's two sequences of six steps hold every kind
 * of step (rename, delete and compare with saved entries to act on), about two minutes on a busy
 * two-core machine. fast-check runs the commands (`fc.asyncModelRun`); a failure
 * stops at once (no shrinking: each step costs a reload) and names its sequence.
 *
 * Hooks used: data-testid="kpi-monthly-<id>" inside its card (`kpi--winner`, `kpi--ineligible`);
 * comboboxes "Preset" and "Demand input"; sliders "Team capability" and "Compliance"; the training
 * plan's "Add run", `plan-run-0` and its fields; the Scenarios tab's "Import cluster logs" file input
 * and its preview's "Apply"; data-testid="compare-scenarios" with "Add a scenario to compare",
 * `compare-column` and `compare-scenarios-row` (`data-row`, `data-value`); the header's "Save" form,
 * `save-status` and its storage-full alert; saved list items named by the entry's name, with "Rename",
 * "Delete" and `saved-summary` (`data-winner`); the storage keys of src/scenario (saved entries, the
 * kept scenario).
 */
import { writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import fc from 'fast-check';
import {
  COMPLIANCE_LEVELS,
  defaultScenario,
  evaluate,
  newTrainingRun,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
  sizedToDemand,
  switchDemandForm,
  type TeamCapability,
  type TrainingPlanInput,
  type TrainingRun,
  withPlanCurve,
} from '../../src/engine/index.ts';
import { parseClusterLog } from '../../src/scenario/cluster-log.ts';
import {
  defaultClusterGpus,
  measuredUsage,
  withMeasuredUsage,
} from '../../src/scenario/cluster-log-usage.ts';
import { RESUME_KEY } from '../../src/scenario/resume-storage.ts';
import { decodeScenarioHash } from '../../src/scenario/url-codec.ts';
import {
  nvidiaSmiText,
  type SyntheticJob,
  type SyntheticTelemetry,
  sacctText,
} from '../scenario/cluster-log-generator.ts';
import { expect, test } from './fixtures';
import { openDashboard, preset } from './helpers';
import { storedSavedNames } from './saved-storage';

const SEED = Number(process.env.MODEL_RUN_SEED ?? 20302250);
const RUNS = Number(process.env.MODEL_RUN_RUNS ?? 2);
const STEPS = Number(process.env.MODEL_RUN_STEPS ?? 6);

const FULL_MESSAGE = 'The browser’s storage is full';
const FILLER_KEY = 'e2e:model-run-filler';
/** Polling intervals of the waits on shown state (each wait is bounded by expect's timeout). */
const POLL = [50, 100];

// ---------------------------------------------------------------------------------------------------
// The numbers: what the engine gives for a scenario, and what the dashboard shows.

interface Headline {
  winner: StrategyId | null;
  /** Monthly cost as shown, for each eligible strategy. */
  monthly: Partial<Record<StrategyId, string>>;
}

const plain = (text: string) =>
  text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The engine's numbers for `s`, formatted by the page's own Intl (as src/lib/format.ts does, in CNY). */
async function engineHeadline(page: Page, s: Scenario): Promise<Headline> {
  const e = evaluate(s);
  const eligible = STRATEGY_IDS.filter((id) => e.strategies[id].eligible);
  const texts = await page.evaluate(
    (values) =>
      values.map((v) =>
        new Intl.NumberFormat('en', {
          style: 'currency',
          currency: 'CNY',
          minimumFractionDigits: 0,
          maximumFractionDigits: 0,
        }).format(v),
      ),
    eligible.map((id) => e.strategies[id].monthlyCny),
  );
  const monthly: Partial<Record<StrategyId, string>> = {};
  eligible.forEach((id, i) => {
    monthly[id] = plain(texts[i] ?? '');
  });
  return { winner: e.recommendation.strategy, monthly };
}

/** The KPI cards as shown, read in one go. */
async function shownHeadline(page: Page): Promise<Headline> {
  const cards = await page.evaluate((ids) => {
    return ids.map((id) => {
      const amount = document.querySelector(`[data-testid="kpi-monthly-${id}"]`);
      const card = amount?.closest('li');
      return {
        id,
        text: amount?.textContent ?? '',
        eligible: card ? !card.classList.contains('kpi--ineligible') : false,
        winner: card ? card.classList.contains('kpi--winner') : false,
      };
    });
  }, STRATEGY_IDS);
  const monthly: Partial<Record<StrategyId, string>> = {};
  for (const c of cards) if (c.eligible) monthly[c.id] = plain(c.text);
  return { winner: cards.find((c) => c.winner)?.id ?? null, monthly };
}

async function expectEngineNumbers(page: Page, s: Scenario, message: string): Promise<void> {
  const expected = await engineHeadline(page, s);
  await expect.poll(() => shownHeadline(page), { message, intervals: POLL }).toEqual(expected);
}

/** Each strategy's monthly cost rounded to the yuan, and the winner: what the dashboard would show. */
function engineFigures(s: Scenario) {
  const e = evaluate(s);
  return {
    winner: e.recommendation.strategy,
    monthly: STRATEGY_IDS.map((id) =>
      e.strategies[id].eligible ? Math.round(e.strategies[id].monthlyCny) : null,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// The model.

interface Entry {
  name: string;
  scenario: Scenario;
}

interface Model {
  scenario: Scenario;
  saved: Entry[];
  /** For new names: every name a step gives is new. */
  next: number;
}

interface Real {
  context: BrowserContext;
  page: Page;
  logs: { slurm: LogFile; smi: LogFile };
}

interface LogFile {
  path: string;
  name: string;
  text: string;
}

/** A plan edit as the page makes it (src/features/training-plan/plan-edits.ts), from the engine's own rules. */
function withPlan(s: Scenario, patch: Partial<TrainingPlanInput>): Scenario {
  return sizedToDemand(withPlanCurve({ ...s, trainingPlan: { ...s.trainingPlan, ...patch } }));
}

function withFirstRun(s: Scenario, patch: Partial<TrainingRun>): Scenario {
  return withPlan(s, { runs: s.trainingPlan.runs.map((r, i) => (i === 0 ? { ...r, ...patch } : r)) });
}

// ---------------------------------------------------------------------------------------------------
// Page steps shared by the commands.

function onEveryDialogAccept(page: Page): void {
  // A preset chosen over a name of the user's own, and a delete, ask first: the person says yes.
  page.on('dialog', (dialog) => void dialog.accept());
}

async function showTab(page: Page, name: 'Dashboard' | 'Scenarios'): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function openSaveForm(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save', exact: true, expanded: false }).click();
  const form = page.getByRole('form', { name: 'Save the current scenario in this browser' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  return form;
}

async function saveAs(page: Page, name: string): Promise<void> {
  await openSaveForm(page, name);
  await expect(page.getByTestId('save-status')).toHaveText(`Saved as “${name}”.`);
}

const savedItem = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** Waits until the address and the tab's kept scenario hold the scenario of the last step. */
async function waitForWrites(page: Page, model: Model): Promise<void> {
  const expected = engineFigures(model.scenario);
  await expect
    .poll(
      () => {
        const decoded = decodeScenarioHash(new URL(page.url()).hash);
        return decoded.ok ? engineFigures(decoded.scenario) : null;
      },
      { message: 'the address holds the model’s scenario', intervals: POLL },
    )
    .toEqual(expected);
  const address = decodeScenarioHash(new URL(page.url()).hash);
  if (!address.ok) throw new Error('the address does not hold a scenario');
  // As stored: JSON (no undefined fields); key order does not count.
  const asJson: unknown = JSON.parse(JSON.stringify(address.scenario));
  const kept = () =>
    page.evaluate((key) => {
      // This tab's own copy (the shared one is the last any tab wrote: a second tab's save).
      const text = window.sessionStorage.getItem(key);
      return text === null ? null : (JSON.parse(text) as { scenario: unknown }).scenario;
    }, RESUME_KEY);
  await expect
    .poll(
      async () => {
        const scenario = await kept();
        // Only a change is kept: a tab that changed nothing yet has no copy (the reload opens the address).
        if (scenario === null) return 'nothing changed in this tab yet';
        return isDeepStrictEqual(scenario, asJson) ? 'kept' : 'behind the address';
      },
      { message: 'the tab’s kept scenario is the address’s', intervals: POLL },
    )
    .not.toBe('behind the address');
}

/**
 * Saved list: stored names, and the Scenarios tab listing exactly them, each with its engine winner.
 * Leaves the Scenarios tab open (a step that needs the dashboard opens it: one tab switch a step).
 */
async function expectSavedList(page: Page, model: Model): Promise<void> {
  expect(await storedSavedNames(page), 'no stored entry lost or added').toEqual(
    model.saved.map((e) => e.name).sort(),
  );
  await showTab(page, 'Scenarios');
  await expect(page.getByRole('heading', { name: 'Saved scenarios' })).toBeVisible();
  if (model.saved.length === 0) await expect(page.getByText('Nothing saved yet.')).toBeVisible();
  await expect(page.locator('.saved-list > li'), 'the list holds the model’s entries').toHaveCount(
    model.saved.length,
  );
  for (const entry of model.saved) {
    await expect(savedItem(page, entry.name).getByTestId('saved-summary')).toHaveAttribute(
      'data-winner',
      evaluate(entry.scenario).recommendation.strategy,
    );
  }
}

/** After every step: the engine's numbers, again after a reload, and the saved list as modelled. */
async function checkInvariants(model: Model, real: Real): Promise<void> {
  const { page } = real;
  await showTab(page, 'Dashboard');
  await expectEngineNumbers(page, model.scenario, 'the step shows the engine’s numbers');
  await waitForWrites(page, model);
  await page.reload();
  await page.getByTestId('kpi-monthly-platform').first().waitFor();
  await expectEngineNumbers(page, model.scenario, 'a reload reopens the same numbers');
  await expectSavedList(page, model);
}

// ---------------------------------------------------------------------------------------------------
// Commands.

type Cmd = fc.AsyncCommand<Model, Real>;

const PRESETS = ['seedTeam', 'steadyLab', 'burstyResearch', 'growingCompany', 'largeLab'] as const;

class ChoosePreset implements Cmd {
  constructor(readonly id: (typeof PRESETS)[number]) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await real.page.getByRole('combobox', { name: 'Preset', exact: true }).selectOption(this.id);
    model.scenario = preset(this.id);
    await checkInvariants(model, real);
  }
  toString = () => `preset ${this.id}`;
}

class SliderStep implements Cmd {
  constructor(
    readonly slider: 'Team capability' | 'Compliance',
    readonly key: 'ArrowRight' | 'ArrowLeft',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await showTab(real.page, 'Dashboard');
    const slider = real.page.getByRole('slider', { name: this.slider }).first();
    await slider.focus();
    await slider.press(this.key);
    const by = this.key === 'ArrowRight' ? 1 : -1;
    const s = model.scenario;
    if (this.slider === 'Team capability') {
      const level = Math.min(5, Math.max(1, s.teamCapability + by)) as TeamCapability;
      model.scenario = { ...s, teamCapability: level };
      await expect(slider).toHaveValue(String(level));
    } else {
      const index = Math.min(
        COMPLIANCE_LEVELS.length - 1,
        Math.max(0, COMPLIANCE_LEVELS.indexOf(s.compliance) + by),
      );
      model.scenario = { ...s, compliance: COMPLIANCE_LEVELS[index] ?? s.compliance };
      await expect(slider).toHaveValue(String(index));
    }
    await checkInvariants(model, real);
  }
  toString = () => `slider ${this.slider} ${this.key}`;
}

const PLAN_FIELDS = {
  gpus: { label: 'GPUs to use', values: [32, 128, 512] },
  startWeek: { label: 'Start week', values: [1, 4, 10] },
  recurring: { label: /^Recurring work/, values: [0, 5_000, 40_000] },
} as const;
type PlanField = keyof typeof PLAN_FIELDS;

class PlanEdit implements Cmd {
  constructor(
    readonly field: PlanField,
    readonly choice: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    await showTab(page, 'Dashboard');
    const demand = page.getByRole('combobox', { name: 'Demand input' });
    if (model.scenario.demand.mode !== 'plan') {
      await demand.selectOption({ label: 'Training plan' });
      model.scenario = switchDemandForm(model.scenario, 'plan');
    }
    await expect(page.getByRole('button', { name: 'Add run' })).toBeVisible();
    if (model.scenario.trainingPlan.runs.length === 0) {
      await page.getByRole('button', { name: 'Add run' }).click();
      const s = model.scenario;
      model.scenario = withPlan(s, { runs: [newTrainingRun(s, 'Run 1')] });
      await expect(page.getByTestId('plan-run-0')).toBeVisible();
    }
    const { label, values } = PLAN_FIELDS[this.field];
    const value = values[this.choice % values.length] ?? values[0];
    const box =
      this.field === 'recurring'
        ? page.getByRole('textbox', { name: label })
        : page.getByTestId('plan-run-0').getByRole('textbox', { name: label, exact: true });
    await box.fill(String(value));
    await expect(box, 'the value is taken').toHaveAttribute('aria-invalid', 'false');
    model.scenario =
      this.field === 'recurring'
        ? withPlan(model.scenario, { recurringGpuHoursPerMonth: value })
        : withFirstRun(model.scenario, this.field === 'gpus' ? { gpus: value } : { startWeek: value });
    await checkInvariants(model, real);
  }
  toString = () => `plan ${this.field} #${this.choice}`;
}

class ImportLog implements Cmd {
  constructor(readonly kind: 'slurm' | 'smi') {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const log = real.logs[this.kind];
    await showTab(page, 'Scenarios');
    await page.getByLabel('Import cluster logs').setInputFiles(log.path);
    const preview = page.locator('.cluster-log-preview');
    await expect(preview.getByRole('heading', { name: `Measured usage from ${log.name}` })).toBeVisible();
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(/^Applied the measured utilization/)).toBeVisible();
    // The engine-side reader of the same file, applied as the preview applies it (cluster size: the
    // preview's default for this scenario).
    const parsed = parseClusterLog(log.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const s = model.scenario;
    const usage = measuredUsage(
      parsed.summary,
      defaultClusterGpus(parsed.summary, s.selfBuild.gpusPerServer),
    );
    model.scenario = withMeasuredUsage(s, usage, log.name);
    await checkInvariants(model, real);
  }
  toString = () => `import ${this.kind} log`;
}

/** Wording of a saved name in an option's label (isolated, FSI … PDI). */
const isolated = (name: string) => `\u2068${name}\u2069`;

class OpenCompare implements Cmd {
  constructor(
    readonly pick: number,
    readonly fallback: (typeof PRESETS)[number],
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    await showTab(page, 'Scenarios');
    const panel = page.getByTestId('compare-scenarios');
    const add = panel.getByRole('combobox', { name: 'Add a scenario to compare' });
    const entry = model.saved[this.pick % Math.max(1, model.saved.length)];
    if (entry) await add.selectOption({ label: isolated(entry.name) });
    else await add.selectOption(`preset:${this.fallback}`);
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(panel.getByTestId('compare-column')).toHaveCount(2);
    const scenarios = [model.scenario, entry ? entry.scenario : preset(this.fallback)];
    const row = (key: string) =>
      panel.locator(`[data-testid="compare-scenarios-row"][data-row="${key}"]`).locator('td');
    await expect
      .poll(() => row('winner').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value'))))
      .toEqual(scenarios.map((s) => evaluate(s).recommendation.strategy));
    for (const [i, s] of scenarios.entries()) {
      const headline = await engineHeadline(page, s);
      const winner = headline.winner;
      const amount = winner ? headline.monthly[winner] : undefined;
      if (amount) await expect(row('winnerMonthly').nth(i)).toContainText(amount);
    }
    await checkInvariants(model, real);
  }
  toString = () => `compare (saved #${this.pick} or ${this.fallback})`;
}

class Save implements Cmd {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const name = `Entry ${model.next++}`;
    await saveAs(real.page, name);
    model.saved.push({ name, scenario: model.scenario });
    await checkInvariants(model, real);
  }
  toString = () => 'save';
}

class Rename implements Cmd {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.saved.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const entry = model.saved[this.pick % model.saved.length];
    if (!entry) throw new Error('nothing to rename');
    const name = `Renamed ${model.next++}`;
    await showTab(page, 'Scenarios');
    const item = savedItem(page, entry.name);
    await item.getByRole('button', { name: 'Rename' }).click();
    await item.getByRole('textbox').fill(name);
    await item.getByRole('textbox').press('Enter');
    await expect(savedItem(page, name)).toBeVisible();
    await expect(savedItem(page, entry.name)).toHaveCount(0);
    entry.name = name;
    await checkInvariants(model, real);
  }
  toString = () => `rename #${this.pick}`;
}

class Delete implements Cmd {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.saved.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    const index = this.pick % model.saved.length;
    const entry = model.saved[index];
    if (!entry) throw new Error('nothing to delete');
    await showTab(page, 'Scenarios');
    await savedItem(page, entry.name).getByRole('button', { name: 'Delete' }).click();
    await expect(savedItem(page, entry.name)).toHaveCount(0);
    model.saved.splice(index, 1);
    await checkInvariants(model, real);
  }
  toString = () => `delete #${this.pick}`;
}

class SecondTab implements Cmd {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const other = await real.context.newPage();
    onEveryDialogAccept(other);
    await openDashboard(other);
    await expectEngineNumbers(other, model.scenario, 'a second tab resumes the scenario worked on');
    const name = `Tab two ${model.next++}`;
    await saveAs(other, name);
    model.saved.push({ name, scenario: model.scenario });
    // The first tab lists it at once, before any reload.
    await showTab(real.page, 'Scenarios');
    await expect(savedItem(real.page, name)).toBeVisible();
    await other.close();
    await checkInvariants(model, real);
  }
  toString = () => 'second tab saves';
}

class Reload implements Cmd {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await checkInvariants(model, real);
  }
  toString = () => 'reload';
}

/**
 * Fills the origin's localStorage to the last character with a filler key, beside what is stored (the
 * exact rest of Chromium's 5 MiB quota, else a search for the largest value the browser accepts).
 * Returns the error a one-character write of a new key then gets.
 */
function fillStorage(page: Page): Promise<string> {
  return page.evaluate((fillerKey) => {
    const fits = (n: number) => {
      localStorage.removeItem(fillerKey);
      try {
        localStorage.setItem(fillerKey, 'x'.repeat(n));
        return true;
      } catch {
        return false;
      }
    };
    let used = 0;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key !== fillerKey) used += key.length + (localStorage.getItem(key)?.length ?? 0);
    }
    const guess = 5 * 1024 * 1024 - used - fillerKey.length;
    if (!(guess > 0 && !fits(guess + 1) && fits(guess))) {
      let lo = 0;
      let hi = 1;
      while (fits(hi)) {
        lo = hi;
        hi *= 2;
        if (hi > 64 * 1024 * 1024) throw new Error('localStorage has no quota to fill');
      }
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (fits(mid)) lo = mid;
        else hi = mid;
      }
      if (!fits(lo)) throw new Error('the filler no longer fits');
    }
    try {
      localStorage.setItem('p', 'x');
      localStorage.removeItem('p');
      return '';
    } catch (e) {
      return e instanceof DOMException ? e.name : String(e);
    }
  }, FILLER_KEY);
}

class StorageFull implements Cmd {
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const { page } = real;
    expect(await fillStorage(page), 'storage is full: a new one-character key is refused').toBe(
      'QuotaExceededError',
    );
    const before = await storedSavedNames(page);
    const form = await openSaveForm(page, `Not saved ${model.next++}`);
    const full = form.getByRole('alert').filter({ hasText: FULL_MESSAGE });
    await expect(full, 'the app says storage is full').toBeVisible();
    await expect(full).toContainText('is still kept');
    await expect(page.getByTestId('save-status')).toHaveText('');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    expect(await storedSavedNames(page), 'the failed save changed nothing stored').toEqual(before);
    // The step's reload happens with storage still full.
    await checkInvariants(model, real);
    await page.evaluate((key) => localStorage.removeItem(key), FILLER_KEY);
  }
  toString = () => 'save with storage full';
}

const commands = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...PRESETS).map((id) => new ChoosePreset(id) as Cmd) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('Team capability' as const, 'Compliance' as const),
        fc.constantFrom('ArrowRight' as const, 'ArrowLeft' as const),
      )
      .map(([slider, key]) => new SliderStep(slider, key) as Cmd),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom<PlanField>('gpus', 'startWeek', 'recurring'), fc.nat(2))
      .map(([field, choice]) => new PlanEdit(field, choice) as Cmd),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('slurm' as const, 'smi' as const).map((kind) => new ImportLog(kind) as Cmd),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(7), fc.constantFrom(...PRESETS))
      .map(([pick, fallback]) => new OpenCompare(pick, fallback) as Cmd),
  },
  { weight: 3, arbitrary: fc.constant(new Save() as Cmd) },
  { weight: 2, arbitrary: fc.nat(7).map((pick) => new Rename(pick) as Cmd) },
  { weight: 1, arbitrary: fc.nat(7).map((pick) => new Delete(pick) as Cmd) },
  { weight: 1, arbitrary: fc.constant(new SecondTab() as Cmd) },
  { weight: 1, arbitrary: fc.constant(new Reload() as Cmd) },
  { weight: 1, arbitrary: fc.constant(new StorageFull() as Cmd) },
);

// ---------------------------------------------------------------------------------------------------
// The logs: small generated files (test/scenario/cluster-log-generator.ts).

/** 30 weeks of Slurm jobs of 8–32 GPUs. */
function slurmJobs(): SyntheticJob[] {
  const jobs: SyntheticJob[] = [];
  for (let week = 0; week < 30; week++) {
    jobs.push({ startHour: week * 168 + 2, hours: 100 + (week % 7) * 8, gpus: 8 * (1 + (week % 4)) });
    jobs.push({ startHour: week * 168 + 120, hours: 60, gpus: 8 });
  }
  return jobs;
}

/** 27 weeks of hourly nvidia-smi samples of 2 GPUs. */
function telemetry(): SyntheticTelemetry {
  const utilization = Array.from({ length: 27 * 168 }, (_, h) =>
    Array.from({ length: 2 }, (_, gpu) => ((h % 24) * 4 + gpu * 9 + Math.floor(h / 168)) % 101),
  );
  return { startHour: 10, utilization };
}

function writeLog(name: string, text: string): LogFile {
  const path = test.info().outputPath(name);
  writeFileSync(path, text);
  return { path, name, text };
}

/** A command that prints its step and how long it took (the run's record, beside fast-check's). */
class Timed implements Cmd {
  constructor(
    readonly step: number,
    readonly inner: Cmd,
  ) {}
  check = (model: Readonly<Model>) => this.inner.check(model);
  async run(model: Model, real: Real): Promise<void> {
    const started = performance.now();
    await this.inner.run(model, real);
    console.log(`    ${this.step}. ${this.inner} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  toString = () => String(this.inner);
}

async function runSequence(
  browser: Browser,
  guardContext: (context: BrowserContext) => Promise<void>,
  baseURL: string,
  logs: Real['logs'],
  cmds: Iterable<Cmd>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  try {
    await guardContext(context);
    const page = await context.newPage();
    onEveryDialogAccept(page);
    await openDashboard(page);
    const model: Model = { scenario: defaultScenario, saved: [], next: 1 };
    await expectEngineNumbers(page, model.scenario, 'the app opens with the default scenario');
    const timed = [...cmds].map((cmd, i) => new Timed(i + 1, cmd));
    await fc.asyncModelRun(() => ({ model, real: { context, page, logs } }), timed);
  } finally {
    await context.close();
  }
}

test('model-based run: random preset, slider, plan, log import, compare, save, rename, delete, second-tab, reload and storage-full steps; after every step a reload reopens the engine’s numbers and no saved entry is lost', async ({
  browser,
  guardContext,
  baseURL,
}) => {
  // Hang guard for the whole run, not a performance threshold.
  test.setTimeout(420_000);
  if (!baseURL) throw new Error('use.baseURL must name the preview server');
  const logs = {
    slurm: writeLog('sacct.txt', sacctText(slurmJobs())),
    smi: writeLog('nvidia-smi.csv', nvidiaSmiText(telemetry())),
  };
  const sequences = fc.array(commands, { minLength: STEPS, maxLength: STEPS });
  console.log(
    `model-based run: seed ${SEED}, ${RUNS} sequences of ${STEPS} steps (MODEL_RUN_SEED to replay)`,
  );
  test.info().annotations.push({ type: 'seed', description: String(SEED) });
  await fc.assert(
    fc.asyncProperty(sequences, async (cmds) => {
      console.log(`  sequence: ${cmds.map(String).join(', ')}`);
      await runSequence(browser, guardContext, baseURL, logs, cmds);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
});
