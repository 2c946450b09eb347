// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { defaultScenario, presets, type Scenario } from '../../../src/engine';
import { ScenarioNotice } from '../../../src/features/scenarios/scenario-notice';
import { ScenariosView } from '../../../src/features/scenarios/scenarios-view';
import { createI18n } from '../../../src/i18n';
import type { Locale } from '../../../src/lib/format';
import { decodeScenarioHash, encodeScenarioHash, scenarioToJson } from '../../../src/scenario';
import { MAX_CSV_BYTES } from '../../../src/scenario/csv-limits';
import { MAX_FILE_BYTES } from '../../../src/scenario/json-file';
import { QUARANTINE_KEY } from '../../../src/scenario/kept-aside';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import { englishWords } from '../../english-words';

// The view renders the comparison charts in jsdom; give the file a generous ceiling on busy machines.
vi.setConfig({ testTimeout: 30_000 });

function renderView(locale: Locale, scenario: Scenario = presets.steadyLab as Scenario) {
  const store = createAppStore({ scenario, locale });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <ScenariosView onShowDashboard={() => {}} />
        <ScenarioNotice />
      </I18nextProvider>
    </StoreProvider>,
  );
  return { store, user: userEvent.setup() };
}

/** A file that reports `size` bytes and records whether anything read it. */
function fileOfSize(name: string, type: string, size: number) {
  const file = new File(['{}'], name, { type });
  const read = vi.fn(async () => {
    throw new Error('must not be read');
  });
  Object.defineProperty(file, 'size', { value: size });
  Object.defineProperty(file, 'text', { value: read });
  Object.defineProperty(file, 'arrayBuffer', { value: read });
  return { file, read };
}

/** A file whose contents the browser cannot read (moved or deleted after it was chosen). */
function unreadableFile(name: string, type: string) {
  const file = new File(['x'], name, { type });
  const fail = async () => {
    throw new DOMException('gone', 'NotReadableError');
  };
  Object.defineProperty(file, 'text', { value: fail });
  Object.defineProperty(file, 'arrayBuffer', { value: fail });
  return file;
}

const weeks = Array.from({ length: 30 }, (_, i) => 12 + (i % 5));

beforeEach(() => localStorage.clear());

describe('files that are too large or cannot be read', () => {
  it('refuses a JSON file above the limit from its size, without reading it', async () => {
    const { user, store } = renderView('en');
    const { file, read } = fileOfSize('huge.json', 'application/json', MAX_FILE_BYTES + 1);
    await user.upload(screen.getByLabelText('Import JSON'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“huge.json” is too large to be a scenario file. Your current scenario is unchanged.',
    );
    expect(read).not.toHaveBeenCalled();
    expect(store.getState().scenario).toBe(presets.steadyLab);
  });

  it('says a JSON file could not be read when reading fails', async () => {
    const { user, store } = renderView('en');
    await user.upload(screen.getByLabelText('Import JSON'), unreadableFile('gone.json', 'application/json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“gone.json” could not be read. Your current scenario is unchanged.',
    );
    expect(store.getState().scenario).toBe(presets.steadyLab);
  });

  it('refuses a CSV file above the limit from its size, without reading it', async () => {
    const { user } = renderView('en');
    const { file, read } = fileOfSize('huge.csv', 'text/csv', MAX_CSV_BYTES + 1);
    await user.upload(screen.getByLabelText('Import CSV'), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is larger than 2 MB, too large for weekly usage.',
    );
    expect(read).not.toHaveBeenCalled();
  });

  it('says a CSV file could not be read when reading fails', async () => {
    const { user } = renderView('en');
    await user.upload(screen.getByLabelText('Import CSV'), unreadableFile('gone.csv', 'text/csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be read.');
  });
});

describe('error messages in Chinese carry no English', () => {
  it('a link that decodes to invalid values names the fields in Chinese', async () => {
    const bad = structuredClone(defaultScenario) as Scenario & Record<string, unknown>;
    Object.assign(bad, { compliance: 'secret' });
    bad.selfBuild.powerIdleKwPerServer = 9;
    const decoded = decodeScenarioHash(encodeScenarioHash(bad));
    if (decoded.ok) throw new Error('expected the link to be refused');
    const { store } = renderView('zh-CN');
    act(() =>
      store.getState().setNotice({ kind: 'linkError', error: decoded.error, issues: decoded.issues }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('合规级别 (compliance) 不是允许的选项');
    expect(alert).toHaveTextContent(
      '每台服务器空闲功率 (selfBuild.powerIdleKwPerServer) 不能超过每台服务器满载功率',
    );
    expect(englishWords(alert.textContent ?? '')).toEqual([]);
  });

  it('a link from a newer app version says so in Chinese', async () => {
    const decoded = decodeScenarioHash(encodeScenarioHash({ ...defaultScenario, schemaVersion: 18 as 17 }));
    if (decoded.ok) throw new Error('expected the link to be refused');
    const { store } = renderView('zh-CN');
    act(() =>
      store.getState().setNotice({ kind: 'linkError', error: decoded.error, issues: decoded.issues }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('由更新版本的应用生成（本应用最多读取第 17 版数据格式）');
    expect(englishWords(alert.textContent ?? '')).toEqual([]);
  });

  it('a JSON file with an unknown option and a too-short curve is explained in Chinese', async () => {
    const { user } = renderView('zh-CN');
    const bad = JSON.parse(scenarioToJson(defaultScenario));
    bad.scenario.hybrid.baselineMode = 'leased';
    bad.scenario.demand = { ...bad.scenario.demand, mode: 'weekly', weeklyGpus: [1, 2, 3] };
    await user.upload(
      screen.getByLabelText('导入 JSON'),
      new File([JSON.stringify(bad)], 'bad.json', { type: 'application/json' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('混合方案的基线 (hybrid.baselineMode) 不是允许的选项');
    expect(alert).toHaveTextContent('按周用量曲线 (demand.weeklyGpus) 需要 26–104 周');
    // The file name is the person's own text.
    expect(englishWords((alert.textContent ?? '').replaceAll('bad.json', ''))).toEqual([]);
  });

  it('a CSV with an unclosed quote and a number too big is explained in Chinese, with locale numbers', async () => {
    const { user } = renderView('zh-CN');
    const rows = weeks.map((g, i) => `2026-01-${String(i + 1).padStart(2, '0')},${g}`);
    rows[1] = '2026-01-02,2000000';
    rows[29] = '2026-01-30,"12';
    await user.upload(
      screen.getByLabelText('导入 CSV'),
      new File([['日期,GPU数', ...rows].join('\n')], 'usage.csv', { type: 'text/csv' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('第 3 行，“GPU数”列：“2000000”大于 1,000,000。');
    expect(alert).toHaveTextContent('第 31 行：引号未闭合或位置不对');
    expect(englishWords((alert.textContent ?? '').replaceAll('usage.csv', ''))).toEqual([]);
  });

  it('an entry kept aside shows its reason in Chinese', async () => {
    localStorage.setItem(
      SAVED_KEY,
      JSON.stringify([
        { id: 'b', name: '坏的', savedAt: '', scenario: { ...defaultScenario, horizonMonths: 1 } },
      ]),
    );
    localStorage.setItem(QUARANTINE_KEY, '{damaged');
    renderView('zh-CN');
    const aside = screen.getByRole('region', { name: '已隔离的条目' });
    expect(aside).toHaveTextContent('原因：测算期 (horizonMonths) 不能小于 12');
    expect(aside).toHaveTextContent('原因：隔离条目列表本身已损坏，现按原样保留在此');
    const reasons = [...aside.querySelectorAll('.quarantine__reason')].map((el) => el.textContent ?? '');
    expect(reasons.flatMap(englishWords)).toEqual([]);
  });
});
