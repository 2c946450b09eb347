import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import {
  COST_CATEGORIES,
  cashReport,
  chooseModel,
  evaluate,
  hardwareSummary,
  PARAMETERS,
  presets,
  readInput,
  type Scenario,
  STRATEGY_IDS,
  tornado,
  withUserEdits,
} from '../../../src/engine';
import { monteCarlo } from '../../../src/engine/uncertainty';
import { capexTotal, cashSection, summaryOf } from '../../../src/features/report-pdf/cash-section';
import { buildWorkbook, workbookBytes } from '../../../src/features/report-pdf/excel-workbook';
import { lineChartSvg } from '../../../src/features/report-pdf/line-chart-svg';
import type { Report } from '../../../src/features/report-pdf/report-document';
import { buildReport, shortLink } from '../../../src/features/report-pdf/report-model';
import { topRisks } from '../../../src/features/report-pdf/risks';
import { wrapText } from '../../../src/features/report-pdf/wrap-text';
import { createI18n } from '../../../src/i18n';
import { formatMoney, formatPercent, type MoneyFormat } from '../../../src/lib/format';

const seed = presets.seedTeam as Scenario;
const GENERATED_AT = new Date(2026, 11, 1, 9, 30);
const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };

/** The seed team with a dearer rental and a longer horizon: a named, modified budget scenario. */
function budgetScenario(): Scenario {
  const s = structuredClone(seed);
  s.name = '2026 预算：方案 B（混合）';
  s.horizonMonths = 30;
  s.rent.priceCnyPerServerHour = 110;
  s.selfBuild.serverPriceCny = 1_800_000;
  return s;
}

// Fewer draws keep the test quick; the report prints whatever the analysis returned.
const analyses = (s: Scenario) => ({ monteCarlo: monteCarlo(s, { draws: 2000 }), tornado: tornado(s) });

function report(s: Scenario, m: MoneyFormat = money, extra: Partial<Parameters<typeof buildReport>[0]> = {}) {
  return buildReport({
    scenario: s,
    evaluation: evaluate(s),
    locale: m.locale,
    money: m,
    shareUrl:
      'https://example.test/#s=1.abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789',
    generatedAt: GENERATED_AT,
    ...analyses(s),
    t: createI18n(m.locale).t,
    ...extra,
  });
}

const tableById = (r: Report, id: string) => {
  for (const s of r.sections)
    for (const b of s.blocks) if (b.kind === 'table' && b.table.id === id) return b.table;
  throw new Error(`no ${id}`);
};

describe('cash section', () => {
  it("is the engine's cashReport, year by year, line by line, with its NPV (and the evaluation's NPV)", () => {
    const s = budgetScenario();
    const ev = evaluate(s);
    const cr = cashReport(s);
    const cash = cashSection(s, 'en');
    expect(cash.columns.map((c) => c.months)).toEqual([12, 12, 6]);
    for (const id of STRATEGY_IDS) {
      const row = summaryOf(cash, id);
      expect(row.years).toEqual(cr.strategies[id].years.map((y) => y.cashOutCny));
      expect(row.npv).toBe(cr.strategies[id].npvCny);
      expect(row.npv).toBeCloseTo(ev.strategies[id].npvCny, 4);
      expect(row.total).toBe(cr.strategies[id].totalCashCny);
      const lines = cash.detail.filter((d) => d.strategy === id);
      const cumulative = lines.find((d) => d.line.kind === 'cumulative');
      expect(cumulative?.years).toEqual(cr.strategies[id].years.map((y) => y.cumulativeCny));
      for (const category of COST_CATEGORIES) {
        const line = lines.find((d) => d.line.kind === 'category' && d.line.category === category);
        const expected = cr.strategies[id].years.map((y) => y.opexCny[category]);
        if (line) expect(line.years).toEqual(expected);
        else for (const v of expected) expect(Math.abs(v)).toBeLessThan(1e-9);
      }
    }
    expect(capexTotal(cash, 'selfBuild')).toBe(
      cr.strategies.selfBuild.years.reduce((a, y) => a + y.capexCny, 0),
    );
  });

  it("carries self-build's IRR and discounted payback against each rental from cashReport", () => {
    const s = budgetScenario();
    const cr = cashReport(s);
    const cash = cashSection(s, 'en');
    for (const r of cash.returns) {
      const e = cr.selfBuildVs[r.comparator];
      expect(r.npvAdvantage).toBe(e.incrementalNpvCny);
      if (e.irrFractionPerYear === null) expect(r.irr.kind).toBe('none');
      else expect(r.irr).toEqual({ kind: 'rate', fractionPerYear: e.irrFractionPerYear });
      if (e.discountedPaybackMonth === null) expect(r.payback.kind).toBe('never');
      else if (e.discountedPaybackMonth > 0)
        expect(r.payback).toMatchObject({ month: e.discountedPaybackMonth });
    }
  });

  it('prints the IRR row and the payback in the report, "never" said plainly when it never pays back', () => {
    const s = budgetScenario();
    const cr = cashReport(s);
    const t = createI18n('en').t;
    const returns = tableById(report(s), 'returns');
    expect(returns.head).toEqual([
      'Compared with',
      'NPV of building instead',
      'IRR of building',
      'Discounted payback',
    ]);
    const rentIrr = cr.selfBuildVs.rent.irrFractionPerYear;
    expect(returns.body[0]?.[2]).toBe(
      rentIrr === null ? expect.stringMatching(/^None/) : formatPercent(rentIrr, 'en', 1),
    );
    expect(returns.body[0]?.[1]).toBe(formatMoney(cr.selfBuildVs.rent.incrementalNpvCny, money));
    // A very dear own cluster never pays back against the platform.
    const dear = structuredClone(s);
    dear.selfBuild.serverPriceCny = 50_000_000;
    const never = tableById(report(dear), 'returns');
    expect(never.body.map((r) => r[3])).toContain(t('finance:returns.paybackNever', { years: '2.5' }));
  });

  it('states the VAT basis when the VAT view is on', () => {
    const s = budgetScenario();
    s.vat = { ...s.vat, enabled: true, inputVatDeductible: true };
    const cash = tableById(report(s), 'cash');
    expect(cash).toBeTruthy();
    const section = report(s).sections.find((x) => x.id === 'cash');
    const texts = section?.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.text] : [])) ?? [];
    expect(texts.some((x) => x.startsWith('Amounts net of VAT'))).toBe(true);
    const off = report(budgetScenario()).sections.find((x) => x.id === 'cash');
    expect(off?.blocks.some((b) => b.kind === 'paragraph' && b.text.includes('VAT'))).toBe(false);
  });

  it('leaves a strategy ruled out by compliance out and names the lowest NPV among the others', () => {
    const s = { ...budgetScenario(), compliance: 'onPrem' as const };
    const cash = cashSection(s, 'en');
    expect(summaryOf(cash, 'rent').eligible).toBe(false);
    expect(cash.lowestNpv).toBe('selfBuild');
    const printed = tableById(report(s), 'cash');
    expect(printed.body[0]?.[STRATEGY_IDS.indexOf('rent') + 1]).toBe('not allowed');
  });

  it('prints an NPV row per strategy in the report, formatted as the dashboard formats money', () => {
    const s = budgetScenario();
    const ev = evaluate(s);
    const npvRow = tableById(report(s), 'cash').foot.find((row) => row[0]?.startsWith('NPV at 8.0%'));
    expect(npvRow?.slice(1)).toEqual(STRATEGY_IDS.map((id) => formatMoney(ev.strategies[id].npvCny, money)));
  });
});

describe('tables in 万元 (review #11)', () => {
  it('when the large unit is chosen, each table states 单位：万元 once and its cells are bare numbers with two decimals', () => {
    const s = budgetScenario();
    const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };
    const r = report(s, zh, { scale: 'large' });
    const cr = cashReport(s);
    // The figure as the test computes it: yuan ÷ 10,000, two decimals, thousands separators.
    const wan = (cny: number) =>
      (cny / 10_000)
        .toFixed(2)
        .replace(/\B(?=(\d{3})+(?!\d))/, ',')
        .replace(/^-/, '\u2212');
    const cash = tableById(r, 'cash');
    const col = 1 + STRATEGY_IDS.indexOf('selfBuild');
    expect(cash.body[0]?.[col]).toBe(wan(cr.strategies.selfBuild.years[0]?.cashOutCny ?? Number.NaN));
    expect(cash.foot[0]?.[col]).toBe(wan(cr.strategies.selfBuild.totalCashCny));
    const na = '不可选（合规限制）';
    for (const id of ['cash', 'returns', 'cumulative', 'cashLines', 'breakdown', 'budgetPlan']) {
      const table = tableById(r, id);
      const amounts =
        id === 'breakdown' ? [...table.body, ...table.foot.slice(0, 2)] : [...table.body, ...table.foot];
      const columns = id === 'returns' ? [1] : table.numericColumns;
      for (const row of amounts)
        for (const c of columns) {
          const cell = row[c] ?? '';
          if (cell === '' || cell === na) continue;
          expect(cell, `${id}: ${cell}`).toMatch(/^\u2212?\d{1,3}(,\d{3})*\.\d\d$/);
        }
    }
    // The unit is said once above each table (the breakdown's unit costs keep their ¥).
    const notes: string[] = [];
    for (const sec of r.sections)
      for (const b of sec.blocks)
        if ((b.kind === 'paragraph' && b.text.startsWith('单位：')) || b.kind === 'subheading')
          notes.push(b.text);
    // Four money pages, and the ladder's page once for its two tables.
    expect(notes.filter((n) => n === '单位：万元')).toHaveLength(5);
    expect(notes).toContain('单位：万元（单位成本除外）');
    expect(notes).toContain('按项目与年份的现金，单位：万元');
    // Page 1's KPI table says its unit in the heads of its amount columns.
    expect(
      tableById(r, 'kpis')
        .head.slice(1, 4)
        .every((h) => h.endsWith('（万元）')),
    ).toBe(true);
    expect(tableById(r, 'kpis').body[0]?.[1]).toBe(wan(evaluate(s).strategies.selfBuild.monthlyCny));
  });

  it('whole amounts keep their currency in each cell and no unit line', () => {
    const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };
    const r = report(budgetScenario(), zh, { scale: 'unit' });
    expect(tableById(r, 'cash').body[0]?.[1]).toMatch(/^¥[\d,]+$/);
    expect(JSON.stringify(r)).not.toContain('"单位：万元"');
  });
});

describe('hardware in the report', () => {
  it('prints cost per useful PFLOP-hour beside per GPU-hour (KPI table and breakdown), from the StrategyResult', () => {
    const s = budgetScenario();
    const ev = evaluate(s);
    const r = report(s);
    const kpis = tableById(r, 'kpis');
    const col = kpis.head.indexOf('Per useful PFLOP-hour');
    expect(col).toBe(kpis.head.indexOf('Per useful GPU-hour') + 1);
    STRATEGY_IDS.forEach((id, i) => {
      expect(kpis.body[i]?.[col]).toBe(formatMoney(ev.strategies[id].costPerUsefulPflopHourCny, money, 2));
    });
    const foot = tableById(r, 'breakdown').foot.find((row) => row[0] === 'Per useful PFLOP-hour');
    expect(foot?.slice(1)).toEqual(
      STRATEGY_IDS.map((id) => formatMoney(ev.strategies[id].costPerUsefulPflopHourCny, money, 2)),
    );
  });

  it("lists each way's GPU model and filled inputs with source and date, marking the user's values", () => {
    const s = chooseModel(budgetScenario(), 'rent', 'h100');
    s.rent.priceCnyPerServerHour = 99;
    const edited = withUserEdits(s);
    const hw = tableById(report(edited), 'hardware');
    const summary = hardwareSummary(edited);
    const rentModel = hw.body.find((row) => row[0] === 'Renting servers' || row[2]?.startsWith('H100'));
    expect(rentModel?.[2]).toContain(summary[1]?.modelName ?? 'missing');
    const rentPrice = hw.body.findIndex((row) => row[2]?.includes('(your value)'));
    expect(rentPrice).toBeGreaterThanOrEqual(0);
    expect(hw.highlightRows).toContain(rentPrice);
    const own = summary[0]?.inputs[0];
    const ownRow = hw.body.find(
      (row) => row[3] === own?.catalogue?.source && row[4] === own?.catalogue?.asOf,
    );
    expect(ownRow).toBeTruthy();
  });
});

describe('risks', () => {
  it('puts first how often another strategy is cheapest, then the largest tornado swings with break-evens', () => {
    const s = budgetScenario();
    const ev = evaluate(s);
    const { monteCarlo: mc, tornado: tor } = analyses(s);
    const risks = topRisks(s, ev, mc, tor);
    expect(risks).toHaveLength(3);
    const winner = ev.recommendation.strategy;
    expect(risks[0]).toMatchObject({
      kind: 'notCheapest',
      winner,
      shareNotCheapest: 1 - (mc.strategies[winner].pCheapest ?? 0),
    });
    expect(risks.slice(1).map((r) => (r.kind === 'sensitivity' ? r.path : r.kind))).toEqual(
      tor.rows.slice(0, 2).map((r) => r.path),
    );
    const withBreakEven = risks.find((r) => r.kind === 'sensitivity' && r.breakEven);
    expect(withBreakEven).toBeDefined();
  });

  it('falls back to the recommendation’s flips without analyses, and page 1 lists the risks in words', () => {
    const s = budgetScenario();
    const ev = evaluate(s);
    expect(topRisks(s, ev, null, null).every((r) => r.kind === 'flip')).toBe(true);
    const summary = report(s).sections[0];
    expect(summary?.id).toBe('summary');
    // The last list of page 1 is the risks (the one before it, the advice's reasons).
    const lists = summary?.blocks.filter((b) => b.kind === 'list') ?? [];
    const risks = lists.at(-1);
    const items = risks?.kind === 'list' ? risks.items : [];
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/simulated draws/);
    expect(items.join(' ')).not.toMatch(/\{\{/);
  });
});

describe('risks in round figures (review #34)', () => {
  it('page 1 states the server price, its break-even, its range and the gap in 万元, without 它使', () => {
    const s = budgetScenario();
    const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };
    const { tornado: tor } = analyses(s);
    const row = tor.rows.find((r) => r.path === 'selfBuild.serverPriceCny');
    expect(row).toBeDefined();
    const r = report(s, zh);
    const lists = r.sections[0]?.blocks.filter((b) => b.kind === 'list') ?? [];
    const last = lists.at(-1);
    const items = last?.kind === 'list' ? last.items : [];
    const line = items.find((x) => x.startsWith('服务器价格'));
    expect(line, items.join('\n')).toBeDefined();
    // Worked out here from the engine's yuan: ÷ 10,000, one decimal at most.
    const wan = (cny: number) => `${Number((cny / 10_000).toFixed(1)).toLocaleString('en')} 万元`;
    expect(line).toContain(`（当前 ${wan(s.selfBuild.serverPriceCny)}）`);
    expect(line).toContain(`在 ${wan(row?.low ?? 0).replace(' 万元', '')}–${wan(row?.high ?? 0)}区间内`);
    expect(line).toContain(`月成本差变动约 ${wan(row?.swingCny ?? 0)}`);
    if (row?.breakEven) {
      const move = row.breakEven.value < s.selfBuild.serverPriceCny ? '降至约' : '升至约';
      expect(line).toContain(`${move} ${wan(row.breakEven.value)}时自建与成本最低的外部算力持平`);
    }
    expect(line).not.toMatch(/¥/);
    expect(items.join('')).not.toMatch(/它使/);
  });
});

describe('report structure', () => {
  it('page 1 is the executive summary: verdict, date, prepared by, notes, what is bought, KPIs, chart, recommendation with its reasons, risks', () => {
    const r = report(budgetScenario(), money, { preparedBy: 'Zhang San', notes: 'For the board' });
    expect(r.title).toBe('2026 预算：方案 B（混合）');
    expect(r.sections.map((s) => s.id)).toEqual([
      'summary',
      'cash',
      'energy',
      'uncertainty',
      'sizing',
      'ladder',
      'scenario',
      'recommendation',
      'breakdown',
      'assumptions',
      'methodology',
      'share',
    ]);
    const blocks = r.sections[0]?.blocks ?? [];
    expect(blocks.map((b) => b.kind)).toEqual([
      'paragraph',
      'facts',
      'table',
      'paragraph',
      'paragraph',
      'chart',
      'subheading',
      'paragraph',
      'list',
      'subheading',
      'list',
      'pageBreak',
    ]);
    const ev = evaluate(budgetScenario());
    const facts = blocks[1]?.kind === 'facts' ? blocks[1].rows : [];
    expect(facts.map((f) => f.label)).toEqual([
      'Date',
      'Prepared by',
      'Notes',
      'Demand and horizon',
      `Buying (${createI18n('en').t(`common:strategy.${ev.recommendation.strategy}`)})`,
      'Owning instead (self-build)',
    ]);
    expect(facts.slice(0, 3).map((f) => f.value)).toEqual(['December 1, 2026', 'Zhang San', 'For the board']);
    // The horizon, then the cost view its figures are in.
    expect(facts[3]?.value).toMatch(
      /over 30 months \(2\.5 years\)\. Economic view: capital at 8\.0% a year\.$/,
    );
    // Owning: the GPUs, the model, the capex in its parts (1 server, the rest as fractions of it) and
    // when it is paid.
    expect(facts[5]?.value).toContain(formatMoney(ev.strategies.selfBuild.capexCny, money));
    expect(facts[5]?.value).toMatch(
      /^Own 8 GPUs \(.+\): capex .+ = 1 × .+ servers \+ network 12% .+ \+ storage 5% .+ \+ fit-out 5% .+, paid on delivery in month \d/,
    );
    // The advice's three strongest reasons, in words.
    const reasons = blocks[8]?.kind === 'list' ? blocks[8].items : [];
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.length).toBeLessThanOrEqual(3);
    expect(reasons.join(' ')).not.toMatch(/\{\{|recommendation\./);
  });

  it('uncertainty: P(cheapest) and P10/P50/P90 per strategy from the Monte Carlo, and the tornado’s break-evens', () => {
    const s = budgetScenario();
    const { monteCarlo: mc, tornado: tor } = analyses(s);
    const r = report(s);
    const table = tableById(r, 'uncertainty');
    STRATEGY_IDS.forEach((id, i) => {
      const p = mc.strategies[id].monthlyCny;
      expect(table.body[i]?.slice(2)).toEqual(
        p ? [formatMoney(p.p10, money), formatMoney(p.p50, money), formatMoney(p.p90, money)] : [],
      );
    });
    const tornadoTable = tableById(r, 'tornado');
    expect(tornadoTable.body).toHaveLength(Math.min(8, tor.rows.length));
    expect(tornadoTable.body[0]?.[5]).toMatch(/self-build cheaper (below|above)|none in range/);
  });

  it('marks and counts the assumptions changed from the defaults', () => {
    const r = report(budgetScenario());
    const table = tableById(r, 'assumptions');
    const changed = PARAMETERS.flatMap((m, i) => (table.highlightRows.includes(i) ? [m.path] : []));
    expect(changed).toEqual(
      expect.arrayContaining(['horizonMonths', 'rent.priceCnyPerServerHour', 'selfBuild.serverPriceCny']),
    );
    const text = JSON.stringify(r.sections.find((s) => s.id === 'assumptions'));
    expect(text).toContain(`${table.highlightRows.length} assumptions differ from the defaults`);
  });

  it('prints the share link once, shortened, with the QR code holding it whole', () => {
    const r = report(budgetScenario());
    const qr = r.sections.at(-1)?.blocks[0];
    expect(qr?.kind).toBe('qr');
    if (qr?.kind !== 'qr') return;
    expect(qr.url).toBe(r.shareUrl);
    expect(qr.line).toContain(shortLink(r.shareUrl));
    expect(qr.line).not.toContain(r.shareUrl);
  });

  it('uses no internal words in either language', () => {
    for (const m of [money, { ...money, locale: 'zh-CN' as const }]) {
      const budgetPages = ['summary', 'cash', 'uncertainty'];
      const sections = report(budgetScenario(), m).sections.filter((x) => budgetPages.includes(x.id));
      expect(sections).toHaveLength(3);
      const text = JSON.stringify(sections);
      expect(text).not.toMatch(/\bseed\b|种子|MODEL|README|§/i);
    }
  });
});

describe('line chart SVG', () => {
  it('draws each series as a path, breaks lines at nulls and escapes the labels', () => {
    const svg = lineChartSvg({
      width: 200,
      height: 100,
      fontFamily: 'NotoSansSC',
      xDomain: [0, 10],
      xTicks: [0, 10],
      xTickLabel: String,
      xTitle: 'A & B',
      yTicks: [0, 5],
      yTickLabel: String,
      series: [
        {
          key: 'a',
          color: '#000',
          points: [
            [0, 1],
            [5, null],
            [10, 2],
          ],
        },
      ],
    });
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('A &amp; B');
  });
});

describe('Excel workbook', () => {
  const build = async (s: Scenario, m: MoneyFormat, scale?: 'unit' | 'large') => {
    const input = {
      scenario: s,
      evaluation: evaluate(s),
      money: m,
      ...(scale ? { scale } : {}),
      t: createI18n(m.locale).t,
      scenarioName: s.name,
      generatedAt: GENERATED_AT,
      preparedBy: 'Zhang San',
      ...analyses(s),
    };
    const bytes = await workbookBytes(input);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    return { wb, bytes, names: buildWorkbook(input).worksheets.map((w) => w.name) };
  };
  const rowWith = (sheet: ExcelJS.Worksheet, text: string): ExcelJS.Row => {
    let found: ExcelJS.Row | null = null;
    sheet.eachRow((r) => {
      if (!found && r.getCell(1).text === text) found = r;
    });
    if (!found) throw new Error(`no row ${text} in ${sheet.name}`);
    return found;
  };

  for (const locale of ['en', 'zh-CN'] as const)
    it(`names its sheets in the reader's language with Inputs and Reconciliation, headers frozen (${locale})`, async () => {
      const { wb, names } = await build(budgetScenario(), { locale, currency: 'CNY', cnyPerUsd: 7 });
      expect(names).toEqual(
        locale === 'en'
          ? [
              'Summary',
              'Inputs',
              'Costs',
              'Curve',
              'Cash by year',
              'Monthly cash',
              'Energy',
              'Ladder',
              'Reconciliation',
              'Uncertainty',
              'Sizing',
              'Glossary',
            ]
          : [
              '摘要',
              '输入',
              '成本计算',
              '曲线',
              '逐年现金流',
              '逐月现金流',
              '能耗与排放',
              '承诺组合',
              '核对',
              '不确定性',
              '规模',
              '术语表',
            ],
      );
      for (const sheet of wb.worksheets.slice(0, 7)) {
        const view = sheet.views[0] as ExcelJS.WorksheetViewFrozen | undefined;
        expect(view?.state, sheet.name).toBe('frozen');
        expect(view?.ySplit, sheet.name).toBeGreaterThan(0);
      }
    });

  it('names every input cell after its engine path, holding the scenario value', async () => {
    const s = budgetScenario();
    const { wb } = await build(s, money);
    for (const meta of PARAMETERS) {
      const name = meta.path.replace(/\./g, '_');
      const [range] = wb.definedNames.getRanges(name).ranges;
      expect(range, name).toMatch(/^'?Inputs'?!\$B\$\d+$/);
      const row = Number(range?.replace(/.*\$/, ''));
      expect(wb.getWorksheet('Inputs')?.getRow(row).getCell(2).value, name).toBe(readInput(s, meta.path));
    }
    expect(
      wb
        .getWorksheet('Inputs')
        ?.getCell(
          `B${Number(wb.definedNames.getRanges('selfBuild_serverPriceCny').ranges[0]?.replace(/.*\$/, ''))}`,
        ).numFmt,
    ).toBe('#,##0');
  });

  it('writes every formula with its cached result, a result of 0 included, and whole numbers without a trailing point', async () => {
    const { bytes } = await build(budgetScenario(), money);
    const zip = unzipSync(new Uint8Array(bytes));
    let formulas = 0;
    let zeros = 0;
    for (const file of Object.keys(zip).filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))) {
      const xml = strFromU8(zip[file] as Uint8Array);
      for (const cell of xml?.match(/<c [^>]*>.*?<\/c>/g) ?? []) {
        if (!cell.includes('<f>')) continue;
        formulas++;
        expect(cell, file).toMatch(/<v>[^<]*<\/v>|t="str"/);
        if (/<v>0<\/v>/.test(cell)) zeros++;
      }
    }
    expect(formulas).toBeGreaterThan(1000);
    expect(zeros).toBeGreaterThan(10);
    const styles = strFromU8(zip['xl/styles.xml'] as Uint8Array);
    expect(styles).not.toMatch(/formatCode="[^"]*\.#/);
  });

  it('shows the Summary in the unit chosen: USD in 万 is the CNY figure ÷ (rate × 10,000), a formula', async () => {
    const s = budgetScenario();
    const ev = evaluate(s);
    const { wb } = await build(s, { locale: 'zh-CN', currency: 'USD', cnyPerUsd: 7 }, 'large');
    const summary = wb.getWorksheet('摘要') as ExcelJS.Worksheet;
    const row = rowWith(summary, createI18n('zh-CN').t('common:strategy.selfBuild'));
    const monthly = row.getCell(2).value as ExcelJS.CellFormulaValue;
    expect(monthly.formula).toMatch(/\/display_cnyPerUnit$/);
    expect(monthly.result).toBeCloseTo(ev.strategies.selfBuild.monthlyCny / 70_000, 6);
    expect(row.getCell(2).numFmt).toBe('#,##0.0');
  });

  it('does not mark the job-form rows changed on a weekly curve, where they do not apply', async () => {
    const s = structuredClone(presets.steadyLab as Scenario);
    s.demand.jobsPerMonth = 99;
    const { wb } = await build(s, money);
    const row = rowWith(
      wb.getWorksheet('Inputs') as ExcelJS.Worksheet,
      createI18n('en').t('common:params.demand.jobsPerMonth'),
    );
    expect(row.getCell(6).text).toBe('does not apply (weekly curve)');
  });
});

describe('wrapText', () => {
  // One unit per character: widths are easy to reason about.
  const measure = (t: string) => [...t].length;
  const cut = (t: string, w: number) =>
    [...t].reduce<string[]>((lines, ch, i) => {
      if (i % w === 0) lines.push('');
      lines[lines.length - 1] += ch;
      return lines;
    }, []);

  it('breaks Chinese between characters, keeping closing punctuation on its line', () => {
    // 8 units a line: "627,000 时" would be 9, so 时 starts the next line; 。 never starts one.
    expect(wrapText('为 627,000 时，自建与租用成本相同。', 8, measure, cut)).toEqual([
      '为',
      '627,000',
      '时，自建与租用成',
      '本相同。',
    ]);
    expect(wrapText('自建与租用成本相同。', 9, measure, cut)).toEqual(['自建与租用成本相同。']);
  });

  it('keeps a number with its unit and the × before it (review L6): “× 8 卡” and “约 109.6 万元” never split', () => {
    // 10 units a line: "20 次 × 24 " is full before 小, so "× 24 " goes down with it; then "× 24 小时 ×"
    // fits but 8 does not — the × goes down with its number rather than end the line.
    expect(wrapText('20 次 × 24 小时 × 8 卡', 10, measure, cut)).toEqual(['20 次', '× 24 小时', '× 8 卡']);
    // 9 units: "降至约 109.6 万元" breaks before 万 — "109.6 " goes down with it, 约 stays.
    expect(wrapText('降至约 109.6 万元时', 9, measure, cut)).toEqual(['降至约', '109.6 万元时']);
    // A number alone on its line stays there (nothing would be left): the unit starts the next.
    expect(wrapText('627,000 时', 8, measure, cut)).toEqual(['627,000', '时']);
  });

  it('leaves no single Chinese character alone on a last line (review L6): “环境准 / 备” becomes “环境 / 准备”', () => {
    expect(wrapText('每个任务在租用服务器上的环境准备', 15, measure, cut)).toEqual([
      '每个任务在租用服务器上的环境',
      '准备',
    ]);
    // A closing mark travels with the last character; a last line of two characters stays.
    expect(wrapText('自建与租用成本相同了。', 9, measure, cut)).toEqual(['自建与租用成本相', '同了。']);
    expect(wrapText('自建与租用成本相同了', 8, measure, cut)).toEqual(['自建与租用成本相', '同了']);
    expect(wrapText('自建与租用成本相', 7, measure, cut)).toEqual(['自建与租用成', '本相']);
  });

  it('never ends a line on an opening bracket (review L6): it goes down with what it opens', () => {
    // 7 units a line: "利用率上限，按团队（" would leave （ at the end of the first line.
    expect(wrapText('利用率上限，按（小型专职团队）', 7, measure, cut)).toEqual([
      '利用率上限，按',
      '（小型专职团队）',
    ]);
    expect(wrapText('自有集群利用率（小型', 8, measure, cut)).toEqual(['自有集群利用率', '（小型']);
  });

  it('breaks Latin text at spaces and cuts a word longer than the line', () => {
    expect(wrapText('aa bb cc', 5, measure, cut)).toEqual(['aa bb', 'cc']);
    expect(wrapText('abcdefghij', 4, measure, cut)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
