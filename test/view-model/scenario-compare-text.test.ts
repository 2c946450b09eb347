import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  cashReport,
  energyReport,
  evaluate,
  newTrainingRun,
  presets,
  runGpuHours,
  type Scenario,
  withInput,
} from '../../src/engine';
import { switchDemandMode } from '../../src/engine/demand-mode';
import { createI18n } from '../../src/i18n';
import { csvText } from '../../src/lib/csv-text';
import { exportFileName } from '../../src/lib/file-name';
import { utf8Bytes } from '../../src/lib/graphemes';
import { compareScenarios } from '../../src/view-model/scenario-compare';
import {
  compareRowLabel,
  compareValueText,
  comparisonCsv,
  comparisonFileBase,
  inputValueText,
} from '../../src/view-model/scenario-compare-text';

const en = createI18n('en').t;
const zh = createI18n('zh-CN').t;
const CNY_EN = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };
const CNY_ZH = { locale: 'zh-CN' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };
const USD_EN = { ...CNY_EN, currency: 'USD' as const };

const seed = presets.seedTeam as Scenario;
const lab = presets.steadyLab as Scenario;

/** Parses the CSV this module writes (quoted fields with doubled quotes, CRLF rows), BOM removed, with
 * the parser the app reads CSV files with. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { newline: '\r\n', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('csvText', () => {
  it('quotes commas, quotes and line breaks, leads formula-like text with an apostrophe, keeps numbers as numbers', () => {
    const text = csvText([
      ['a,b', 'say "hi"', 'two\nlines', '=SUM(A1)', '-1', 12.5, -300],
      ['plain', '预算', '@cmd', '+1', ' edge', 0, Number.NaN],
    ]);
    expect(text).toBe(
      '\uFEFF"a,b","say ""hi""","two\nlines",\'=SUM(A1),\'-1,12.5,-300\r\nplain,预算,\'@cmd,\'+1," edge",0,\r\n',
    );
  });
});

describe('comparison wording', () => {
  it('labels rows in both languages: the winner, a year of cash, a category, an input', () => {
    const cmp = compareScenarios([
      { key: 'a', label: 'A', scenario: seed },
      { key: 'b', label: 'B', scenario: { ...seed, teamCapability: 2 } },
    ]);
    const byKey = (k: string) => cmp.rows.find((r) => r.key === k)!;
    expect(compareRowLabel(en, byKey('winner'), 'en')).toBe('Winner');
    expect(compareRowLabel(zh, byKey('winner'), 'zh-CN')).toBe('最优方案');
    expect(compareRowLabel(en, byKey('year.2'), 'en')).toBe('Cash out, year 2');
    expect(compareRowLabel(zh, byKey('year.2'), 'zh-CN')).toBe('第 2 年现金支出');
    expect(compareRowLabel(en, byKey('category.compute'), 'en')).toBe('Compute');
    expect(compareRowLabel(en, byKey('input.teamCapability'), 'en')).toBe('Team capability');
    expect(compareRowLabel(zh, byKey('monthly.platform'), 'zh-CN')).toBe('智算平台');
  });

  it('words values as the dashboard does: money in the display currency, whole percents, strategy names, choices', () => {
    expect(compareValueText({ kind: 'money', cny: 37_500, digits: 0 }, CNY_EN, en)).toBe('CN¥37,500');
    expect(compareValueText({ kind: 'money', cny: 72, digits: 0 }, USD_EN, en)).toBe('$10');
    expect(compareValueText({ kind: 'percent', fraction: 0.75 }, CNY_EN, en)).toBe('75%');
    expect(compareValueText({ kind: 'strategy', id: 'selfBuild' }, CNY_ZH, zh)).toBe('自建');
    expect(compareValueText({ kind: 'notAllowed' }, CNY_EN, en)).toBe('not allowed');
    expect(inputValueText('teamCapability', 2, CNY_EN, en)).toBe('2 · Part-time ops');
    expect(inputValueText('compliance', 'onPrem', CNY_ZH, zh)).toBe(zh('common:compliance.onPrem'));
    expect(inputValueText('selfBuild.serverPriceCny', 1_500_000, CNY_EN, en)).toBe('1,500,000 CNY');
    expect(inputValueText('selfBuild.serverPriceCny', 1_440_000, USD_EN, en)).toBe('200,000 USD');
    expect(inputValueText('finance.discountRateFractionPerYear', 0.08, CNY_EN, en)).toBe('8%/year');
    expect(inputValueText('hardware.selfBuild.modelId', 'h20', CNY_EN, en)).toBe('H20');
    expect(inputValueText('hardware.selfBuild.modelId', null, CNY_EN, en)).toBe('Custom (your own figures)');
    expect(inputValueText('hybrid.baselineGpus', null, CNY_EN, en)).toBe(
      'Choose the cheapest baseline automatically',
    );
  });
});

describe('a cluster already owned in a comparison', () => {
  it('is listed where scenarios differ in it, with its lens, worded in both languages', () => {
    const owned = presets.ownedH800s as Scenario;
    const sold: Scenario = { ...owned, existing: null };
    const cmp = compareScenarios([
      { key: 'a', label: 'Owned', scenario: owned },
      { key: 'b', label: 'None', scenario: sold },
    ]);
    const labels = cmp.rows.map((r) => compareRowLabel(en, r, 'en'));
    expect(labels).toContain('A cluster we already own');
    expect(labels).toContain('How to count the cluster you own');
    expect(inputValueText('existing', owned.existing, CNY_EN, en)).toBe(
      '64 servers, 24 months old, CN¥2,700,000 each',
    );
    expect(inputValueText('existing', owned.existing, CNY_ZH, zh)).toBe(
      '64 台，已使用 24 个月，每台 ¥2,700,000',
    );
    expect(inputValueText('existing', null, CNY_EN, en)).toBe(en('compare:none'));
    expect(inputValueText('finance.lens', 'marginal', CNY_EN, en)).toBe('marginal');
    expect(inputValueText('finance.lens', 'full', CNY_ZH, zh)).toBe('全成本');
  });
});

describe('comparisonCsv', () => {
  it('has one column per scenario named as on screen (Chinese and formula-like names safe) and the engine’s numbers', () => {
    const cheaper = withInput(seed, 'selfBuild.serverPriceCny', 1_500_000);
    const cmp = compareScenarios([
      { key: 'a', label: '种子团队', scenario: seed },
      { key: 'b', label: '=便宜的服务器', scenario: cheaper },
      { key: 'c', label: 'Lab, "steady"', scenario: lab },
    ]);
    const rows = parseCsv(comparisonCsv(cmp, CNY_ZH, zh));
    expect(rows[0]).toEqual([
      '分组',
      '指标',
      '单位',
      '种子团队',
      "'=便宜的服务器",
      'Lab, "steady"',
      '与第一列不同',
    ]);
    const find = (measure: string) => rows.find((r) => r[1] === measure)!;
    expect(find('最优方案').slice(3, 6)).toEqual(['智算平台', '智算平台', '智算平台']);
    expect(find('最优方案月成本').slice(2, 6)).toEqual([
      zh('common:units.cny'),
      '37500',
      String(Math.round(evaluate(cheaper).strategies.platform.monthlyCny)),
      String(Math.round(evaluate(lab).strategies.platform.monthlyCny)),
    ]);
    const npv = Math.round(cashReport(lab).strategies.platform.npvCny);
    expect(find('成本现值')[5]).toBe(String(npv));
    // The differing input names the columns that differ from the first.
    const price = find(zh('common:params.selfBuild.serverPriceCny'));
    expect(price[4]).toBe('1,500,000 CNY'.replace('CNY', zh('common:units.cny')));
    expect(price[6]).toBe('\'=便宜的服务器；Lab, "steady"');
    expect(rows.every((r) => r.length === 7)).toBe(true);
  });

  it('writes amounts in dollars at the stated rate, unit costs with cents, percents × 100', () => {
    const cmp = compareScenarios([{ key: 'a', label: 'Seed', scenario: seed }], 'rent');
    const rows = parseCsv(comparisonCsv(cmp, USD_EN, en));
    const find = (measure: string) => rows.find((r) => r[1] === measure)!;
    expect(find('Monthly cost of each strategy')).toBeUndefined();
    const rent = evaluate(seed).strategies.rent;
    expect(find('Rent').slice(2, 4)).toEqual(['USD', String(Math.round(57_000 / 7.2))]);
    expect(find('Cost per useful GPU-hour').slice(2, 4)).toEqual([
      en('common:unitsUsd.cnyPerGpuHour'),
      String(Math.round((rent.costPerUsefulGpuHourCny / 7.2) * 100) / 100),
    ]);
    expect(find('Utilization').slice(2, 4)).toEqual(['%', String(Math.round(rent.utilization * 1000) / 10)]);
    expect(find('Strategy shown')[0]).toBe('Cost of Rent');
  });
});

describe('energy and emissions in the comparison', () => {
  const cleaner: Scenario = { ...seed, energy: { ...seed.energy, gridKgCo2ePerKwh: 0.3 } };
  const cmp = compareScenarios(
    [
      { key: 'a', label: 'Seed', scenario: seed },
      { key: 'b', label: 'Cleaner grid', scenario: cleaner },
    ],
    'selfBuild',
  );
  /** The report's horizon total ÷ its years, rounded as the CSV writes it. */
  const perYear = (s: Scenario, f: (t: { kwh: number; scope2Kg: number; scope3Kg: number }) => number) => {
    const total = energyReport(s).ways.selfBuild.total;
    return f(total) / (s.horizonMonths / 12);
  };

  it('writes the rows in the CSV with their units, in both languages, numbers at the digits shown', () => {
    const rows = parseCsv(comparisonCsv(cmp, CNY_EN, en));
    const find = (measure: string) => rows.find((r) => r[1] === measure)!;
    const group = 'Energy and emissions of Self-build, a year on average';
    const kwh = find('kWh a year');
    expect(kwh.slice(0, 3)).toEqual([group, 'kWh a year', 'kWh a year']);
    expect(kwh.slice(3, 5)).toEqual(Array(2).fill(String(Math.round(perYear(seed, (t) => t.kwh)))));
    expect(kwh[5]).toBe('');
    const tonnes = find('t CO2e a year (scope 2 + 3)');
    expect(tonnes.slice(2, 6)).toEqual([
      't CO2e a year',
      String(Math.round(perYear(seed, (t) => t.scope2Kg + t.scope3Kg) / 100) / 10),
      String(Math.round(perYear(cleaner, (t) => t.scope2Kg + t.scope3Kg) / 100) / 10),
      'Cleaner grid',
    ]);
    const perHour = find('kg CO2e per useful GPU-hour');
    expect(perHour[2]).toBe('kg CO2e per useful GPU-hour');
    expect(perHour[3]).toBe(
      String(Math.round(energyReport(seed).ways.selfBuild.kgPerUsefulGpuHour * 1000) / 1000),
    );
    expect(find('Share of the kWh that is an estimate (providers’ servers)').slice(2, 6)).toEqual([
      '%',
      '0',
      '0',
      '',
    ]);
    // No subscript: the PDF font has no ₂.
    expect(rows.flat().some((c) => c.includes('₂'))).toBe(false);

    const zhRows = parseCsv(comparisonCsv(cmp, CNY_ZH, zh));
    const zhFind = (measure: string) => zhRows.find((r) => r[1] === measure)!;
    expect(zhFind('每年千瓦时').slice(0, 3)).toEqual([
      '自建：能耗与排放（测算期内每年平均）',
      '每年千瓦时',
      '千瓦时/年',
    ]);
    expect(zhFind('每年吨 CO2e（范围 2 + 范围 3）')[2]).toBe('吨 CO2e/年');
    expect(zhFind('每有效卡时千克 CO2e')[2]).toBe('千克 CO2e/有效卡时');
    expect(zhFind('千瓦时中属估算的比例（服务商的服务器）')[2]).toBe('%');
  });

  it('words the quantities with the locale, at the energy card’s digits', () => {
    const kwhRow = cmp.rows.find((r) => r.key === 'energy.kwhPerYear')!;
    const kwh = perYear(seed, (t) => t.kwh);
    expect(compareValueText(kwhRow.cells[0]!.value, CNY_EN, en)).toBe(
      new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(kwh),
    );
    expect(
      compareValueText({ kind: 'quantity', value: 53_632.8, unit: 'kwhPerYear', digits: 0 }, CNY_ZH, zh),
    ).toBe('53,633');
    expect(
      compareValueText(
        { kind: 'quantity', value: 1.24659, unit: 'kgCo2ePerUsefulGpuHour', digits: 3 },
        CNY_EN,
        en,
      ),
    ).toBe('1.247');
    expect(compareRowLabel(zh, kwhRow, 'zh-CN')).toBe('每年千瓦时');
  });
});

describe('comparisonFileBase', () => {
  it('keeps a recognisable part of each of four long Chinese names, and the whole file name within 255 bytes', () => {
    const long = (n: number) => `${n}号方案：华东数据中心自建与智算平台混合的三年预算（含增值税）`.repeat(3);
    const cmp = compareScenarios(
      [1, 2, 3, 4].map((n) => ({ key: String(n), label: long(n), scenario: seed })),
    );
    const base = comparisonFileBase(cmp, zh);
    expect(base.startsWith('场景对比 – 1号方案')).toBe(true);
    for (const n of [2, 3, 4]) expect(base).toContain(` · ${n}号方案`);
    const name = exportFileName(base, new Date(2026, 11, 1), 'csv');
    expect(utf8Bytes(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith(' – GPU TCO – 2026-12-01.csv')).toBe(true);
    expect(name).toContain('4号方案');
  });

  it('leaves short names whole', () => {
    const cmp = compareScenarios([
      { key: 'a', label: 'Lab', scenario: lab },
      { key: 'b', label: 'Budget 2026', scenario: seed },
    ]);
    expect(comparisonFileBase(cmp, en)).toBe('Comparison – Lab · Budget 2026');
  });
});

describe('comparison of demand forms', () => {
  const plan = switchDemandMode(
    {
      ...seed,
      trainingPlan: { runs: [newTrainingRun(seed)], recurringGpuHoursPerMonth: 0, onDemandGpus: 256 },
    },
    'plan',
  );

  it('words the plan’s rows and a form’s input the other column does not use, in both languages', () => {
    const c = compareScenarios([
      { key: 'a', label: 'Jobs', scenario: seed },
      { key: 'b', label: 'Plan', scenario: plan },
    ]);
    const row = (key: string) => c.rows.find((r) => r.key === key);
    const jobs = row('input.demand.jobsPerMonth');
    expect(jobs?.cells.map((cell) => compareValueText(cell.value, CNY_EN, en))).toEqual([
      inputValueText('demand.jobsPerMonth', seed.demand.jobsPerMonth, CNY_EN, en),
      'not used by its demand input',
    ]);
    expect(jobs?.cells[1]?.differs).toBe(true);
    const mode = row('input.demand.mode');
    expect(mode?.cells.map((cell) => compareValueText(cell.value, CNY_EN, en))).toEqual([
      en('common:choices.demandModeJobs'),
      'Training plan',
    ]);
    const runs = row('input.trainingPlan.runs');
    expect(runs && compareRowLabel(en, runs, 'en')).toBe('Training runs');
    expect(runs?.cells.map((cell) => compareValueText(cell.value, CNY_ZH, zh))).toEqual([
      '该需求输入方式不使用',
      '1 个训练任务',
    ]);
    const hours = row('input.trainingPlan.totalGpuHours');
    const perRun = runGpuHours(newTrainingRun(seed));
    expect(hours?.cells[1] && compareValueText(hours.cells[1].value, CNY_EN, en)).toBe(
      `${new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(perRun)} GPU-hours`,
    );
  });
});
