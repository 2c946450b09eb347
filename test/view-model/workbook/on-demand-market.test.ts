import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, presets, type Scenario, STRATEGY_IDS } from '../../../src/engine';
import { createI18n } from '../../../src/i18n';
import type { LiveWorkbook } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';
import { arbScenario } from '../../engine/arbitraries';
import { FormulaEvaluator } from '../formula-evaluator';
import { type Locale, sheetOf, workbookOf } from './workbook-of';

/*
 * The on-demand market check in the live workbook (engine market-use.ts, docs/model.md §10): the GPUs
 * one can get on demand are a named input, each way's draw on them is worked out by formulas on the
 * Curve and Costs sheets, and the Summary shows it. Pinned on the steady lab worked by hand from its
 * weekly curve and the platform's efficiency (no engine function): the platform holds useful ÷ 75 %
 * GPUs, so its busiest week takes max(week) ÷ 0.75 GPUs from the market, and 256 market GPUs serve at
 * most 256 × 0.75 useful GPUs a week, the rest of the work waits. The formulas are recomputed from
 * the inputs (cached results dropped) by ../formula-evaluator.ts, and an edited market moves them.
 */

// The steady lab with a provider's quote of 256 GPUs on demand: the hand cases' premise (the preset's
// own default scales with it: test/engine/market-default.test.ts).
const lab: Scenario = {
  ...(presets.steadyLab as Scenario),
  trainingPlan: { ...(presets.steadyLab as Scenario).trainingPlan, onDemandGpus: 256 },
};

function withMarket(s: Scenario, onDemandGpus: number): Scenario {
  return { ...s, trainingPlan: { ...s.trainingPlan, onDemandGpus } };
}

/** The named cell `name` of a sheet: its row and its value. */
function named(sheet: SheetModel, name: string): { row: number; value: unknown } {
  for (const [i, row] of sheet.rows.entries())
    for (const cell of row) if (cell?.name === name) return { row: i + 1, value: cell.value };
  throw new Error(`no cell named ${name}`);
}

/** The Summary's market block: the 1-based row of each way and of the market's GPUs. */
function marketBlock(summary: SheetModel, locale: Locale) {
  const t = createI18n(locale).t;
  const title = summary.rows.findIndex((r) => r[0]?.value === t('export:workbook.market.title'));
  if (title < 0) throw new Error('no market block on the Summary');
  const rowOf = (label: string) => {
    const i = summary.rows.findIndex((r, k) => k > title && r[0]?.value === label);
    if (i < 0) throw new Error(`no row "${label}" in the market block`);
    return i + 1;
  };
  return {
    header: summary.rows[title],
    way: (id: (typeof STRATEGY_IDS)[number]) => rowOf(t(`common:strategy.${id}`)),
    market: rowOf(t('plan:field.onDemand')),
  };
}

/** A recomputed number of a sheet. */
function numberAt(evaluator: FormulaEvaluator, sheet: SheetModel, row: number, col: number): number {
  const v = evaluator.value(sheet.name, row, col);
  if (typeof v !== 'number') throw new Error(`${sheet.name} R${row}C${col}: ${String(v)}`);
  return v;
}

/**
 * The steady lab's platform against `market` GPUs, by hand from its curve and the platform's
 * efficiency: the market serves whole jobs of the demand's GPUs per job (32 here).
 */
function platformByHand(market: number) {
  const weeks = lab.demand.weeklyGpus;
  const efficiency = lab.platform.utilization;
  const job = lab.demand.gpusPerJob;
  const wholeJobs = Math.floor(market / job) * job;
  const total = weeks.reduce((a, w) => a + w, 0);
  const served = weeks.reduce((a, w) => a + Math.min(w, wholeJobs * efficiency), 0);
  return { peak: Math.max(...weeks) / efficiency, share: 1 - served / total };
}

/** Within a millionth of a GPU or of a share, relative for large figures. */
function close(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 + 1e-12 * Math.abs(expected));
}

/** The workbook with the Inputs sheet's cell `name` set to `value` (cached results kept, as a file is). */
function edited(wb: LiveWorkbook, name: string, value: number): SheetModel[] {
  const inputs = sheetOf(wb, 'inputs');
  return wb.sheets.map((sheet) =>
    sheet !== inputs
      ? sheet
      : {
          ...sheet,
          rows: sheet.rows.map((row) => row.map((cell) => (cell?.name === name ? { ...cell, value } : cell))),
        },
  );
}

describe('the on-demand market in the live workbook', () => {
  it('the steady lab: the platform holds max(week) ÷ 75 % GPUs in its busiest week, and the work above 256 × 75 % waits', () => {
    // The hand case's premises: the platform's efficiency is its utilization input, 256 GPUs on demand.
    expect(evaluate(lab).efficiencies.platform.value).toBe(lab.platform.utilization);
    expect(lab.trainingPlan.onDemandGpus).toBe(256);
    const hand = platformByHand(256);
    // The case has its point: the busiest week does not fit, some of the work waits.
    expect(hand.peak).toBeGreaterThan(256);
    expect(hand.share).toBeGreaterThan(0.1);

    const wb = workbookOf(lab);
    const inputs = sheetOf(wb, 'inputs');
    const market = named(inputs, 'trainingPlan_onDemandGpus');
    expect(market.value).toBe(256);
    // Labelled as the page labels the field.
    expect(inputs.rows[market.row - 1]?.[0]?.value).toBe(createI18n('en').t('plan:field.onDemand'));

    const summary = sheetOf(wb, 'summary');
    const block = marketBlock(summary, 'en');
    const evaluator = new FormulaEvaluator(wb.sheets);
    const row = block.way('platform');
    // Cached at export and recomputed from the inputs alike.
    // Whole GPUs, as the page says them: 628.x GPUs held take 629.
    expect(Number(summary.rows[row - 1]?.[1]?.value)).toBe(Math.ceil(hand.peak));
    close(Number(summary.rows[row - 1]?.[2]?.value), hand.share);
    expect(numberAt(evaluator, summary, row, 2)).toBe(Math.ceil(hand.peak));
    close(numberAt(evaluator, summary, row, 3), hand.share);
    expect(numberAt(evaluator, summary, block.market, 2)).toBe(256);
    // The hybrid's best baseline here is none: all its work is burst, as the platform's.
    expect(evaluate(lab).strategies.hybrid.baselineGpus).toBe(0);
    close(numberAt(evaluator, summary, block.way('hybrid'), 3), hand.share);
  });

  it('a market edited on the Inputs sheet moves the figures as the hand arithmetic does', () => {
    const wb = workbookOf(lab);
    const summary = sheetOf(wb, 'summary');
    const block = marketBlock(summary, 'en');
    for (const gpus of [100, 400, 1000]) {
      const evaluator = new FormulaEvaluator(edited(wb, 'trainingPlan_onDemandGpus', gpus));
      const hand = platformByHand(gpus);
      const row = block.way('platform');
      // The GPUs held in the busiest week do not depend on the market; the share waiting does.
      expect(numberAt(evaluator, summary, row, 2)).toBe(Math.ceil(hand.peak));
      close(numberAt(evaluator, summary, row, 3), hand.share);
      // And the engine, given the same market, agrees (the Reconciliation holds this on random scenarios).
      close(hand.share, evaluate(withMarket(lab, gpus)).market.ways.platform?.beyondShare ?? Number.NaN);
    }
    // A market that holds the busiest week leaves nothing waiting.
    const wide = new FormulaEvaluator(edited(wb, 'trainingPlan_onDemandGpus', 1000));
    for (const id of STRATEGY_IDS) expect(numberAt(wide, summary, block.way(id), 3)).toBe(0);
  });

  it('on premises no way takes from the market: "—" on the Summary and no Reconciliation line', () => {
    const wb = workbookOf({ ...lab, compliance: 'onPrem' });
    const summary = sheetOf(wb, 'summary');
    const block = marketBlock(summary, 'en');
    const evaluator = new FormulaEvaluator(wb.sheets);
    for (const id of STRATEGY_IDS) {
      expect(evaluator.value(summary.name, block.way(id), 2), id).toBe('—');
      expect(evaluator.value(summary.name, block.way(id), 3), id).toBe('—');
    }
    const t = createI18n('en').t;
    const figures = new Set([
      t('export:workbook.recon.marketPeakGpus'),
      t('export:workbook.recon.marketBeyondShare'),
    ]);
    expect(wb.reconciliation.filter((l) => figures.has(l.figure))).toEqual([]);
  });

  it('in Chinese: the block, its labels and the input, the same figures', () => {
    const wb = workbookOf(lab, 'zh-CN');
    const summary = sheetOf(wb, 'summary', 'zh-CN');
    const block = marketBlock(summary, 'zh-CN');
    expect(block.header?.map((c) => c?.value)).toEqual([
      '按需市场',
      '最忙一周占用的 GPU 数（张）',
      '需等待的工作量占比',
      '集群建设期间：同时需要的 GPU',
      '其间等待的工作量占比',
    ]);
    const hand = platformByHand(256);
    const evaluator = new FormulaEvaluator(wb.sheets);
    expect(numberAt(evaluator, summary, block.way('platform'), 2)).toBe(Math.ceil(hand.peak));
    close(numberAt(evaluator, summary, block.way('platform'), 3), hand.share);
  });

  it('each way’s Reconciliation lines equal the engine on random scenarios and random markets', () => {
    const t = createI18n('en').t;
    const figures = new Set([
      t('export:workbook.recon.marketPeakGpus'),
      t('export:workbook.recon.marketBeyondShare'),
    ]);
    fc.assert(
      fc.property(arbScenario, fc.integer({ min: 0, max: 4000 }), (base, gpus) => {
        const s = withMarket(base, gpus);
        const wb = workbookOf(s);
        const recon = wb.sheets[wb.sheets.length - 1] as SheetModel;
        const evaluator = new FormulaEvaluator(wb.sheets);
        const off: string[] = [];
        let lines = 0;
        wb.reconciliation.forEach((line, k) => {
          if (!figures.has(line.figure)) return;
          lines++;
          // A note, the header, then a row per line with the workbook's figure in D.
          const v = evaluator.value(recon.name, 3 + k, 4);
          const engine = line.engine as number;
          if (typeof v !== 'number' || Math.abs(v - engine) > 1e-9 + 1e-9 * Math.abs(engine))
            off.push(`${line.figure} · ${line.strategy}: engine ${engine}, workbook ${String(v)}`);
        });
        // Two lines for each way that takes from the market.
        const ways = STRATEGY_IDS.filter((id) => evaluate(s).market.ways[id] !== null).length;
        expect(lines).toBe(2 * ways);
        expect(off, JSON.stringify(s)).toEqual([]);
      }),
      { numRuns: 40, seed: 20_261_206, endOnFailure: true },
    );
  });
});
