import {
  evaluate,
  PARAMETERS,
  presetShape,
  presets,
  presetTermShape,
  type Scenario,
  STRATEGY_IDS,
} from '../../../src/engine';
import type { Report, ReportTable, WizardAnswers } from '../../../src/features/report-pdf/report-document';
import { buildReport, reportFileName } from '../../../src/features/report-pdf/report-model';
import { tableMoney } from '../../../src/features/report-pdf/report-text';
import { createI18n } from '../../../src/i18n';
import { formatMoney, formatPercent, type MoneyFormat } from '../../../src/lib/format';
import { makeScenario } from '../../factories';

const GENERATED_AT = new Date(2026, 2, 5, 14, 5);

function report(
  scenario: Scenario,
  money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 },
  wizard?: WizardAnswers,
): Report {
  return buildReport({
    scenario,
    evaluation: evaluate(scenario),
    locale: money.locale,
    money,
    shareUrl: 'https://example.test/#s1.abc',
    generatedAt: GENERATED_AT,
    ...(wizard ? { wizard } : {}),
    monteCarlo: null,
    tornado: null,
    t: createI18n(money.locale).t,
  });
}

function tableOf(r: Report, id: ReportTable['id']): ReportTable {
  for (const section of r.sections) {
    for (const block of section.blocks)
      if (block.kind === 'table' && block.table.id === id) return block.table;
  }
  throw new Error(`no ${id} table`);
}

const seed = presets.seedTeam!;

describe('buildReport', () => {
  for (const money of [
    { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 },
    { locale: 'zh-CN', currency: 'USD', cnyPerUsd: 6.9 },
  ] satisfies MoneyFormat[]) {
    it(`KPI cells are the dashboard's formatMoney/formatPercent of the engine result (${money.locale}, ${money.currency})`, () => {
      const evaluation = evaluate(seed);
      const kpis = tableOf(report(seed, money), 'kpis');
      STRATEGY_IDS.forEach((id, row) => {
        const r = evaluation.strategies[id];
        expect(kpis.body[row]?.slice(1, 7)).toEqual([
          formatMoney(r.monthlyCny, money),
          formatMoney(r.annualCny, money),
          formatMoney(r.horizonCny, money),
          formatMoney(r.costPerUsefulGpuHourCny, money, 2),
          formatMoney(r.costPerUsefulPflopHourCny, money, 2),
          formatPercent(r.utilization, money.locale, 0),
        ]);
      });
    });
  }

  it('reproduces the seed example in the KPI table: rent ¥57,000 and platform ¥37,500 a month', () => {
    const kpis = tableOf(report(seed), 'kpis');
    expect(kpis.body[STRATEGY_IDS.indexOf('rent')]?.[1]).toBe(
      formatMoney(57_000, { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 }),
    );
    expect(kpis.body[STRATEGY_IDS.indexOf('platform')]?.[1]).toBe(
      formatMoney(37_500, { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 }),
    );
  });

  it('highlights the recommended strategy’s KPI row', () => {
    const evaluation = evaluate(seed);
    const kpis = tableOf(report(seed), 'kpis');
    expect(kpis.highlightRows).toEqual([STRATEGY_IDS.indexOf(evaluation.recommendation.strategy)]);
  });

  it('breakdown table has the six categories × four strategies and the monthly, annual and horizon totals', () => {
    const evaluation = evaluate(seed);
    const money: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
    const breakdown = tableOf(report(seed, money), 'breakdown');
    expect(breakdown.body).toHaveLength(6);
    expect(breakdown.body.every((row) => row.length === 5)).toBe(true);
    expect(breakdown.body[0]?.slice(1)).toEqual(
      STRATEGY_IDS.map((id) => formatMoney(evaluation.strategies[id].breakdownMonthlyCny.compute, money)),
    );
    expect(breakdown.foot.map((row) => row[0])).toEqual([
      'Monthly total',
      'Annual total',
      'Total over 36 months',
      'Per useful GPU-hour (reference GPU)',
      'Per useful PFLOP-hour',
    ]);
    expect(breakdown.foot[0]?.slice(1)).toEqual(
      STRATEGY_IDS.map((id) => formatMoney(evaluation.strategies[id].monthlyCny, money)),
    );
  });

  it('lists every PARAMETERS assumption with its source and date (English sources are the engine’s)', () => {
    const assumptions = tableOf(report(makeScenario()), 'assumptions');
    expect(assumptions.body).toHaveLength(PARAMETERS.length);
    expect(assumptions.body.map((row) => row[3])).toEqual(PARAMETERS.map((m) => m.source));
    expect(assumptions.body.map((row) => row[4])).toEqual(PARAMETERS.map((m) => m.asOf));
  });

  it('marks assumptions changed from their default with *', () => {
    const scenario = makeScenario({ selfBuild: { serverPriceCny: 2_500_000 } });
    const rows = tableOf(report(scenario), 'assumptions').body;
    const price = rows[PARAMETERS.findIndex((m) => m.path === 'selfBuild.serverPriceCny')];
    const gpusPerServer = rows[PARAMETERS.findIndex((m) => m.path === 'selfBuild.gpusPerServer')];
    expect(price?.[1]).toBe('CN¥2,500,000 *');
    expect(gpusPerServer?.[1]).toBe('8 GPUs');
  });

  it('zh-CN: section headings, table heads and the assumption sources are Chinese', () => {
    const r = report(seed, { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 });
    const han = /\p{Script=Han}/u;
    for (const section of r.sections) expect(section.heading).toMatch(han);
    expect(r.title).toMatch(han);
    expect(tableOf(r, 'kpis').head.join('')).toMatch(han);
    expect(r.sections.map((s) => s.heading)).toContain('执行摘要');
    const sources = tableOf(r, 'assumptions').body.map((row) => row[3] ?? '');
    expect(sources.filter((s) => han.test(s)).length).toBeGreaterThan(PARAMETERS.length / 2);
  });

  it('recommendation section states the winner, every reason and every flip threshold', () => {
    const evaluation = evaluate(seed);
    const rec = evaluation.recommendation;
    const section = report(seed).sections.find((s) => s.id === 'recommendation')!;
    const lists = section.blocks.flatMap((b) => (b.kind === 'list' ? b.items : []));
    expect(section.blocks[0]).toEqual({ kind: 'paragraph', style: 'lead', text: 'Recommended: Platform' });
    expect(lists).toHaveLength(rec.reasons.length + rec.flips.length);
    expect(lists.join('\n')).not.toMatch(/\{\{|recommendation\./);
  });

  it('names the term path beside the price path when terms have one, and not when they follow it', () => {
    // Every text of the report (the verdict paragraph is in page 1's summary block).
    const paragraphs = (r: Report) => [JSON.stringify(r.sections)];
    const follow = paragraphs(report(seed)).join('\n');
    expect(follow).toContain('Price path: Flat prices.');
    expect(follow).not.toContain('Term prices follow');
    // The steady rate's flip moves on-demand prices only: said without a term path, not with one.
    expect(follow).toContain('steady GPU-time price change');
    const own: Scenario = {
      ...seed,
      finance: { ...seed.finance, termPriceShape: presetTermShape('shortage') },
    };
    expect(paragraphs(report(own)).join('\n')).not.toContain('steady GPU-time price change');
    expect(paragraphs(report(own)).join('\n')).toContain(
      'Price path: Flat prices. Term prices follow Shortage: +30 % over six months, then −15 %/yr.',
    );
    // One preset on both paths: one sentence (the verdict paragraph keeps its length on page 1).
    const both: Scenario = {
      ...own,
      finance: { ...own.finance, gpuTimePriceShape: presetShape('shortage') },
    };
    expect(paragraphs(report(both)).join('\n')).toContain(
      'Price path: Shortage: +25 % over six months, then −15 %/yr; terms +30 %.',
    );
    expect(
      paragraphs(report(both, { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 })).join('\n'),
    ).toContain('价格路径：短缺：六个月内上涨 25%，之后每年下降 15%；合约价格上涨 30%。');
    const zh = paragraphs(report(own, { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 })).join('\n');
    expect(zh).toContain('合约价格按“短缺：六个月内上涨 30%，之后每年下降 15%”变动。');
  });

  it('titles the report with the scenario name; share link, generated date, page template and file name', () => {
    const r = report(seed);
    expect(r.scenarioName).toBe('Industry article example: 10-person team, 20 jobs × 24 h × 8 GPUs');
    expect(r.title).toBe(r.scenarioName);
    expect(r.shareUrl).toBe('https://example.test/#s1.abc');
    // Only the date part: ICU versions differ in the space before PM.
    expect(r.generatedText).toMatch(/^Generated March 5, 2026\b/);
    expect(r.pageTemplate).toBe('%PAGE% / %PAGES%');
    expect(r.fileName).toBe(
      'Industry article example 10-person team, 20 jobs × 24 h × 8 GPUs – GPU TCO – 2026-03-05.pdf',
    );
    // The link appears once: in the QR block at the end, not among the facts.
    const blocks = r.sections.flatMap((section) => section.blocks);
    expect(blocks.filter((b) => b.kind === 'qr')).toEqual([
      expect.objectContaining({ kind: 'qr', url: r.shareUrl }),
    ]);
    expect(JSON.stringify(blocks.filter((b) => b.kind !== 'qr'))).not.toContain(r.shareUrl);
  });

  it('draws the crossover chart (page 1), the cumulative cash chart and the sizing curve as SVG from the engine data', () => {
    const r = report(seed);
    const charts = r.sections.flatMap((s) =>
      s.blocks.flatMap((b) => (b.kind === 'chart' ? [{ section: s.id, svg: b.svg }] : [])),
    );
    expect(charts.map((c) => c.section)).toEqual(['summary', 'cash', 'sizing']);
    for (const c of charts) expect(c.svg).toMatch(/^<svg [^>]*viewBox="0 0 /);
    // The crossover chart marks where self-build meets renting whole servers.
    expect(charts[0]?.svg).toContain('= renting whole servers at');
  });

  it('includes the wizard’s answers only when given', () => {
    expect(report(seed).sections.map((s) => s.id)).not.toContain('wizard');
    const wizard: WizardAnswers = {
      completed: true,
      steps: [{ title: 'Usage curve', answers: [{ question: 'Shape', answer: 'Pulse' }] }],
    };
    const section = report(seed, undefined, wizard).sections.find((s) => s.id === 'wizard')!;
    expect(section.blocks).toContainEqual({ kind: 'facts', rows: [{ label: 'Shape', value: 'Pulse' }] });
  });

  it('ends with the methodology note and the disclaimer, then the share link', () => {
    const sections = report(seed).sections;
    expect(sections.at(-1)?.id).toBe('share');
    const last = sections.at(-2)!;
    expect(last.id).toBe('methodology');
    expect(last.blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')).join(' ')).toMatch(
      /not a quotation/,
    );
  });
});

describe('file name', () => {
  it('names the file after the scenario and the date, safe for Windows and macOS', () => {
    expect(reportFileName('Q3 budget: 2×H800?', GENERATED_AT)).toBe(
      'Q3 budget 2×H800 – GPU TCO – 2026-03-05.pdf',
    );
    expect(reportFileName('2026 预算：方案 B（混合）', GENERATED_AT)).toBe(
      '2026 预算：方案 B（混合） – GPU TCO – 2026-03-05.pdf',
    );
  });

  it('names the product in Chinese for a Chinese report (review #70), in English for an English one', () => {
    expect(reportFileName('2026 预算', GENERATED_AT, createI18n('zh-CN').t)).toBe(
      '2026 预算 – GPU 总拥有成本 – 2026-03-05.pdf',
    );
    expect(reportFileName('Q3', GENERATED_AT, createI18n('en').t)).toBe('Q3 – GPU TCO – 2026-03-05.pdf');
    const zh = buildReport({
      scenario: seed,
      evaluation: evaluate(seed),
      locale: 'zh-CN',
      money: { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 },
      shareUrl: 'https://example.test/#s=1.abc',
      generatedAt: GENERATED_AT,
      monteCarlo: null,
      tornado: null,
      t: createI18n('zh-CN').t,
    });
    expect(zh.fileName).toMatch(/ – GPU 总拥有成本 – 2026-03-05\.pdf$/);
  });
});

describe('report: self-build against each named comparator', () => {
  const factsOf = (r: Report) => {
    for (const section of r.sections)
      if (section.id === 'scenario')
        for (const block of section.blocks) if (block.kind === 'facts') return block.rows;
    throw new Error('no facts');
  };

  it('gives the crossover and payback against renting and against the platform, each labelled', () => {
    const s: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, serverPriceCny: 500_000 } };
    const e = evaluate(s);
    const rows = factsOf(report(s));
    const value = (label: string) => rows.find((r) => r.label === label)?.value;
    expect(value('Load rate where self-build turns cheaper than renting whole servers')).toBe(
      formatPercent(Number(e.comparisons.rent.crossoverLoadRate), 'en', 1),
    );
    expect(value('Load rate where self-build turns cheaper than the pooled platform')).toBe(
      formatPercent(Number(e.comparisons.platform.crossoverLoadRate), 'en', 1),
    );
    expect(value('Cash payback of self-build against the pooled platform')).toBe(
      `Month ${e.comparisons.platform.paybackMonth}`,
    );
  });

  it('names the pair that never crosses and describes model v2 in plain words, in Chinese too', () => {
    const zh = report(seed, { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 });
    const rows = factsOf(zh);
    expect(rows.find((r) => r.label === '自建与智算平台的临界负载率')?.value).toMatch(
      /^任何负载率下自建都不比智算平台便宜；服务器价格降至约 [\d.]+ 万元，/,
    );
    const method = zh.sections.find((x) => x.id === 'methodology');
    const text = JSON.stringify(method);
    for (const word of ['利用率', '市场价格路径', '期末变现价值', '建设周期', '整机租用', '规模优化'])
      expect(text).toContain(word);
    const en = JSON.stringify(report(seed).sections.find((x) => x.id === 'methodology'));
    expect(en).not.toMatch(/MODEL\.md|README|seed 00/);
  });
});

describe('tableMoney', () => {
  it('prints Chinese table amounts in 万元 when asked: bare numbers, two decimals, one unit for every cell', () => {
    const zh = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 } as const;
    expect(tableMoney(2_185_751, zh, 'large')).toBe('218.58');
    expect(tableMoney(193_475_964, zh, 'large')).toBe('19,347.60');
    expect(tableMoney(6_000, zh, 'large')).toBe('0.60');
    expect(tableMoney(-846_000, zh, 'large')).toBe('\u221284.60');
    expect(tableMoney(72_000, { ...zh, currency: 'USD' }, 'large')).toBe('1.00');
    expect(tableMoney(57_000, { ...zh, locale: 'en' }, 'large')).toBe('57.00');
    expect(tableMoney(2_185_751, zh, 'unit')).toBe('¥2,185,751');
    expect(tableMoney(-513_041, { ...zh, locale: 'en' }, 'unit')).toBe('\u2212CN¥513,041');
  });
});
