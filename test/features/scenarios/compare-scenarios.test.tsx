// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import { defaultScenario, energyReport, evaluate, presets, type Scenario } from '../../../src/engine';
import { CompareScenarios } from '../../../src/features/scenarios/compare-scenarios';
import { createI18n } from '../../../src/i18n';
import { formatMoney, formatNumber } from '../../../src/lib/format';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import { renderWithStore } from '../../render-with-store';

const CNY = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
const lab = presets.steadyLab as Scenario;
const large = presets.largeLab as Scenario;

/** The default scenario with a part-time ops team, as schema v4 stored it (before the v5 `measured` block). */
const V4_PART_TIME: Record<string, unknown> = (() => {
  const { measured: _m, ...rest } = structuredClone(defaultScenario);
  return { ...rest, schemaVersion: 4, teamCapability: 2, name: 'Part-time ops (old save)' };
})();

function storeSaved(entries: { id: string; name: string; scenario: unknown }[]) {
  localStorage.setItem(SAVED_KEY, JSON.stringify(entries.map((e) => ({ ...e, savedAt: '' }))));
}

function captureDownloads(): { blobs: Blob[]; names: string[] } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:test';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

const table = () => screen.getByTestId('compare-scenarios-table');
const columns = () => within(table()).getAllByTestId('compare-column');
/** The scenario names the column headings show (without their remove buttons). */
const columnNames = () => columns().map((c) => c.querySelector('.compare4__name')?.textContent);
const rowCells = (key: string) =>
  within(table())
    .getAllByTestId('compare-scenarios-row')
    .find((r) => r.getAttribute('data-row') === key)
    ?.querySelectorAll('td') ?? [];

/** A saved name as an option, a remove button or a caption holds it: isolated (FSI … PDI, issue 42). */
const isolated = (name: string) => `\u2068${name}\u2069`;

/** Adds each scenario by its name; a saved one's option shows the name isolated, a preset's plain. */
async function addAll(user: ReturnType<typeof renderWithStore>['user'], labels: string[]) {
  for (const label of labels) {
    const picker = screen.getByRole('combobox', { name: 'Add a scenario to compare' }) as HTMLSelectElement;
    const option = [...picker.options].find((o) => o.text === label || o.text === isolated(label));
    if (!option) throw new Error(`no option “${label}”`);
    await user.selectOptions(picker, option.value);
    await user.click(screen.getByRole('button', { name: 'Add' }));
  }
}

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('compare up to four scenarios', () => {
  it('compares the current scenario with three saved ones (one saved by an older version): four columns, each winner the engine’s', async () => {
    storeSaved([
      { id: 'lab', name: 'Steady lab', scenario: lab },
      { id: 'old', name: 'Part-time ops (old save)', scenario: V4_PART_TIME },
      { id: 'large', name: '大型实验室 2026', scenario: large },
    ]);
    const { user } = renderWithStore(<CompareScenarios />);
    expect(columns()).toHaveLength(1);
    expect(screen.getByText('Add at least one more scenario to compare.')).toBeInTheDocument();
    await addAll(user, ['Steady lab', 'Part-time ops (old save)', '大型实验室 2026']);

    expect(columnNames()).toEqual([
      `Current: ${presetLabel('seedTeam')}`,
      'Steady lab',
      'Part-time ops (old save)',
      '大型实验室 2026',
    ]);
    const old = { ...defaultScenario, teamCapability: 2 as const };
    const winners = [defaultScenario, lab, old, large].map((s) => evaluate(s).recommendation.strategy);
    expect([...rowCells('winner')].map((td) => td.getAttribute('data-value'))).toEqual(winners);
    expect(rowCells('winnerMonthly')[0]).toHaveTextContent(formatMoney(37_500, CNY));
    // Four is the most: the picker says so and is disabled.
    expect(screen.getByRole('combobox', { name: 'Add a scenario to compare' })).toBeDisabled();
    expect(screen.getByText('Four scenarios are compared; remove one to add another.')).toBeInTheDocument();
  });

  it('marks the differing input of the old save against the first column, and nothing else in that row', async () => {
    storeSaved([{ id: 'old', name: 'Part-time ops (old save)', scenario: V4_PART_TIME }]);
    const { user } = renderWithStore(<CompareScenarios />);
    await addAll(user, ['Part-time ops (old save)']);
    const team = [...rowCells('input.teamCapability')];
    expect(team.map((td) => td.getAttribute('data-differs'))).toEqual([null, 'true']);
    expect(team[1]).toHaveTextContent('2 · Part-time ops');
    expect(team[1]).toHaveTextContent('differs from the first column');
    // Only the team differs (the name is not an input).
    const inputRows = within(table())
      .getAllByTestId('compare-scenarios-row')
      .filter((r) => r.getAttribute('data-row')?.startsWith('input.'));
    expect(inputRows.map((r) => r.getAttribute('data-row'))).toEqual(['input.teamCapability']);
  });

  it('removes a column, offers it again, and never offers a scenario already compared', async () => {
    const { user } = renderWithStore(<CompareScenarios />);
    await addAll(user, [presetLabel('steadyLab')]);
    expect(columns()).toHaveLength(2);
    const picker = screen.getByRole('combobox', { name: 'Add a scenario to compare' });
    expect(within(picker).queryByRole('option', { name: presetLabel('steadyLab') })).toBeNull();
    await user.click(
      screen.getByRole('button', {
        name: `Remove “${isolated(presetLabel('steadyLab'))}” from the comparison`,
      }),
    );
    expect(columns()).toHaveLength(1);
    expect(within(picker).getByRole('option', { name: presetLabel('steadyLab') })).toBeInTheDocument();
  });

  it('isolates a name with a right-to-left override in its option and its remove button (issue 42)', async () => {
    // Shown raw, "\u202Eexe.fdp" reads "pdf.exe"; an <option> or an aria-label cannot hold <bdi>.
    const name = '\u202Eexe.fdp';
    storeSaved([{ id: 'x', name, scenario: lab }]);
    const { user } = renderWithStore(<CompareScenarios />);
    const picker = screen.getByRole('combobox', { name: 'Add a scenario to compare' }) as HTMLSelectElement;
    const option = [...picker.options].find((o) => o.value === 'saved:x');
    expect(option?.text).toBe(`\u2068${name}\u2069`);
    await user.selectOptions(picker, 'saved:x');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // The heading keeps it in <bdi>; the remove button's label and title isolate it.
    expect(columnNames()[1]).toBe(name);
    const remove = screen.getByRole('button', { name: `Remove “\u2068${name}\u2069” from the comparison` });
    expect(remove).toHaveAttribute('title', `Remove “\u2068${name}\u2069” from the comparison`);
  });

  it('numbers two saved entries of the same name apart', async () => {
    storeSaved([
      { id: 'a', name: 'Budget', scenario: lab },
      { id: 'b', name: 'Budget', scenario: large },
    ]);
    const { user } = renderWithStore(<CompareScenarios />);
    const picker = screen.getByRole('combobox', { name: 'Add a scenario to compare' });
    const budgets = within(picker).getAllByRole('option', {
      name: isolated('Budget'),
    }) as HTMLOptionElement[];
    for (const value of budgets.map((o) => o.value)) {
      await user.selectOptions(picker, value);
      await user.click(screen.getByRole('button', { name: 'Add' }));
    }
    expect(columnNames().slice(1)).toEqual(['Budget', 'Budget (2)']);
  });

  it('takes out an entry deleted elsewhere with a message, and the rest still compare', async () => {
    storeSaved([
      { id: 'lab', name: 'Steady lab', scenario: lab },
      { id: 'large', name: 'Large', scenario: large },
    ]);
    const { user } = renderWithStore(<CompareScenarios />);
    await addAll(user, ['Steady lab', 'Large']);
    expect(columns()).toHaveLength(3);
    // Another tab deletes "Steady lab".
    act(() => {
      storeSaved([{ id: 'large', name: 'Large', scenario: large }]);
      window.dispatchEvent(new StorageEvent('storage', { key: SAVED_KEY }));
    });
    // The message names the entry in <bdi> (issue 42): matched on the whole paragraph's text.
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          /“Steady lab” is no longer among the saved scenarios/.test(el.textContent ?? ''),
      ),
    ).toBeInTheDocument();
    expect(columns()).toHaveLength(2);
    expect(rowCells('winner')[1]?.getAttribute('data-value')).toBe(evaluate(large).recommendation.strategy);
  });

  it('says that a saved entry which no longer loads is not offered, and compares the others', async () => {
    storeSaved([
      { id: 'lab', name: 'Steady lab', scenario: lab },
      { id: 'bad', name: 'Broken', scenario: { schemaVersion: 2, horizonMonths: 'soon' } },
    ]);
    const { user } = renderWithStore(<CompareScenarios />);
    expect(
      screen.getByText(
        'Saved entries that could not be read (1) are not offered here; the saved list above says why.',
      ),
    ).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Add a scenario to compare' });
    expect(within(picker).queryByRole('option', { name: isolated('Broken') })).toBeNull();
    await addAll(user, ['Steady lab']);
    expect(columns()).toHaveLength(2);
  });

  it('names the product in Chinese in a Chinese comparison’s file name (review #70)', async () => {
    const downloads = captureDownloads();
    storeSaved([{ id: 'lab', name: '稳定实验室', scenario: lab }]);
    const { user } = renderWithStore(<CompareScenarios />, { locale: 'zh-CN' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: '添加要对比的场景' }),
      isolated('稳定实验室'),
    );
    await user.click(screen.getByRole('button', { name: '添加' }));
    await user.click(screen.getByRole('button', { name: '下载对比（CSV）' }));
    expect(downloads.names[0]).toMatch(/ – GPU 总拥有成本 – \d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('downloads the comparison as CSV named after the scenarios, with the table’s numbers', async () => {
    const downloads = captureDownloads();
    storeSaved([{ id: 'lab', name: '稳定实验室', scenario: lab }]);
    const { user } = renderWithStore(<CompareScenarios />);
    await addAll(user, ['稳定实验室']);
    await user.click(screen.getByRole('button', { name: 'Download comparison (CSV)' }));
    expect(downloads.names).toHaveLength(1);
    expect(downloads.names[0]).toMatch(
      /^Comparison – Current .*… · 稳定实验室 – GPU TCO – \d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = await (downloads.blobs[0] as Blob).text();
    expect(text).toContain('稳定实验室');
    const winnerLine = text.split('\r\n').find((l) => l.startsWith('Result,Winner’s monthly cost,'));
    expect(winnerLine).toBe(
      // The last column names the columns that differ from the first: the lab's cost does.
      `Result,Winner’s monthly cost,CNY,37500,${Math.round(evaluate(lab).strategies[evaluate(lab).recommendation.strategy].monthlyCny)},稳定实验室`,
    );
  });

  it('shows the energy and emissions of each winner a year on average, under their own heading, and in the CSV', async () => {
    const downloads = captureDownloads();
    const { user } = renderWithStore(<CompareScenarios />);
    await addAll(user, [presetLabel('steadyLab')]);
    expect(
      within(table()).getByText('Energy and emissions of each scenario’s winner, a year on average'),
    ).toBeInTheDocument();
    const kwhPerYear = [defaultScenario, lab].map((s) => {
      const total = energyReport(s).ways[evaluate(s).recommendation.strategy].total;
      return total.kwh / (s.horizonMonths / 12);
    });
    expect([...rowCells('energy.kwhPerYear')].map((td) => td.firstChild?.textContent)).toEqual(
      kwhPerYear.map((v) => formatNumber(v, 'en')),
    );
    await user.click(screen.getByRole('button', { name: 'Download comparison (CSV)' }));
    const text = await (downloads.blobs[0] as Blob).text();
    const kwhLine = text.split('\r\n').find((l) => l.includes(',kWh a year,kWh a year,'));
    expect(kwhLine?.split(',').slice(-4, -1)).toEqual([
      'kWh a year',
      ...kwhPerYear.map((v) => String(Math.round(v))),
    ]);
  });
});

function presetLabel(id: string): string {
  return createI18n('en').t(`common:presets.${id}`);
}
