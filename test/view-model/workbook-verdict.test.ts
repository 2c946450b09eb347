import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, STRATEGY_IDS, withInput } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { formatMoney, formatPercent, type MoneyFormat } from '../../src/lib/format';
import { verdictSentence } from '../../src/view-model/verdict-text';
import { wayName } from '../../src/view-model/way-name';
import { liveWorkbook } from '../../src/view-model/workbook/live-workbook';
import type { CellModel, SheetModel } from '../../src/view-model/workbook/sheet-model';

type Locale = 'en' | 'zh-CN';
const money = (locale: Locale, currency: 'CNY' | 'USD' = 'CNY'): MoneyFormat => ({
  locale,
  currency,
  cnyPerUsd: 7.2,
});

function summary(s: Scenario, m: MoneyFormat): SheetModel {
  const t = createI18n(m.locale).t;
  const book = liveWorkbook({
    scenario: s,
    evaluation: evaluate(s),
    money: m,
    scale: 'unit',
    t,
    scenarioName: s.name,
    generatedText: '2026-12-01',
  });
  const sheet = book.sheets[0];
  if (!sheet) throw new Error('no Summary');
  return sheet;
}

/** The cell right of the row labelled `label` in column A. */
function valueBeside(sheet: SheetModel, label: string): CellModel | null {
  const row = sheet.rows.find((r) => r[0]?.value === label);
  return row?.[1] ?? null;
}

/** Strategy names whose table row carries the recommended mark (column J). */
function marked(sheet: SheetModel, mark: string): unknown[] {
  return sheet.rows.filter((r) => r[9]?.value === mark).map((r) => r[0]?.value);
}

const seed = presets.seedTeam as Scenario;
const steady = presets.steadyLab as Scenario;

/** The steady lab on one 8-GPU server the user chose: its demand is many times what it holds. */
const tooSmall: Scenario = {
  ...steady,
  selfBuild: { ...steady.selfBuild, capacityGpus: 8, capacitySizedBy: 'user' },
};

describe('the workbook verdict (Summary): formulas whose cached results are the engine’s', () => {
  it('says when the own cluster is loaded above 100 %: its GPUs and its load, from the demand', () => {
    const curve = steady.demand.weeklyGpus;
    // Load rate = mean weekly useful GPUs ÷ the cluster's 8 GPUs (the steady lab's GPUs do 1 each).
    const load = curve.reduce((a, g) => a + g, 0) / curve.length / 8;
    expect(load).toBeGreaterThan(1);
    const shown = `${Math.round(load * 1000) / 10}%`;
    const en = createI18n('en').t;
    const verdict = String(valueBeside(summary(tooSmall, money('en')), en('export:excel.verdict'))?.value);
    expect(verdict).toContain(
      `Self-build here is 8 GPUs at a load of ${shown}: it cannot do the work; it is priced with the rest sent to the platform.`,
    );
    const zh = createI18n('zh-CN').t;
    const zhVerdict = String(
      valueBeside(summary(tooSmall, money('zh-CN')), zh('export:excel.verdict'))?.value,
    );
    expect(zhVerdict).toContain(shown);
    // Sized to its demand, no such sentence.
    expect(
      String(valueBeside(summary(steady, money('en')), en('export:excel.verdict'))?.value),
    ).not.toContain('cannot do the work');
  });

  it('states the seed verdict as a saving, from the monthly costs (en and zh-CN)', () => {
    const ev = evaluate(seed);
    const rent = ev.strategies.rent.monthlyCny;
    const platform = ev.strategies.platform.monthlyCny;
    // Platform is the cheapest and rent the next: the saving is their difference, a share of rent's.
    const saving = rent - platform;
    const en = createI18n('en').t;
    const zh = createI18n('zh-CN').t;
    expect(valueBeside(summary(seed, money('en')), en('export:excel.verdict'))?.value).toBe(
      `Platform is ${formatPercent(saving / rent, 'en', 1)} cheaper than Rent, saving ${formatMoney(saving, money('en'))} a month (${formatMoney(saving * 12, money('en'))} a year).`,
    );
    expect(valueBeside(summary(seed, money('zh-CN')), zh('export:excel.verdict'))?.value).toBe(
      `智算平台比租用便宜 ${formatPercent(saving / rent, 'zh-CN', 1)}，每月节省 ${formatMoney(saving, money('zh-CN'))}（每年节省 ${formatMoney(saving * 12, money('zh-CN'))}）。`,
    );
  });

  const cases: [string, Scenario][] = [
    ...Object.entries(presets).map(([id, s]) => [id, s as Scenario] as [string, Scenario]),
    ['data on premises: self-build is the only option', { ...steady, compliance: 'onPrem' }],
    [
      'a server at 30% of the price',
      withInput(seed, 'selfBuild.serverPriceCny', seed.selfBuild.serverPriceCny * 0.3),
    ],
    ['a cluster too small for the demand', tooSmall],
    ['a cluster too small, data on premises', { ...tooSmall, compliance: 'onPrem' }],
  ];
  for (const [name, s] of cases)
    for (const locale of ['en', 'zh-CN'] as const)
      it(`${name} (${locale}): verdict, recommended, runner-up, saving and the marked row equal the engine's`, () => {
        const m = money(locale);
        const t = createI18n(locale).t;
        const ev = evaluate(s);
        const rec = ev.recommendation;
        const sheet = summary(s, m);
        const verdict = valueBeside(sheet, t('export:excel.verdict'));
        expect(verdict?.formula).toMatch(/^IF\(/);
        expect(verdict?.value).toBe(verdictSentence(ev, m, t, s));
        expect(valueBeside(sheet, t('export:workbook.recommended'))?.value).toBe(wayName(t, rec.strategy, s));
        expect(valueBeside(sheet, t('export:workbook.runnerUp'))?.value).toBe(
          rec.runnerUp === null ? '' : wayName(t, rec.runnerUp, s),
        );
        // With a cluster already owned the ways are named by what they do with it.
        if (s.existing !== null && locale === 'en')
          expect(verdict?.value).toMatch(
            /^(Keep \(and add\)|Sell and rent|Sell and pool|Keep and burst) is /,
          );
        expect(Number(valueBeside(sheet, t('export:workbook.savingMonthly'))?.value)).toBeCloseTo(
          rec.savingMonthlyCny,
          6,
        );
        expect(Number(valueBeside(sheet, t('export:workbook.savingShare'))?.value)).toBeCloseTo(
          rec.savingFraction,
          9,
        );
        expect(marked(sheet, t('export:workbook.mark'))).toEqual([wayName(t, rec.strategy, s)]);
        expect(sheet.conditional?.length).toBe(1);
      });

  it('a tie reads as a tie with its reason, never "0.0% cheaper"', () => {
    // Rent's price set so rent costs the platform's monthly cost to within a hundredth of a percent:
    // rent's monthly cost is affine in its price, so two evaluations find it.
    const at = (p: number) =>
      evaluate(withInput(seed, 'rent.priceCnyPerServerHour', p)).strategies.rent.monthlyCny;
    const p0 = seed.rent.priceCnyPerServerHour;
    const target = evaluate(seed).strategies.platform.monthlyCny;
    const slope = (at(p0 * 2) - at(p0)) / p0;
    const s = withInput(seed, 'rent.priceCnyPerServerHour', p0 + (target * 1.0001 - at(p0)) / slope);
    const ev = evaluate(s);
    expect(ev.recommendation.tie).toBe('sameCost');
    const t = createI18n('en').t;
    const verdict = valueBeside(summary(s, money('en')), t('export:excel.verdict'))?.value;
    expect(verdict).toBe(
      `Platform and Rent cost the same: ${formatMoney(ev.strategies.platform.monthlyCny, money('en'))} a month. ${t('common:summary.tieReason.sameCost')}`,
    );
  });

  it('in dollars the amounts are the yuan ÷ the rate, with the dollar mark', () => {
    const ev = evaluate(seed);
    const m = money('en', 'USD');
    const t = createI18n('en').t;
    const verdict = valueBeside(summary(seed, m), t('export:excel.verdict'));
    const dollars = Math.round(ev.recommendation.savingMonthlyCny / 7.2).toLocaleString('en-US');
    expect(verdict?.value).toContain(`saving $${dollars} a month`);
    expect(verdict?.formula).toContain('/7.2');
  });

  it('every strategy has one row in the step-by-step pick', () => {
    const t = createI18n('en').t;
    const sheet = summary(seed, money('en'));
    const start = sheet.rows.findIndex((r) => r[0]?.value === t('export:workbook.verdictTitle'));
    expect(start).toBeGreaterThan(0);
    const names = sheet.rows
      .slice(start)
      .filter((r) => typeof r[2]?.formula === 'string')
      .map((r) => r[0]?.value);
    expect([...names].sort()).toEqual(STRATEGY_IDS.map((id) => t(`common:strategy.${id}`)).sort());
  });
});
