import { COST_CATEGORIES, evaluate, presets, STRATEGY_IDS } from '../../src/engine';
import { runInMemory } from './memory-io';

/**
 * `gpu-tco evaluate` prints the engine's figures (issue 38): for every preset the JSON output holds
 * exactly what `evaluate` gives, and the seed example's worked figures — 57,000 and 37,500 CNY a
 * month, 234,000 a year saved (the pooled-platform article's example, computed by hand below) — come
 * out of the command line as they do out of the page.
 */
describe('gpu-tco evaluate', () => {
  for (const [id, scenario] of Object.entries(presets)) {
    it(`preset ${id}: every way's monthly, horizon and category figures are the engine's, to the bit`, () => {
      const run = runInMemory(['evaluate', '--preset', id, '--format', 'json']);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout);
      const e = evaluate(scenario);
      for (const s of STRATEGY_IDS) {
        expect(report.strategies[s].monthlyCny).toBe(e.strategies[s].monthlyCny);
        expect(report.strategies[s].horizonCny).toBe(e.strategies[s].horizonCny);
        for (const c of COST_CATEGORIES) {
          expect(report.strategies[s].breakdownMonthlyCny[c]).toBe(e.strategies[s].breakdownMonthlyCny[c]);
          expect(report.strategies[s].breakdownHorizonCny[c]).toBe(
            e.strategies[s].breakdownMonthlyCny[c] * scenario.horizonMonths,
          );
        }
      }
      expect(report.verdict.winner).toBe(e.recommendation.strategy);
      expect(report.rightSize).toEqual(e.rightSize);
      expect(report.crossovers.rent.loadRate).toBe(e.comparisons.rent.crossoverLoadRate);
    });
  }

  it('the seed example: rent 57,000 and the platform 37,500 CNY a month, 234,000 a year saved', () => {
    // The article's worked figures: 20 jobs × 24 h on one 8-GPU server a month; rent 48,000 of server
    // time + 4,000 setup + 5,000 failures = 57,000; the platform 36,000 + 1,000 + 500 = 37,500.
    const run = runInMemory(['evaluate', '--preset', 'seedTeam', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    expect(Math.round(report.strategies.rent.monthlyCny)).toBe(57_000);
    expect(Math.round(report.strategies.platform.monthlyCny)).toBe(37_500);
    expect(Math.round(report.verdict.savingMonthlyCny * 12)).toBe(234_000);
    expect(report.verdict.text).toBe(
      'Platform is 34.2% cheaper than Rent, saving CN¥19,500 a month (CN¥234,000 a year).',
    );
  });

  it('a cluster already owned: its inputs, book and market values today (by hand) and the lens, in JSON and the table', () => {
    const run = runInMemory(['evaluate', '--preset', 'ownedH800s', '--format', 'json']);
    const report = JSON.parse(run.stdout);
    const s = presets.ownedH800s!;
    const sb = s.selfBuild;
    // 64 servers at 2.7 M, with network, storage, fit-out and the power retrofit; 24 of 60 months used.
    const paid =
      64 * 2_700_000 * (1 + sb.networkFraction + sb.storageFraction + sb.fitOutFraction) +
      64 * sb.powerMaxKwPerServer * sb.powerRetrofitCnyPerKw;
    const book = paid * (1 - (1 - sb.residualFraction) * (24 / (sb.depreciationYears * 12)));
    const market = Math.min(book, paid * (1 - s.finance.resaleValueDeclineFractionPerYear) ** 2);
    expect(report.existing).toMatchObject({ servers: 64, gpus: 512, ageMonths: 24, lens: 'marginal' });
    expect(report.existing.bookNowCny).toBeCloseTo(book, 4);
    expect(report.existing.marketNowCny).toBeCloseTo(market, 4);
    expect(report.existing.writeOffCny).toBeCloseTo(book - market, 4);
    expect(
      JSON.parse(runInMemory(['evaluate', '--preset', 'seedTeam', '--format', 'json']).stdout).existing,
    ).toBe(null);
    const table = runInMemory(['evaluate', '--preset', 'ownedH800s', '--lang', 'zh-CN']).stdout;
    expect(table).toContain('已有集群');
    expect(table).toContain('已有 512 卡（64 台，已使用 24 个月），边际口径');
  });

  it('the table names the verdict, every way and the horizon in the reader’s language', () => {
    const en = runInMemory(['evaluate', '--preset', 'seedTeam']);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('Verdict:');
    expect(en.stdout).toMatch(/Monthly total\s+CN¥85,\d{3}\s+CN¥57,000\s+CN¥37,500\s+CN¥37,500/);
    const zh = runInMemory(['evaluate', '--preset', 'seedTeam', '--lang', 'zh-CN']);
    expect(zh.stdout).toContain('结论：');
    expect(zh.stdout).toContain('智算平台比租用便宜 34.2%');
  });

  it('CSV: one row per way and category plus the total, in CNY', () => {
    const run = runInMemory(['evaluate', '--preset', 'seedTeam', '--format', 'csv']);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('strategy,eligible,category,monthlyCny,horizonCny');
    expect(lines).toHaveLength(1 + STRATEGY_IDS.length * (COST_CATEGORIES.length + 1));
    expect(lines).toContain('rent,yes,total,57000,2052000');
  });

  it('--view accounting drops the capital charge; economic adds it, and the cash is the same', () => {
    const economic = JSON.parse(
      runInMemory(['evaluate', '--preset', 'largeLab', '--format', 'json', '--view', 'economic']).stdout,
    );
    const accounting = JSON.parse(
      runInMemory(['evaluate', '--preset', 'largeLab', '--format', 'json', '--view', 'accounting']).stdout,
    );
    expect(accounting.costView.view).toBe('accounting');
    expect(accounting.strategies.selfBuild.capitalChargeMonthlyCny).toBe(0);
    expect(economic.strategies.selfBuild.capitalChargeMonthlyCny).toBeGreaterThan(0);
    expect(economic.strategies.selfBuild.monthlyCny - accounting.strategies.selfBuild.monthlyCny).toBeCloseTo(
      economic.strategies.selfBuild.capitalChargeMonthlyCny,
      6,
    );
    expect(economic.strategies.selfBuild.npvCny).toBe(accounting.strategies.selfBuild.npvCny);
  });
});
