import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate, newTrainingRun, presets, type Scenario, STRATEGY_IDS } from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { createI18n } from '../../../src/i18n';
import type { Value } from '../../../src/view-model/workbook/expr';
import type { LiveWorkbook } from '../../../src/view-model/workbook/live-workbook';
import type { SheetModel } from '../../../src/view-model/workbook/sheet-model';
import { arbScenario, arbScenarioWithExisting } from '../../engine/arbitraries';
import { FormulaEvaluator } from '../formula-evaluator';
import { sheetOf, workbookOf } from './workbook-of';

/*
 * An own cluster's build months on the on-demand market in the live workbook (engine market-use.ts
 * buildLeadUse, docs/model.md §10): while the cluster is built its work is served on rented servers
 * or the platform, whichever the build lead time line chose, and that draw on the market is worked out
 * week by week on the Curve sheet and shown on the Costs sheet and the Summary. Pinned on the steady
 * lab by hand from its weekly curve: its 4 build months repeat the representative month, so the
 * busiest week and the share waiting are those of one month. Via the platform every useful GPU of the
 * week is on the platform, held at max(week) ÷ its efficiency; via rent (a dearer platform) the week
 * fits the cluster, so all of it is on rented whole servers, held at max(week) × GPUs billed per
 * useful GPU. The formulas are recomputed from the inputs (cached results dropped) by
 * ../formula-evaluator.ts, and edited inputs move them.
 */

// The steady lab with a provider's quote of 256 GPUs on demand: the hand cases' premise (the preset's
// own default scales with it: test/engine/market-default.test.ts).
const lab: Scenario = {
  ...(presets.steadyLab as Scenario),
  trainingPlan: { ...(presets.steadyLab as Scenario).trainingPlan, onDemandGpus: 256 },
};
const t = createI18n('en').t;

/** Build-month figures of a way: GPUs held at once in the busiest week and the share waiting ("—"). */
interface LeadFigures {
  peak: Value | null;
  share: Value | null;
}

/** The named cell `name` of the Inputs sheet: its value. */
function inputValue(wb: LiveWorkbook, name: string): number {
  for (const row of sheetOf(wb, 'inputs').rows)
    for (const cell of row) if (cell?.name === name) return Number(cell.value);
  throw new Error(`no input ${name}`);
}

/** The 1-based row of the Costs sheet labelled `key` (export:workbook.costs.*). */
function costsRow(costs: SheetModel, key: string): number {
  const label = t(`export:workbook.costs.${key}`);
  const i = costs.rows.findIndex((r) => r[0]?.value === label);
  if (i < 0) throw new Error(`no row ${label} on the Costs sheet`);
  return i + 1;
}

/** The Costs sheet's column of a way (the ways in B–E, in their order). */
const columnOf = (id: (typeof STRATEGY_IDS)[number]) => STRATEGY_IDS.indexOf(id) + 2;

/** A way's build-month figures on the Costs sheet, recomputed from the (maybe edited) sheets. */
function leadFigures(wb: LiveWorkbook, sheets: SheetModel[], id: 'selfBuild' | 'hybrid'): LeadFigures {
  const costs = sheetOf(wb, 'costs');
  const evaluator = new FormulaEvaluator(sheets);
  return {
    peak: evaluator.value(costs.name, costsRow(costs, 'leadMarketPeakGpus'), columnOf(id)),
    share: evaluator.value(costs.name, costsRow(costs, 'leadMarketBeyondShare'), columnOf(id)),
  };
}

/**
 * The Summary's market block: a way's two build-month cells (D, E), recomputed. The ways follow the
 * block's title in their order (named as the verdict names them: with servers already owned, "keep").
 */
function summaryLead(wb: LiveWorkbook, evaluator: FormulaEvaluator, id: (typeof STRATEGY_IDS)[number]) {
  const summary = sheetOf(wb, 'summary');
  const row = marketBlockRow(summary, id);
  return { peak: evaluator.value(summary.name, row, 4), share: evaluator.value(summary.name, row, 5) };
}

/** The 1-based row of a way in the Summary's market block. */
function marketBlockRow(summary: SheetModel, id: (typeof STRATEGY_IDS)[number]): number {
  const title = summary.rows.findIndex((r) => r[0]?.value === t('export:workbook.market.title'));
  if (title < 0) throw new Error('no market block on the Summary');
  return title + 2 + STRATEGY_IDS.indexOf(id);
}

/** The Summary's market block: a way's running figures (B, C), recomputed. */
function summaryRunning(wb: LiveWorkbook, evaluator: FormulaEvaluator, id: (typeof STRATEGY_IDS)[number]) {
  const summary = sheetOf(wb, 'summary');
  const row = marketBlockRow(summary, id);
  return { peak: evaluator.value(summary.name, row, 2), share: evaluator.value(summary.name, row, 3) };
}

/** The workbook's sheets with the Inputs sheet's cell `name` set to `value` (cached results kept). */
function edited(wb: LiveWorkbook, changes: Record<string, number>): SheetModel[] {
  const inputs = sheetOf(wb, 'inputs');
  return wb.sheets.map((sheet) =>
    sheet !== inputs
      ? sheet
      : {
          ...sheet,
          rows: sheet.rows.map((row) =>
            row.map((cell) =>
              cell?.name !== undefined && cell.name in changes
                ? { ...cell, value: changes[cell.name] as number }
                : cell,
            ),
          ),
        },
  );
}

/** The whole GPUs of `market` a job of `jobGpus` GPUs can use (whole jobs only). */
const wholeJobs = (market: number, jobGpus: number) => Math.floor(market / jobGpus) * jobGpus;

/**
 * The steady lab's self-build while built, by hand from its weekly curve (in its own GPUs: the scale
 * and the throughput ratios are 1, no cluster already owned — the premises the test checks). Via the
 * platform: each week is all on the platform, `efficiency` useful GPUs a platform GPU, the market
 * serving whole jobs of the demand's GPUs. Via rent: each week is on rented whole servers (it fits
 * the cluster, so none of it bursts), `billed` GPUs held a useful one, the market serving whole jobs
 * of whole servers.
 */
function selfBuildByHand(market: number, via: { platform: number } | { rentBilled: number }) {
  const weeks = lab.demand.weeklyGpus;
  const job = lab.demand.gpusPerJob;
  const total = weeks.reduce((a, w) => a + w, 0);
  const top = Math.max(...weeks);
  if ('platform' in via) {
    const usable = wholeJobs(market, job) * via.platform;
    const served = weeks.reduce((a, w) => a + Math.min(w, usable), 0);
    return { peak: top / via.platform, share: 1 - served / total };
  }
  const serverJob = Math.ceil(job / lab.rent.gpusPerServer) * lab.rent.gpusPerServer;
  const usable = wholeJobs(market, serverJob) / via.rentBilled;
  const served = weeks.reduce((a, w) => a + Math.min(w, usable), 0);
  return { peak: top * via.rentBilled, share: 1 - served / total };
}

/** Within a relative 1e-9 (and 1e-9 absolute near 0). */
function close(actual: Value | null, expected: number, what = ''): void {
  expect(typeof actual, what).toBe('number');
  expect(Math.abs((actual as number) - expected), what).toBeLessThanOrEqual(1e-9 + 1e-9 * Math.abs(expected));
}

/** The steady lab's hand premises: reference GPUs throughout, the whole demand, no cluster owned. */
function expectHandPremises(wb: LiveWorkbook): void {
  expect(inputValue(wb, 'demand_scale')).toBe(1);
  for (const way of ['selfBuild', 'rent', 'platform'] as const)
    expect(inputValue(wb, `hardware_${way}_throughputRatio`)).toBe(1);
  expect(lab.existing ?? null).toBeNull();
  expect(lab.demand.mode).toBe('weekly');
  // The cluster's usable GPUs hold the busiest week: via rent, none of it bursts to the platform.
  const usable = (lab.selfBuild.capacityGpus as number) * inputValue(wb, 'engine_ownEfficiency');
  expect(Math.max(...lab.demand.weeklyGpus)).toBeLessThan(usable);
}

/** A dearer platform (× `times` its price) makes renting the cheaper way to serve the build months. */
function dearerPlatform(s: Scenario, times: number): Scenario {
  return { ...s, platform: { ...s.platform, priceCnyPerGpuHour: s.platform.priceCnyPerGpuHour * times } };
}

/**
 * A training plan (dated months): a 64-GPU run in weeks 10–30 and recurring work, a 2.5-month build
 * lead time (a half last month) and a tight market, so some of the build months' work waits.
 */
function planned(base: Scenario, onDemandGpus: number): Scenario {
  const run = {
    ...newTrainingRun(base),
    sizeBy: 'gpuHours' as const,
    gpuHours: 64 * 168 * 21,
    startWeek: 2,
    gpus: 64,
    deadlineWeek: 30,
  };
  return switchDemandMode(
    {
      ...base,
      trainingPlan: { ...base.trainingPlan, runs: [run], recurringGpuHoursPerMonth: 5_000, onDemandGpus },
      selfBuild: { ...base.selfBuild, capacityGpus: 128, capacitySizedBy: 'user', buildLeadTimeMonths: 2.5 },
      hybrid: { ...base.hybrid, baselineMode: 'owned', baselineGpus: 96 },
    },
    'plan',
  );
}

/**
 * The Reconciliation's build-month lines of a workbook, recomputed: each off line (engine against
 * the workbook beyond 1e-9 relative), and how many there are.
 */
function leadLinesOff(wb: LiveWorkbook): { lines: number; off: string[] } {
  const figures = new Set([
    t('export:workbook.recon.marketLeadPeakGpus'),
    t('export:workbook.recon.marketLeadBeyondShare'),
  ]);
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
  return { lines, off };
}

describe('an own cluster’s build months on the on-demand market, in the live workbook', () => {
  it('the steady lab via the platform: max(week) ÷ 75 % GPUs at once, and the work above 256 × 75 % waits', () => {
    const wb = workbookOf(lab);
    expectHandPremises(wb);
    const e = evaluate(lab);
    const build = e.market.ways.selfBuild?.buildLeadTime;
    // The case's premises: a 4-month build served on the platform, 256 GPUs on demand.
    expect(build?.via).toBe('platform');
    expect(build?.months).toBe(4);
    expect(inputValue(wb, 'engine_buildLeadTimeMonths')).toBe(4);
    expect(inputValue(wb, 'trainingPlan_onDemandGpus')).toBe(256);
    expect(inputValue(wb, 'engine_platformEfficiency')).toBe(e.efficiencies.platform.value);
    const hand = selfBuildByHand(256, { platform: inputValue(wb, 'engine_platformEfficiency') });
    // The case has its point: the busiest week does not fit the market, over half the work waits.
    expect(Math.ceil(hand.peak)).toBe(629);
    expect(hand.share).toBeGreaterThan(0.57);
    expect(hand.share).toBeLessThan(0.58);

    const figures = leadFigures(wb, wb.sheets, 'selfBuild');
    close(figures.peak, hand.peak, 'peak');
    close(figures.share, hand.share, 'share');
    // The Summary: whole GPUs, as the page says them; the share as it is.
    const summary = summaryLead(wb, new FormulaEvaluator(wb.sheets), 'selfBuild');
    expect(summary.peak).toBe(629);
    close(summary.share, hand.share);
    // Rent and the platform build nothing; the hybrid's best baseline here is none.
    for (const id of ['rent', 'platform', 'hybrid'] as const)
      expect(summaryLead(wb, new FormulaEvaluator(wb.sheets), id), id).toEqual({ peak: '—', share: '—' });
    // Cached at export as recomputed.
    const costs = sheetOf(wb, 'costs');
    close(
      costs.rows[costsRow(costs, 'leadMarketBeyondShare') - 1]?.[columnOf('selfBuild') - 1]?.value as number,
      hand.share,
    );
  });

  it('edited inputs move them: the market, the lead time, and a dearer platform that turns the build months to rent', () => {
    const wb = workbookOf(lab);
    const platform = inputValue(wb, 'engine_platformEfficiency');
    for (const gpus of [100, 400, 1000]) {
      const hand = selfBuildByHand(gpus, { platform });
      const figures = leadFigures(wb, edited(wb, { trainingPlan_onDemandGpus: gpus }), 'selfBuild');
      // The GPUs held at once do not depend on the market; the share waiting does.
      close(figures.peak, hand.peak, `peak at ${gpus}`);
      close(figures.share, hand.share, `share at ${gpus}`);
    }
    // A market that holds the busiest week leaves nothing waiting.
    expect(leadFigures(wb, edited(wb, { trainingPlan_onDemandGpus: 1000 }), 'selfBuild').share).toBe(0);
    // Representative months repeat: two build months ask twice as much of the market as one, alike.
    const base = selfBuildByHand(256, { platform });
    const twoMonths = leadFigures(wb, edited(wb, { engine_buildLeadTimeMonths: 2 }), 'selfBuild');
    close(twoMonths.peak, base.peak);
    close(twoMonths.share, base.share);
    // No lead time: no build months, "—" on the Costs sheet and the Summary.
    const none = edited(wb, { engine_buildLeadTimeMonths: 0 });
    expect(leadFigures(wb, none, 'selfBuild')).toEqual({ peak: '—', share: '—' });
    expect(summaryLead(wb, new FormulaEvaluator(none), 'selfBuild')).toEqual({ peak: '—', share: '—' });

    // The platform at 10 × its price: renting whole servers is the cheaper way meanwhile.
    const price = inputValue(wb, 'platform_priceCnyPerGpuHour');
    const dear = edited(wb, { platform_priceCnyPerGpuHour: price * 10 });
    const engine = evaluate(dearerPlatform(lab, 10)).market.ways.selfBuild?.buildLeadTime;
    expect(engine?.via).toBe('rent');
    // GPU-hours billed per useful one: whole servers (32-GPU jobs on 8-GPU servers: none wasted) ÷ the rental's efficiency.
    expect(lab.demand.gpusPerJob % lab.rent.gpusPerServer).toBe(0);
    const hand = selfBuildByHand(256, { rentBilled: 1 / inputValue(wb, 'engine_rentEfficiency') });
    const figures = leadFigures(wb, dear, 'selfBuild');
    close(figures.peak, hand.peak, 'peak via rent');
    close(figures.share, hand.share, 'share via rent');
    // And the engine, given the same dearer platform, agrees.
    close(figures.peak, engine?.peakGpus ?? Number.NaN);
    close(figures.share, engine?.beyondShare ?? Number.NaN);

    // Rent allowed, the platform not (an edit only: the app allows both or neither): the build months
    // rent, while running the burst waits, so the self-build holds nothing from the market then (0,
    // not "—", as the engine's burstUse says) and the hybrid, which needs the platform, takes nothing.
    const rentOnly = edited(wb, { engine_platformEligible: 0 });
    const rentOnlyFigures = leadFigures(wb, rentOnly, 'selfBuild');
    close(rentOnlyFigures.peak, hand.peak, 'peak, rent only');
    close(rentOnlyFigures.share, hand.share, 'share, rent only');
    expect(leadFigures(wb, rentOnly, 'hybrid')).toEqual({ peak: '—', share: '—' });
    const running = summaryRunning(wb, new FormulaEvaluator(rentOnly), 'selfBuild');
    expect(running).toEqual({ peak: 0, share: 0 });
  });

  it('equals the engine where the cases differ: a dated plan (a half last month), via rent, a hybrid that owns its baseline, servers already owned', () => {
    const cases: Record<string, Scenario> = {
      'a training plan via the platform': planned(lab, 48),
      'a training plan via rent': dearerPlatform(planned(lab, 48), 10),
      'the steady lab via rent': dearerPlatform(lab, 10),
      'a hybrid owning 256 GPUs': {
        ...lab,
        hybrid: { ...lab.hybrid, baselineMode: 'owned', baselineGpus: 256 },
      },
      'servers already owned': presets.ownedH800s as Scenario,
    };
    for (const [name, s] of Object.entries(cases)) {
      const e = evaluate(s);
      const draws = (['selfBuild', 'hybrid'] as const).filter((id) => e.market.ways[id]?.buildLeadTime);
      expect(draws.length, name).toBeGreaterThan(0);
      const { lines, off } = leadLinesOff(workbookOf(s));
      expect(lines, name).toBe(2 * draws.length);
      expect(off, name).toEqual([]);
    }
    // The cases cover what they are named for.
    const via = (s: Scenario, id: 'selfBuild' | 'hybrid') => evaluate(s).market.ways[id]?.buildLeadTime?.via;
    expect(via(cases['a training plan via rent'] as Scenario, 'selfBuild')).toBe('rent');
    expect(via(cases['a training plan via rent'] as Scenario, 'hybrid')).toBe('rent');
    expect(via(cases['a training plan via the platform'] as Scenario, 'selfBuild')).toBe('platform');
    expect(via(cases['a hybrid owning 256 GPUs'] as Scenario, 'hybrid')).toBe('platform');
    const plan = evaluate(cases['a training plan via the platform'] as Scenario).market.ways.selfBuild;
    expect(plan?.buildLeadTime?.months).toBe(2.5);
    expect(plan?.buildLeadTime?.beyondShare).toBeGreaterThan(0);
  });

  it('equals the engine’s build months on random scenarios, "—" exactly where the engine has none', () => {
    const seen = { rent: 0, platform: 0, none: 0, dated: 0, hybrid: 0 };
    fc.assert(
      fc.property(
        fc.oneof({ weight: 3, arbitrary: arbScenario }, { weight: 1, arbitrary: arbScenarioWithExisting }),
        fc.option(fc.double({ min: 3, max: 30, noNaN: true }), { freq: 2 }),
        (base, dearer) => {
          const s = dearer === null ? base : dearerPlatform(base, dearer);
          const wb = workbookOf(s);
          const evaluator = new FormulaEvaluator(wb.sheets);
          const e = evaluate(s);
          for (const id of ['selfBuild', 'hybrid'] as const) {
            const build = e.market.ways[id]?.buildLeadTime ?? null;
            const figures = leadFigures(wb, wb.sheets, id);
            if (build === null) {
              seen.none++;
              expect(figures, id).toEqual({ peak: '—', share: '—' });
              expect(summaryLead(wb, evaluator, id), id).toEqual({ peak: '—', share: '—' });
              continue;
            }
            seen[build.via]++;
            if (id === 'hybrid') seen.hybrid++;
            if (s.demand.mode === 'plan') seen.dated++;
            close(figures.peak, build.peakGpus, `${id} peak ${JSON.stringify(s)}`);
            close(figures.share, build.beyondShare, `${id} share ${JSON.stringify(s)}`);
          }
          // Rent and the platform never build.
          for (const id of ['rent', 'platform'] as const)
            expect(summaryLead(wb, evaluator, id), id).toEqual({ peak: '—', share: '—' });
        },
      ),
      { numRuns: 25, seed: 1, endOnFailure: true },
    );
    // The draws covered each kind of case.
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(0);
  });
});
