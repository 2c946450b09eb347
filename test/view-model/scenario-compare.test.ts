import { describe, expect, it } from 'vitest';
import {
  COST_CATEGORIES,
  cashReport,
  energyReport,
  evaluate,
  presetShape,
  presets,
  presetTermShape,
  type Scenario,
  STRATEGY_IDS,
  withInput,
} from '../../src/engine';
import { createI18n } from '../../src/i18n';
import {
  type CompareColumnInput,
  type CompareValue,
  compareScenarios,
  type ScenarioComparison,
  uniqueLabels,
} from '../../src/view-model/scenario-compare';
import { compareValueText } from '../../src/view-model/scenario-compare-text';
import { handCase } from '../engine/ladder/hand-case';
import { inAccountingView } from '../factories';

function preset(id: string): Scenario {
  const s = presets[id];
  if (!s) throw new Error(`no preset ${id}`);
  // The regime these tests read (crossovers, owning a base) is the accounting view's, not the view's own.
  return inAccountingView(s);
}

const seed = preset('seedTeam');
const column = (label: string, scenario: Scenario): CompareColumnInput => ({ key: label, label, scenario });

function row(cmp: ScenarioComparison, key: string) {
  const found = cmp.rows.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
}

const values = (cmp: ScenarioComparison, key: string): CompareValue[] =>
  row(cmp, key).cells.map((c) => c.value);
const cny = (v: CompareValue | undefined): number => {
  if (v?.kind !== 'money') throw new Error(`not money: ${JSON.stringify(v)}`);
  return v.cny;
};

const quantity = (v: CompareValue | undefined): number => {
  if (v?.kind !== 'quantity') throw new Error(`not a quantity: ${JSON.stringify(v)}`);
  return v.value;
};
const fraction = (v: CompareValue | undefined): number => {
  if (v?.kind !== 'percent') throw new Error(`not a percent: ${JSON.stringify(v)}`);
  return v.fraction;
};

const FOUR = ['seedTeam', 'steadyLab', 'largeLab', 'burstyResearch'] as const;
const four = FOUR.map((id) => column(id, preset(id)));

describe('compareScenarios', () => {
  it('gives each column the winner its own dashboard names (the engine’s recommendation)', () => {
    const cmp = compareScenarios(four);
    expect(cmp.columns.map((c) => c.label)).toEqual([...FOUR]);
    const winners = FOUR.map((id) => evaluate(preset(id)).recommendation.strategy);
    expect(cmp.columns.map((c) => c.winner)).toEqual(winners);
    expect(values(cmp, 'winner')).toEqual(winners.map((id) => ({ kind: 'strategy', id })));
    // The seed's platform and the large lab's hybrid (model v3).
    expect(winners[0]).toBe('platform');
    expect(winners[2]).toBe('hybrid');
    // The winner differs from the first column's only where it is another strategy.
    expect(row(cmp, 'winner').cells.map((c) => c.differs)).toEqual(winners.map((w) => w !== winners[0]));
  });

  it('states the seed’s result as the engine does: platform 37,500 a month, rent 57,000, saving 19,500', () => {
    const cmp = compareScenarios([column('seed', seed)]);
    expect(cny(values(cmp, 'winnerMonthly')[0])).toBe(37_500);
    expect(values(cmp, 'runnerUp')[0]).toEqual({ kind: 'strategy', id: 'rent' });
    expect(cny(values(cmp, 'saving')[0])).toBe(19_500);
    expect(cny(values(cmp, 'monthly.platform')[0])).toBe(37_500);
    expect(cny(values(cmp, 'monthly.rent')[0])).toBe(57_000);
    expect(values(cmp, 'loadRate')[0]).toEqual({ kind: 'percent', fraction: evaluate(seed).loadRate });
  });

  it('shows every strategy’s monthly cost, the focused strategy’s KPIs and six categories, from the engine', () => {
    const cmp = compareScenarios(four);
    FOUR.forEach((id, i) => {
      const ev = evaluate(preset(id));
      for (const s of STRATEGY_IDS)
        expect(cny(values(cmp, `monthly.${s}`)[i])).toBe(ev.strategies[s].monthlyCny);
      const w = ev.strategies[ev.recommendation.strategy];
      expect(cny(values(cmp, 'annual')[i])).toBe(w.annualCny);
      expect(cny(values(cmp, 'horizon')[i])).toBe(w.horizonCny);
      expect(cny(values(cmp, 'unitCost')[i])).toBe(w.costPerUsefulGpuHourCny);
      expect(cny(values(cmp, 'capex')[i])).toBe(w.capexCny);
      expect(values(cmp, 'utilization')[i]).toEqual({ kind: 'percent', fraction: w.utilization });
      let sum = 0;
      for (const c of COST_CATEGORIES) {
        const v = cny(values(cmp, `category.${c}`)[i]);
        expect(v).toBe(w.breakdownMonthlyCny[c]);
        sum += v;
      }
      expect(sum).toBeCloseTo(w.monthlyCny, 6);
    });
  });

  it('takes cash by year, the total, the resale value and the NPV from the cash report, years beyond a horizon left empty', () => {
    const cmp = compareScenarios(four);
    // The large lab runs 60 months, the others 36: five year rows, the last two empty for 36 months.
    expect(cmp.rows.filter((r) => r.group === 'cash').map((r) => r.key)).toEqual([
      'year.1',
      'year.2',
      'year.3',
      'year.4',
      'year.5',
      'totalCash',
      'resaleAtEnd',
      'npv',
    ]);
    FOUR.forEach((id, i) => {
      const s = preset(id);
      const winner = evaluate(s).recommendation.strategy;
      const cash = cashReport(s).strategies[winner];
      cash.years.forEach((y, n) => {
        expect(cny(values(cmp, `year.${n + 1}`)[i])).toBe(y.cashOutCny);
      });
      for (let n = cash.years.length + 1; n <= 5; n++)
        expect(values(cmp, `year.${n}`)[i]).toEqual({ kind: 'empty' });
      expect(cny(values(cmp, 'totalCash')[i])).toBe(cash.totalCashCny);
      expect(cny(values(cmp, 'resaleAtEnd')[i])).toBe(cash.residualValueCny);
      expect(cny(values(cmp, 'npv')[i])).toBe(cash.npvCny);
      // With the VAT view off, the NPV is the evaluation's, as the finance section says.
      expect(cny(values(cmp, 'npv')[i])).toBeCloseTo(evaluate(s).strategies[winner].npvCny, 0);
    });
  });

  describe('energy and emissions of the focused strategy', () => {
    const ENERGY_ROWS = [
      'energy.kwhPerYear',
      'energy.tCo2ePerYear',
      'energy.kgPerUsefulGpuHour',
      'energy.providerShare',
    ];

    it('come after the cash rows and before the inputs', () => {
      const cmp = compareScenarios([column('a', seed), column('b', { ...seed, teamCapability: 2 })]);
      const groups = [...new Set(cmp.rows.map((r) => r.group))];
      expect(groups).toEqual([
        'result',
        'strategies',
        'ladder',
        'focus',
        'categories',
        'cash',
        'energy',
        'inputs',
      ]);
      expect(cmp.rows.filter((r) => r.group === 'energy').map((r) => r.key)).toEqual(ENERGY_ROWS);
    });

    it('give the seed’s own cluster the energy formula written out: servers × (idle + (busy − idle) × busy share) kW × PUE × 730 h × 12 a year', () => {
      // Steady demand: a year's figures are the same whether the horizon is 3 years or 2.5.
      for (const horizonMonths of [36, 30]) {
        const s: Scenario = { ...seed, horizonMonths };
        const sb = s.selfBuild;
        const e = s.energy;
        const own = evaluate(s).strategies.selfBuild;
        // The cluster as the rule sizes it: the scenario's 8 GPUs, one server.
        expect(own.baselineGpus).toBe(sb.capacityGpus);
        const servers = sb.capacityGpus / sb.gpusPerServer;
        const usefulPerMonth = own.usefulModelGpuHoursPerMonth;
        const busyShare = usefulPerMonth / (sb.capacityGpus * 730);
        const kw =
          servers *
          (sb.powerIdleKwPerServer + (sb.powerBusyKwPerServer - sb.powerIdleKwPerServer) * busyShare);
        const kwhPerYear = kw * sb.pue * 730 * 12;
        // Scope 2 at the site's grid; scope 3: each GPU's embodied kg over its depreciation life.
        const kgPerYear =
          kwhPerYear * e.gridKgCo2ePerKwh + (sb.capacityGpus * e.embodiedKgCo2ePerGpu) / sb.depreciationYears;

        const cmp = compareScenarios([column('seed', s)], 'selfBuild');
        expect(quantity(values(cmp, 'energy.kwhPerYear')[0])).toBeCloseTo(kwhPerYear, 6);
        expect(quantity(values(cmp, 'energy.tCo2ePerYear')[0])).toBeCloseTo(kgPerYear / 1000, 9);
        expect(quantity(values(cmp, 'energy.kgPerUsefulGpuHour')[0])).toBeCloseTo(
          kgPerYear / (usefulPerMonth * 12),
          9,
        );
        // All of it is the own cluster's: nothing estimated.
        expect(fraction(values(cmp, 'energy.providerShare')[0])).toBe(0);
      }
      const cmp = compareScenarios([column('seed', seed)], 'selfBuild');
      expect(values(cmp, 'energy.kwhPerYear')[0]).toMatchObject({ unit: 'kwhPerYear', digits: 0 });
      expect(values(cmp, 'energy.tCo2ePerYear')[0]).toMatchObject({ unit: 'tCo2ePerYear', digits: 1 });
    });

    it('are each column’s report totals ÷ its years (horizon months ÷ 12), for each column’s winner', () => {
      const cmp = compareScenarios(four);
      FOUR.forEach((id, i) => {
        const s = preset(id);
        const way = energyReport(s).ways[evaluate(s).recommendation.strategy];
        const years = s.horizonMonths / 12;
        expect(way.total.months).toBe(s.horizonMonths);
        expect(quantity(values(cmp, 'energy.kwhPerYear')[i])).toBeCloseTo(way.total.kwh / years, 6);
        expect(quantity(values(cmp, 'energy.tCo2ePerYear')[i])).toBeCloseTo(
          (way.total.scope2Kg + way.total.scope3Kg) / 1000 / years,
          9,
        );
        expect(quantity(values(cmp, 'energy.kgPerUsefulGpuHour')[i])).toBe(way.kgPerUsefulGpuHour);
        expect(fraction(values(cmp, 'energy.providerShare')[i])).toBe(way.providerShare);
      });
      // The seed’s winner is the platform: every kWh is the providers’, an estimate.
      expect(fraction(values(cmp, 'energy.providerShare')[0])).toBe(1);
    });

    it('mark the emissions, not the kWh, where the site’s grid factor differs', () => {
      const cleaner: Scenario = { ...seed, energy: { ...seed.energy, gridKgCo2ePerKwh: 0.3 } };
      const cmp = compareScenarios([column('seed', seed), column('cleaner', cleaner)], 'selfBuild');
      const differs = (key: string) => row(cmp, key).cells.map((c) => c.differs);
      expect(differs('energy.kwhPerYear')).toEqual([false, false]);
      expect(differs('energy.tCo2ePerYear')).toEqual([false, true]);
      expect(differs('energy.kgPerUsefulGpuHour')).toEqual([false, true]);
      expect(differs('energy.providerShare')).toEqual([false, false]);
      // The difference is the kWh at the two factors (the embodied part is alike).
      const [a, b] = values(cmp, 'energy.tCo2ePerYear').map(quantity);
      const kwh = quantity(values(cmp, 'energy.kwhPerYear')[0]);
      expect((a ?? 0) - (b ?? 0)).toBeCloseTo((kwh * (seed.energy.gridKgCo2ePerKwh - 0.3)) / 1000, 9);
      expect(cmp.differingInputs).toContain('energy.gridKgCo2ePerKwh');
      // The platform draws on the providers' grid: the site's factor leaves its figures alone.
      const platform = compareScenarios([column('seed', seed), column('cleaner', cleaner)], 'platform');
      for (const key of ENERGY_ROWS) expect(row(platform, key).cells[1]?.differs, key).toBe(false);
    });
  });

  it('shows one strategy for every column when asked, and marks a strategy a column may not use', () => {
    const onPrem: Scenario = { ...seed, compliance: 'onPrem' };
    const cmp = compareScenarios([column('seed', seed), column('onPrem', onPrem)], 'platform');
    expect(values(cmp, 'focusStrategy')).toEqual([
      { kind: 'strategy', id: 'platform' },
      { kind: 'strategy', id: 'platform' },
    ]);
    expect(evaluate(onPrem).strategies.platform.eligible).toBe(false);
    expect(cny(values(cmp, 'annual')[0])).toBe(evaluate(seed).strategies.platform.annualCny);
    for (const key of [
      'annual',
      'category.compute',
      'year.1',
      'npv',
      'energy.kwhPerYear',
      'monthly.platform',
    ])
      expect(values(cmp, key)[1], key).toEqual({ kind: 'notAllowed' });
  });

  it('lists the inputs that differ from the first column and marks only the differing cells', () => {
    const cheaper = withInput(seed, 'selfBuild.serverPriceCny', 1_500_000);
    const team2: Scenario = { ...seed, teamCapability: 2 };
    const cmp = compareScenarios([
      column('a', seed),
      column('b', cheaper),
      column('c', team2),
      column('d', seed),
    ]);
    expect(cmp.differingInputs).toEqual(['selfBuild.serverPriceCny', 'teamCapability']);
    const price = row(cmp, 'input.selfBuild.serverPriceCny');
    expect(price.cells.map((c) => c.differs)).toEqual([false, true, false, false]);
    expect(price.cells.map((c) => (c.value.kind === 'input' ? c.value.value : null))).toEqual([
      seed.selfBuild.serverPriceCny,
      1_500_000,
      seed.selfBuild.serverPriceCny,
      seed.selfBuild.serverPriceCny,
    ]);
    expect(row(cmp, 'input.teamCapability').cells.map((c) => c.differs)).toEqual([false, false, true, false]);
  });

  it('lists no input rows for scenarios that are alike, and GPU models and the VAT view when they differ', () => {
    expect(compareScenarios([column('a', seed), column('b', seed)]).differingInputs).toEqual([]);
    const h20: Scenario = {
      ...seed,
      hardware: { ...seed.hardware, selfBuild: { ...seed.hardware.selfBuild, modelId: 'h20' } },
      vat: { ...seed.vat, enabled: true },
    };
    expect(compareScenarios([column('a', seed), column('b', h20)]).differingInputs).toEqual([
      'hardware.selfBuild.modelId',
      'vat.enabled',
    ]);
  });

  it('compares at most four, and keeps a column the engine cannot price out of the table, named', () => {
    const five = [...four, column('fifth', preset('growingCompany'))];
    expect(compareScenarios(five).columns).toHaveLength(4);
    const broken = { ...seed, demand: undefined } as unknown as Scenario;
    const cmp = compareScenarios([
      column('seed', seed),
      { key: 'x', label: 'Broken', scenario: broken },
      column('lab', preset('steadyLab')),
    ]);
    expect(cmp.failed).toEqual([{ key: 'x', label: 'Broken' }]);
    expect(cmp.columns.map((c) => c.label)).toEqual(['seed', 'lab']);
    for (const r of cmp.rows) expect(r.cells).toHaveLength(2);
  });
});

describe('uniqueLabels', () => {
  it('numbers repeated names in order and leaves distinct ones alone', () => {
    expect(uniqueLabels(['Plan', 'Lab', 'Plan', 'Plan'])).toEqual(['Plan', 'Lab', 'Plan (2)', 'Plan (3)']);
    expect(uniqueLabels(['预算', '预算'])).toEqual(['预算', '预算 (2)']);
  });

  it('every way to commit: the hand-worked ladder (912,500 a month, 182,500 below renting, 80 GPUs reserved) beside the same with a 3-year term', () => {
    const one = handCase(['reserved1y', 'onDemand']);
    const three = handCase(['reserved3y', 'onDemand']);
    const longer: Scenario = {
      ...three,
      horizonMonths: 36,
      ladder: { ...three.ladder, reserved3yDiscountFraction: 0.55 },
    };
    const cmp = compareScenarios([column('1-year', one), column('3-year', longer)]);
    const row = (key: string) => cmp.rows.find((r) => r.key === key)?.cells.map((c) => c.value);
    expect(row('ladder.monthly')).toEqual([
      {
        kind: 'money',
        cny: expect.closeTo(80 * 730 * 12.5 * 0.75 + ((40 * 0.5 * 730) / 0.5) * 12.5, 6),
        digits: 0,
      },
      // 160 GPUs × 730 h × 12.5 × (1 − 55 %): every useful GPU on the 3-year term.
      { kind: 'money', cny: expect.closeTo(160 * 730 * 12.5 * 0.45, 6), digits: 0 },
    ]);
    expect(row('ladder.saving')?.[0]).toEqual({ kind: 'money', cny: expect.closeTo(182_500, 6), digits: 0 });
    expect(row('ladder.committedGpus')).toEqual([
      { kind: 'quantity', value: 80, unit: 'gpus', digits: 0 },
      { kind: 'quantity', value: 160, unit: 'gpus', digits: 0 },
    ]);
    expect(cmp.rows.find((r) => r.key === 'ladder.committedGpus')?.cells[1]?.differs).toBe(true);
  });

  it('lists the ladder’s tiers and prepayment among the inputs that differ, in the reader’s words', () => {
    const one = handCase(['reserved1y', 'onDemand']);
    const two: Scenario = {
      ...one,
      ladder: {
        ...one.ladder,
        tiers: { ...one.ladder.tiers, spot: true },
        prepay: { ...one.ladder.prepay, reserved1y: 'all' },
      },
    };
    const cmp = compareScenarios([column('a', one), column('b', two)]);
    expect(cmp.differingInputs).toEqual(expect.arrayContaining(['ladder.tiers', 'ladder.prepay.reserved1y']));
    expect(cmp.differingInputs).not.toContain('ladder.prepay.reserved3y');
    const t = createI18n('en').t;
    const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };
    const cells = (path: string) =>
      cmp.rows.find((r) => r.key === `input.${path}`)?.cells.map((c) => compareValueText(c.value, money, t));
    expect(cells('ladder.tiers')).toEqual([
      '1-year reservation; On demand',
      '1-year reservation; On demand; Spot',
    ]);
    expect(cells('ladder.prepay.reserved1y')).toEqual(['nothing (monthly)', 'all']);
  });
  it('lists the price paths among the inputs that differ: on demand and term, each by its name', () => {
    const one = preset('steadyLab');
    const two: Scenario = {
      ...one,
      finance: {
        ...one.finance,
        gpuTimePriceShape: presetShape('shortage'),
        termPriceShape: presetTermShape('observed'),
      },
    };
    // Two copies of the same paths (other objects) do not differ.
    const same: Scenario = structuredClone(two);
    const alike = compareScenarios([column('b', two), column('c', same)]).differingInputs;
    expect(alike).not.toContain('finance.termPriceShape');
    expect(alike).not.toContain('finance.gpuTimePriceShape');
    const cmp = compareScenarios([column('a', one), column('b', two)]);
    expect(cmp.differingInputs).toEqual(
      expect.arrayContaining(['finance.gpuTimePriceShape', 'finance.termPriceShape']),
    );
    const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };
    const cellsIn = (lang: 'en' | 'zh-CN', path: string) => {
      const t = createI18n(lang).t;
      return cmp.rows
        .find((r) => r.key === `input.${path}`)
        ?.cells.map((c) => compareValueText(c.value, money, t));
    };
    expect(cellsIn('en', 'finance.gpuTimePriceShape')).toEqual([
      'Steady, at the yearly rate',
      'Shortage: +25 % over six months, then −15 %/yr',
    ]);
    expect(cellsIn('en', 'finance.termPriceShape')).toEqual([
      'Same as on demand',
      'Observed 2023–2026, 1-year contracts, replayed',
    ]);
    expect(cellsIn('zh-CN', 'finance.termPriceShape')).toEqual([
      '与按需价格相同',
      '2023–2026 年一年期合约实际走势回放',
    ]);
  });
});
