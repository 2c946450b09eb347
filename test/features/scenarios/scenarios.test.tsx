// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { defaultScenario, evaluate, presets, type Scenario, withCapacityByHand } from '../../../src/engine';
import { sizeClusterToCurve } from '../../../src/engine/cluster-sizing';
import { ScenarioActions } from '../../../src/features/scenarios/scenario-actions';
import { ScenarioNotice } from '../../../src/features/scenarios/scenario-notice';
import { ScenariosView } from '../../../src/features/scenarios/scenarios-view';
import { formatMoney } from '../../../src/lib/format';
import { decodeScenarioHash, loadSaved, scenarioToJson } from '../../../src/scenario';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import type { AppStore } from '../../../src/state/store';
import { renderWithStore } from '../../render-with-store';
import { LiveKpis } from '../dashboard/render-dashboard';

const CNY = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;

/**
 * The scenario features as the shell composes them, without the rest of the app: the header's
 * actions (copy link, save), the notice above the views, and the KPI cards (to see a change arrive).
 */
function renderScenarios(scenario: Scenario = defaultScenario) {
  return renderWithStore(
    <>
      <ScenarioActions />
      <ScenarioNotice />
      <LiveKpis />
    </>,
    { scenario },
  );
}

/** Opens the Scenarios view on the same store, as its tab does (mounted when first opened). */
async function openScenarios(store: AppStore): Promise<void> {
  renderWithStore(<ScenariosView onShowDashboard={() => {}} />, { store });
  await screen.findByLabelText('Import CSV');
}

function csvFile(text: string, name = 'usage.csv') {
  return new File([text], name, { type: 'text/csv' });
}

const curve = Array.from({ length: 30 }, (_, i) => 12 + (i % 5));
const goodCsv = ['日期,GPU数', ...curve.map((g, i) => `2026-01-${String(i + 1).padStart(2, '0')},${g}`)].join(
  '\n',
);

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('share link', () => {
  it('“Copy link” copies the address of the current scenario, which decodes to that scenario', async () => {
    const { user, store } = renderScenarios(presets.burstyResearch as Scenario);
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    expect(writeText).toHaveBeenCalledTimes(1);
    const url = writeText.mock.calls[0]?.[0] ?? '';
    const decoded = decodeScenarioHash(new URL(url).hash);
    expect(decoded).toEqual({ ok: true, scenario: store.getState().scenario });
    expect(screen.getByText('Link copied. It holds every input of this scenario.')).toBeInTheDocument();
  });

  it('without a clipboard, shows the link in a read-only field to copy by hand', async () => {
    const { user } = renderScenarios();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    const field = screen.getByRole('textbox', { name: 'Share link' });
    expect(field).toHaveAttribute('readonly');
    expect(decodeScenarioHash(new URL((field as HTMLInputElement).value).hash)).toEqual({
      ok: true,
      scenario: defaultScenario,
    });
    expect(screen.getByText(/select the link below and copy it/)).toBeInTheDocument();
  });

  it('warns when the link is longer than 2,000 characters and still gives it', async () => {
    // A 104-week curve of irregular values, a name and a note of 200 unrelated Chinese characters
    // compress badly: a long link even when only its differences are stored.
    const weekly = Array.from({ length: 104 }, (_, i) => (((i + 1) * 7919 * 31337) % 99991) / 7.3);
    const name = Array.from({ length: 200 }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20_000)),
    ).join('');
    const long: Scenario = {
      ...defaultScenario,
      name,
      calibration: { ...defaultScenario.calibration, note: [...name].reverse().join('') },
      demand: { ...defaultScenario.demand, mode: 'weekly', weeklyGpus: weekly },
    };
    const { user } = renderScenarios(long);
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    const url = (screen.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value;
    expect(url.length).toBeGreaterThan(2_000);
    expect(screen.getByTestId('link-length-warning')).toHaveTextContent(
      `This link is ${url.length.toLocaleString('en')} characters long; chat tools may cut it.`,
    );
  });

  it('a damaged-link notice names the problem and goes away with “Dismiss”', async () => {
    const { user, store } = renderScenarios();
    store.getState().setNotice({
      kind: 'linkError',
      error: 'invalid',
      issues: [{ path: 'horizonMonths', message: 'Too small', code: 'tooSmall', limit: 1 }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link could not be opened');
    expect(alert).toHaveTextContent('(horizonMonths) must be at least 1');
    expect(alert).toHaveTextContent('default scenario');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(store.getState().scenario).toBe(defaultScenario);
  });
});

describe('saved scenarios', () => {
  it('“Save” stores the current scenario under the typed name and lists it in the Scenarios view', async () => {
    const { user, store } = renderScenarios(presets.steadyLab as Scenario);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Q3 plan');
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Save' }));

    expect(screen.getByTestId('save-status')).toHaveTextContent('Saved as “Q3 plan”.');
    const stored = loadSaved(localStorage).entries;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Q3 plan', scenario: { ...presets.steadyLab, name: 'Q3 plan' } });
    await openScenarios(store);
    expect(await screen.findByRole('listitem', { name: 'Q3 plan' })).toBeInTheDocument();
  });

  it('a save closes the form and confirms it by name, so the next “Save” opens the form and saves a second entry', async () => {
    const { user, store } = renderScenarios(presets.steadyLab as Scenario);
    const saveAs = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Save', expanded: false }));
      const field = screen.getByRole('textbox', { name: 'Name' });
      await user.clear(field);
      await user.type(field, name);
      await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Save' }));
    };

    await saveAs('First');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved as “First”.');
    // The scenario changes: the confirmation was about the one before.
    act(() => {
      store
        .getState()
        .commitScenario({ ...(presets.largeLab as Scenario), name: 'Other' }, { source: 'preset' });
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await saveAs('Second');
    expect(screen.getByRole('status')).toHaveTextContent('Saved as “Second”.');
    const stored = loadSaved(localStorage).entries;
    expect(stored.map((e) => e.name).sort()).toEqual(['First', 'Second']);
    expect(stored.find((e) => e.name === 'Second')?.scenario.hardware).toEqual(presets.largeLab?.hardware);
  });

  it('“Save” pressed while the form is open keeps it open with the name field focused', async () => {
    const { user } = renderScenarios();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save', expanded: true }));
    expect(screen.getByRole('form')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('a name with HTML renders as plain text', async () => {
    const name = '<img src=x onerror="window.hacked=1">';
    localStorage.setItem(
      SAVED_KEY,
      JSON.stringify([{ id: 'h', name, savedAt: '', scenario: { ...defaultScenario, name } }]),
    );
    const { store } = renderScenarios();
    await openScenarios(store);
    expect(screen.getByRole('heading', { name })).toHaveTextContent(name);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('“Open” makes a saved scenario the current one; “Delete” asks first and keeps it when declined', async () => {
    const saved = { ...presets.growingCompany, name: 'Growth' };
    localStorage.setItem(
      SAVED_KEY,
      JSON.stringify([{ id: 'g', name: 'Growth', savedAt: '', scenario: saved }]),
    );
    const { user, store } = renderScenarios();
    await openScenarios(store);
    const item = screen.getByRole('listitem', { name: 'Growth' });
    await user.click(within(item).getByRole('button', { name: 'Open' }));
    expect(store.getState().scenario).toEqual(saved);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    // The name is isolated (FSI … PDI, issue 42): a dialog's text cannot hold <bdi>.
    expect(confirm).toHaveBeenCalledWith(
      'Delete the saved scenario “\u2068Growth\u2069”? This cannot be undone.',
    );
    expect(loadSaved(localStorage).entries).toHaveLength(1);
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(loadSaved(localStorage).entries).toEqual([]);
    expect(screen.queryByRole('listitem', { name: 'Growth' })).not.toBeInTheDocument();
  });

  it('a name with a right-to-left override is isolated in the saved list’s messages and its confirmation (issue 42)', async () => {
    // Shown raw, "\u202Eexe.fdp" reads "pdf.exe" and reverses the text after it too.
    const name = '\u202Eexe.fdp';
    localStorage.setItem(
      SAVED_KEY,
      JSON.stringify([{ id: 'x', name, savedAt: '', scenario: { ...defaultScenario, name } }]),
    );
    const { user, store } = renderScenarios();
    await openScenarios(store);
    const item = screen.getByRole('listitem', { name });
    await user.click(within(item).getByRole('button', { name: 'Open' }));
    // A status message is a string: the name sits between FSI (U+2068) and PDI (U+2069).
    // The Scenarios view's own status line (the dashboard's live figures are a status too).
    const status = () => document.querySelector('.scenarios__status');
    expect(status()).toHaveTextContent(`Opened “\u2068${name}\u2069”.`);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(
      `Delete the saved scenario “\u2068${name}\u2069”? This cannot be undone.`,
    );
    expect(status()).toHaveTextContent(`Deleted “\u2068${name}\u2069”.`);
  });

  it('rename and duplicate change the stored list', async () => {
    localStorage.setItem(
      SAVED_KEY,
      JSON.stringify([
        { id: 'p', name: 'Plan', savedAt: '', scenario: { ...defaultScenario, name: 'Plan' } },
      ]),
    );
    const { user, store } = renderScenarios();
    await openScenarios(store);
    await user.click(
      within(screen.getByRole('listitem', { name: 'Plan' })).getByRole('button', { name: 'Rename' }),
    );
    const field = screen.getByRole('textbox', { name: 'New name for “Plan”' });
    await user.clear(field);
    await user.type(field, 'Plan B{Enter}');
    await user.click(
      within(screen.getByRole('listitem', { name: 'Plan B' })).getByRole('button', { name: 'Duplicate' }),
    );
    const names = loadSaved(localStorage).entries.map((e) => e.name);
    expect(names).toEqual(['Plan B', 'Plan B (copy)']);
  });

  it('a stored entry that no longer parses is kept aside, shown with its reason, and the app still works', async () => {
    localStorage.setItem(
      SAVED_KEY,
      JSON.stringify([
        { id: 'ok', name: 'Good', savedAt: '', scenario: defaultScenario },
        { id: 'bad', name: 'Broken', savedAt: '', scenario: { schemaVersion: 2, horizonMonths: 'x' } },
      ]),
    );
    const { store } = renderScenarios();
    await openScenarios(store);
    const aside = screen.getByRole('region', { name: 'Entries kept aside' });
    expect(aside).toHaveTextContent('"name":"Broken"');
    expect(within(aside).getByRole('button', { name: 'Export kept-aside entries' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Good' })).toBeInTheDocument();
    expect(loadSaved(localStorage).quarantined).toHaveLength(1);
    expect(screen.getByTestId('kpi-monthly-platform')).toHaveTextContent(formatMoney(37_500, CNY));
  });

  it('a full storage says so and leaves the saved list as it was', async () => {
    const { user } = renderScenarios();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('form')).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('storage is full');
    expect(localStorage.length).toBe(0);
  });
});

describe('files', () => {
  it('“Import JSON” of an exported file replaces the scenario', async () => {
    const { user, store } = renderScenarios();
    await openScenarios(store);
    const file = new File([scenarioToJson(presets.complianceEnterprise as Scenario)], 'plan.json', {
      type: 'application/json',
    });
    await user.upload(screen.getByLabelText('Import JSON'), file);
    await screen.findByText(/Loaded “\u2068.*\u2069” from \u2068plan\.json\u2069\./);
    expect(store.getState().scenario).toEqual(presets.complianceEnterprise);
  });

  it('“Import JSON” of a wrong file names the field and keeps the current scenario', async () => {
    const { user, store } = renderScenarios(presets.steadyLab as Scenario);
    await openScenarios(store);
    const bad = JSON.parse(scenarioToJson(presets.seedTeam as Scenario));
    bad.scenario.horizonMonths = -3;
    await user.upload(
      screen.getByLabelText('Import JSON'),
      new File([JSON.stringify(bad)], 'bad.json', { type: 'application/json' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('“bad.json” has invalid values');
    expect(alert).toHaveTextContent('(horizonMonths) must be at least');
    expect(alert).toHaveTextContent('Your current scenario is unchanged.');
    expect(store.getState().scenario).toBe(presets.steadyLab);
  });

  it('“Import CSV” previews the curve and changes nothing until Apply; Apply sets weekly demand and sizes self-build to its peak', async () => {
    const { user, store } = renderScenarios();
    await openScenarios(store);
    await user.upload(screen.getByLabelText('Import CSV'), csvFile(goodCsv));

    expect(await screen.findByRole('heading', { name: 'Preview of usage.csv' })).toBeInTheDocument();
    expect(screen.getByTestId('csv-weeks')).toHaveTextContent('30');
    expect(screen.getByTestId('csv-mean')).toHaveTextContent('14');
    expect(screen.getByTestId('csv-peak')).toHaveTextContent('16');
    expect(store.getState().scenario).toBe(defaultScenario);

    // Issue 44: the example's 8 GPUs were never the user's, so new demand is sized by the rule (the box
    // starts ticked): peak 16 GPUs ÷ 45 % (team level 3, siloed) = 35.6 → 5 servers of 8 = 40 GPUs.
    expect(
      screen.getByRole('checkbox', { name: /Size self-build capacity to the peak.*\(40 GPUs/ }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const next = store.getState().scenario;
    expect(next.demand).toEqual({ ...defaultScenario.demand, mode: 'weekly', weeklyGpus: curve });
    expect(next.selfBuild.capacityGpus).toBe(40);
    expect(next.selfBuild.capacitySizedBy).toBe('rule');
    expect(screen.getByTestId('kpi-monthly-platform')).toHaveTextContent(
      formatMoney(evaluate(next).strategies.platform.monthlyCny, CNY),
    );
  });

  it('“Size capacity to the peak” unticked keeps self-build’s 8 GPUs, as the user’s size', async () => {
    const { user, store } = renderScenarios();
    await openScenarios(store);
    await user.upload(screen.getByLabelText('Import CSV'), csvFile(goodCsv));
    expect(sizeClusterToCurve(defaultScenario, curve)).toBe(40);
    await user.click(
      await screen.findByRole('checkbox', { name: /Size self-build capacity to the peak.*\(40 GPUs/ }),
    );
    expect(screen.getByText('Self-build capacity stays at 8 GPUs.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(8);
    expect(store.getState().scenario.selfBuild.capacitySizedBy).toBe('user');
  });

  it('a cluster the user sized keeps its size on “Import CSV” (the box starts unticked); ticking it sizes to the peak', async () => {
    const { user, store } = renderScenarios(withCapacityByHand(defaultScenario, 16));
    await openScenarios(store);
    await user.upload(screen.getByLabelText('Import CSV'), csvFile(goodCsv));
    const box = await screen.findByRole('checkbox', {
      name: /Size self-build capacity to the peak.*\(40 GPUs/,
    });
    expect(box).not.toBeChecked();
    expect(screen.getByText('Self-build capacity stays at 16 GPUs.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(16);
    expect(store.getState().scenario.demand.weeklyGpus).toEqual(curve);

    await user.upload(screen.getByLabelText('Import CSV'), csvFile(goodCsv));
    await user.click(
      await screen.findByRole('checkbox', { name: /Size self-build capacity to the peak.*\(40 GPUs/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(store.getState().scenario.selfBuild.capacityGpus).toBe(40);
    expect(store.getState().scenario.selfBuild.capacitySizedBy).toBe('rule');
  });

  it('a CSV with a bad row names the line and the column and keeps the scenario', async () => {
    const { user, store } = renderScenarios();
    await openScenarios(store);
    const lines = goodCsv.split('\n');
    lines[7] = '2026-01-07,lots';
    await user.upload(screen.getByLabelText('Import CSV'), csvFile(lines.join('\n')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Line 8, column “GPU数”: “lots” is not a number.');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(store.getState().scenario).toBe(defaultScenario);
  });
});

describe('compare', () => {
  it('opens on the recommended strategy against the runner-up with the engine’s monthly difference', async () => {
    const { store } = renderScenarios();
    await openScenarios(store);
    // Seed: platform 37,500 recommended, runner-up rent 57,000.
    expect(screen.getByRole('combobox', { name: 'Strategy A' })).toHaveValue('platform');
    expect(screen.getByRole('combobox', { name: 'Strategy B' })).toHaveValue('rent');
    const row = screen.getByTestId('compare-monthly');
    expect(row).toHaveTextContent(formatMoney(37_500, CNY));
    expect(row).toHaveTextContent(formatMoney(57_000, CNY));
    expect(row).toHaveTextContent(`+${formatMoney(19_500, CNY)}`);
    // Utilization 75 % (platform) against 50 % (rent): a fall of 25 percentage points.
    expect(screen.getByTestId('compare-utilization')).toHaveTextContent('−25 pts');
  });

  it('compares a preset with the current scenario, strategy by strategy', async () => {
    const { user, store } = renderScenarios();
    await openScenarios(store);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scenario B' }), 'preset:burstyResearch');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Strategy B' }), 'platform');
    const b = evaluate(presets.burstyResearch as Scenario).strategies.platform.monthlyCny;
    const diff = b - 37_500;
    expect(screen.getByTestId('compare-monthly')).toHaveTextContent(`+${formatMoney(diff, CNY)}`);
    expect(screen.getByTestId('waterfall-summary')).toHaveTextContent(
      `From ${formatMoney(37_500, CNY)} per month (A) to ${formatMoney(b, CNY)} per month (B)`,
    );
  });
});
