import {
  atSite,
  defaultScenario,
  type EnergyReport,
  energyReport,
  evaluate,
  newTrainingRun,
  planWeeklyCurve,
  type Scenario,
  STRATEGY_IDS,
} from '../../../src/engine';
import { energySection, pdfPlainText } from '../../../src/features/report-pdf/energy-section';
import { cmapCodePoints } from '../../../src/features/report-pdf/font/cmap';
import { textsOf, unprintableCharacters } from '../../../src/features/report-pdf/font/printable';
import type { ReportSection, ReportTable } from '../../../src/features/report-pdf/report-document';
import { buildReport } from '../../../src/features/report-pdf/report-model';
import { createI18n } from '../../../src/i18n';
import { formatNumber, type Locale, type MoneyFormat } from '../../../src/lib/format';
import { englishWords } from '../../english-words';
import { fontBytes } from './font/bundled-font';

const moneyIn = (locale: Locale): MoneyFormat => ({ locale, currency: 'CNY', cnyPerUsd: 7.2 });
const west = atSite(defaultScenario, 'westernHub');

function section(s: Scenario, locale: Locale = 'en'): { section: ReportSection; report: EnergyReport } {
  const report = energyReport(s);
  return { section: energySection(s, report, moneyIn(locale), createI18n(locale).t), report };
}

function tableOf(s: ReportSection): ReportTable {
  const block = s.blocks.find((b) => b.kind === 'table');
  if (block?.kind !== 'table') throw new Error('no table');
  return block.table;
}

const texts = (s: ReportSection) =>
  s.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.text] : b.kind === 'list' ? b.items : []));

/** The rows of one way: from the row naming it to its total row. */
function rowsOf(table: ReportTable, wayIndex: number): string[][] {
  const starts = table.body.flatMap((row, i) => (row[0] ? [i] : []));
  const from = starts[wayIndex] ?? -1;
  return table.body.slice(from, starts[wayIndex + 1] ?? table.body.length);
}

describe('the PDF’s “Energy and emissions” page', () => {
  for (const [name, s] of [
    ['the default scenario (own values)', defaultScenario],
    ['the western hub', west],
  ] as const) {
    it(`${name}: every way and every year, kWh and t CO₂e as the engine’s report, a total row per way`, () => {
      const { section: page, report } = section(s);
      expect(page.id).toBe('energy');
      expect(page.heading).toBe('Energy and emissions');
      const table = tableOf(page);
      expect(table.head).toEqual([
        'Way',
        'Year',
        'kWh',
        't CO2e, scope 2 (power)',
        't CO2e, scope 3 (embodied)',
        'kg CO2e per useful GPU-hour',
      ]);
      const years = Math.ceil(s.horizonMonths / 12);
      expect(table.body).toHaveLength(STRATEGY_IDS.length * (years + 1));
      STRATEGY_IDS.forEach((id, w) => {
        const way = report.ways[id];
        const rows = rowsOf(table, w);
        expect(rows).toHaveLength(years + 1);
        // Worked here: kWh whole, kg ÷ 1,000 to t (scope 2 to 0.1 t, scope 3 to 0.01 t, as on the card).
        way.years.forEach((y, i) => {
          expect(rows[i]?.slice(1)).toEqual([
            `Year ${i + 1}`,
            new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(y.kwh),
            new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(y.scope2Kg / 1000),
            new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(y.scope3Kg / 1000),
            '',
          ]);
        });
        const total = rows[years] ?? [];
        const sum = (k: 'kwh' | 'scope2Kg' | 'scope3Kg') => way.years.reduce((a, y) => a + y[k], 0);
        expect(total[1]).toBe('Total');
        expect(total[2]).toBe(formatNumber(sum('kwh'), 'en'));
        expect(total[3]).toBe(formatNumber(sum('scope2Kg') / 1000, 'en', 1));
        expect(total[4]).toBe(formatNumber(sum('scope3Kg') / 1000, 'en', 2));
        const perHour = (way.total.scope2Kg + way.total.scope3Kg) / way.usefulGpuHours;
        expect(total[5]).toBe(formatNumber(perHour, 'en', 3));
        expect(table.highlightRows).toContain(table.body.indexOf(total));
      });
      // The providers' figures are estimates; the own cluster's are the cost model's energy.
      expect(rowsOf(table, STRATEGY_IDS.indexOf('selfBuild'))[0]?.[0]).toBe('Self-build');
      expect(rowsOf(table, STRATEGY_IDS.indexOf('rent'))[0]?.[0]).toBe('Rent (estimate)');
      expect(rowsOf(table, STRATEGY_IDS.indexOf('platform'))[0]?.[0]).toBe('Platform (estimate)');
      expect(texts(page).some((x) => x.startsWith('(estimate): more than half'))).toBe(true);
      // The card's method and sources, in the same words.
      const t = createI18n('en').t;
      expect(texts(page)).toContain(pdfPlainText(t('finance:energy.method'), 'en'));
      expect(texts(page)).toContain(pdfPlainText(t('finance:energy.source.factors'), 'en'));
    });
  }

  it('rent’s year 1 and the western hub’s self-build year 1, worked from the report', () => {
    const { section: page, report } = section(west);
    const table = tableOf(page);
    const rent = report.ways.rent.years[0];
    expect(table.body).toContainEqual([
      'Rent (estimate)',
      'Year 1',
      formatNumber(rent?.kwh ?? Number.NaN, 'en'),
      formatNumber((rent?.scope2Kg ?? Number.NaN) / 1000, 'en', 1),
      formatNumber((rent?.scope3Kg ?? Number.NaN) / 1000, 'en', 2),
      '',
    ]);
    const own = report.ways.selfBuild.years[0];
    expect(own?.providerKwh).toBe(0);
    expect(table.body[0]?.[2]).toBe(formatNumber(own?.kwh ?? Number.NaN, 'en'));
    // The western hub's own kWh are fewer than the default's (PUE 1.2, not 1.3).
    expect(own?.kwh).toBeLessThan(energyReport(defaultScenario).ways.selfBuild.years[0]?.kwh ?? 0);
  });

  it('states the site and its factors in one sentence, and cites the site’s source', () => {
    const site = texts(section(west).section)[0];
    expect(site).toBe(
      "The own cluster's site: Western hub (Ningxia, Gansu) — power CN¥0.4/kWh, PUE 1.2, grid 0.5543 kg CO2e/kWh; the providers' GPUs at PUE 1.49 on a grid of 0.5306 kg CO2e/kWh; embodied emissions 165 kg CO2e per GPU.",
    );
    expect(texts(section(west).section).join(' ')).toContain('Northwest grid 0.5543');
    const own = texts(section(defaultScenario).section);
    expect(own[0]).toContain('site: Own values — power CN¥0.6/kWh, PUE 1.3, grid 0.5306');
    expect(own.join(' ')).toContain('national average grid factor 0.5306');
  });

  it('says a power cap below the cluster’s draw, and only then', () => {
    const draw = energyReport(defaultScenario).ownDrawMw;
    const capped = (powerCapMw: number | null): Scenario => ({
      ...defaultScenario,
      energy: { ...defaultScenario.energy, powerCapMw },
    });
    const overCap = (s: Scenario) => texts(section(s).section).filter((x) => x.includes('at the meter'));
    expect(overCap(capped(null))).toEqual([]);
    expect(overCap(capped(draw * 2))).toEqual([]);
    const low = Math.round((draw / 2) * 1000) / 1000;
    expect(low).toBeLessThan(draw);
    expect(overCap(capped(low))).toEqual([
      `The own cluster draws ${formatNumber(draw, 'en', 2)} MW at the meter (maximum power × PUE), more than the site's ${formatNumber(low, 'en', 2)} MW: budget a power retrofit, or a second site.`,
    ]);
  });

  it('a partial last year is named with its months', () => {
    const s = { ...west, horizonMonths: 30 };
    const table = tableOf(section(s).section);
    const rows = rowsOf(table, 0);
    expect(rows.map((r) => r[1])).toEqual(['Year 1', 'Year 2', 'Year 3 (6 months)', 'Total']);
  });

  it('zh-CN: Chinese headings and labels, no English words in the table’s header or row labels', () => {
    const { section: page, report } = section(west, 'zh-CN');
    expect(page.heading).toBe('能耗与排放');
    const table = tableOf(page);
    // CO2e is the chemical formula (CO₂e on the dashboard, in Chinese too), not an English word.
    const words = (text: string) => englishWords(text.replace(/CO2e/g, ''));
    expect(table.head.flatMap(words)).toEqual([]);
    expect(table.body.flatMap((row) => words(`${row[0]} ${row[1]}`))).toEqual([]);
    expect(table.head).toContain('千瓦时');
    expect(table.body[0]?.slice(0, 3)).toEqual([
      '自建',
      '第 1 年',
      formatNumber(report.ways.selfBuild.years[0]?.kwh ?? Number.NaN, 'zh-CN'),
    ]);
    const zhNames = { selfBuild: '自建', rent: '租用', platform: '智算平台', hybrid: '混合' } as const;
    expect(table.body.map((r) => r[0]).filter(Boolean)).toEqual(
      STRATEGY_IDS.map((id) => `${zhNames[id]}${report.ways[id].providerShare > 0.5 ? '（估算）' : ''}`),
    );
    // The page's own sentences (the site, the caption, the estimate note); the sources name their publishers.
    const [site, origin, caption] = texts(page);
    expect(site).toContain('西部枢纽（宁夏、甘肃）');
    // The draw's origin: the estimate, naming the scheduler and its field that would measure it.
    expect(origin).toContain('均为估算');
    expect(words(origin ?? '')).toEqual(['ConsumedEnergyRaw', 'Slurm']);
    expect(site).toContain('电价 ¥0.4/千瓦时');
    expect(
      [site, caption, texts(page).find((x) => x.startsWith('（估算）'))].flatMap((x) => words(x ?? '')),
    ).toEqual([]);
  });

  it('prints every character with the bundled font: the card’s CO₂ written CO2, never □', () => {
    expect(pdfPlainText('kg CO₂e, CO₂ and H₂O', 'zh-CN')).toBe('kg CO2e, CO2 and H2O');
    const capped = { ...west, energy: { ...west.energy, powerCapMw: 0.001 } };
    for (const weight of ['regular', 'bold'] as const) {
      const coverage = cmapCodePoints(fontBytes(weight));
      for (const locale of ['en', 'zh-CN'] as const)
        for (const s of [defaultScenario, west, capped]) {
          const page = section(s, locale).section;
          expect(textsOf(page).join('')).not.toMatch(locale === 'en' ? /[₂’]/ : /₂/);
          expect(unprintableCharacters(textsOf(page), coverage)).toEqual([]);
        }
    }
    // The card's texts are reused, not rewritten: the method and the factors' sources, digits made plain.
    const t = createI18n('zh-CN').t;
    expect(texts(section(west, 'zh-CN').section)).toContain(
      pdfPlainText(t('finance:energy.source.factors'), 'zh-CN'),
    );
  });

  it('sits in every PDF after cash by year and before uncertainty', () => {
    const ids = buildReport({
      scenario: west,
      evaluation: evaluate(west),
      locale: 'en',
      money: moneyIn('en'),
      shareUrl: 'https://example.test/#s1.abc',
      generatedAt: new Date(2026, 2, 5, 14, 5),
      monteCarlo: null,
      tornado: null,
      t: createI18n('en').t,
    }).sections.map((s) => s.id);
    expect(ids.indexOf('energy')).toBe(ids.indexOf('cash') + 1);
    expect(ids.indexOf('uncertainty')).toBe(ids.indexOf('energy') + 1);
  });
});

describe('the carbon price on the PDF’s energy page', () => {
  it('is said with its line per kWh only when there is one (100 CNY/t × 0.5306 kg/kWh ÷ 1,000 = 0.0531 CNY/kWh)', () => {
    const priced = { ...defaultScenario, energy: { ...defaultScenario.energy, carbonPriceCnyPerTonne: 100 } };
    expect(texts(section(priced).section).join(' ')).toContain(
      "Carbon price 100 CNY per t CO2e: the own cluster's energy carries 0.0531 CNY per kWh",
    );
    expect(texts(section(defaultScenario).section).join(' ')).not.toContain('Carbon price');
  });
});

describe('the page’s table per training run', () => {
  it('a plan of two runs (10,000 and 30,000 GPU-hours): a quarter and three quarters of each way’s horizon kWh and t', () => {
    const s = structuredClone(defaultScenario);
    s.trainingPlan.recurringGpuHoursPerMonth = 0;
    s.trainingPlan.runs = [10_000, 30_000].map((h, i) => ({
      ...newTrainingRun(s, i === 0 ? 'Pretrain' : ''),
      sizeBy: 'gpuHours' as const,
      gpuHours: h,
      modelId: s.hardware.referenceModelId ?? 'h800',
      startWeek: 4 + i * 30,
      gpus: 8,
    }));
    s.demand = {
      ...s.demand,
      mode: 'plan',
      weeklyGpus: planWeeklyCurve(s.trainingPlan, s.hardware.referenceDenseTflopsPerGpu),
    };
    const { section: page, report } = section(s);
    const block = page.blocks.find((b) => b.kind === 'table' && b.table.id === 'energyRuns');
    if (block?.kind !== 'table') throw new Error('no table per run');
    expect(block.table.head).toEqual([
      'Run',
      'Reference GPU-hours',
      'Self-build',
      'Rent',
      'Platform',
      'Hybrid',
    ]);
    expect(block.table.body.map((r) => r[0])).toEqual(['Pretrain', 'Run 2']);
    const total = report.ways.platform.total;
    const kwh = formatNumber((total.kwh * 3) / 4, 'en');
    const tonnes = formatNumber(((total.scope2Kg + total.scope3Kg) * 3) / 4 / 1000, 'en', 1);
    expect(block.table.body[1]?.[4]).toBe(`${kwh} kWh · ${tonnes} t`);
    // Without a plan, no table per run.
    expect(
      section(defaultScenario).section.blocks.some((b) => b.kind === 'table' && b.table.id === 'energyRuns'),
    ).toBe(false);
  });
});
