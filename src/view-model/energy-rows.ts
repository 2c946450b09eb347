import {
  carbonCnyPerKwh,
  type EnergyReport,
  evaluate,
  ownEnergyCnyPerKwh,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';

/** One way's energy and emissions as the dashboard's table shows them: a year's average over the horizon. */
export interface EnergyRow {
  way: StrategyId;
  /** kWh a year: the horizon's kWh ÷ its years (horizon months ÷ 12). */
  kwhPerYear: number;
  /** t CO₂e a year, scope 2 + scope 3. */
  tonnesPerYear: number;
  /** Of them, embodied (scope 3). */
  embodiedTonnesPerYear: number;
  kgPerUsefulGpuHour: number;
  /** More than half the kWh are the providers' GPUs: an estimate. */
  estimated: boolean;
}

/** The ways in the engine's order, each at its yearly average (a horizon of 30 months is 2.5 years). */
export function energyRows(report: EnergyReport): EnergyRow[] {
  return STRATEGY_IDS.map((way) => {
    const w = report.ways[way];
    const years = w.total.months / 12;
    const per = (v: number) => (years > 0 ? v / years : 0);
    return {
      way,
      kwhPerYear: per(w.total.kwh),
      tonnesPerYear: per(w.total.scope2Kg + w.total.scope3Kg) / 1000,
      embodiedTonnesPerYear: per(w.total.scope3Kg) / 1000,
      kgPerUsefulGpuHour: w.kgPerUsefulGpuHour,
      estimated: w.providerShare > 0.5,
    };
  });
}

/** The carbon line of the own cluster's energy, and whether it changes the recommendation. */
export interface CarbonVerdict {
  cnyPerKwh: number;
  /** Self-build's carbon line a month: its energy × the carbon share of the price per kWh. */
  monthlyCny: number;
  withWay: StrategyId;
  withoutWay: StrategyId;
  flips: boolean;
}

/** Null without a carbon price (or on a zero-carbon grid). */
export function carbonVerdict(s: Scenario): CarbonVerdict | null {
  const cnyPerKwh = carbonCnyPerKwh(s);
  if (!(cnyPerKwh > 0)) return null;
  const withIt = evaluate(s);
  const without = evaluate({ ...s, energy: { ...s.energy, carbonPriceCnyPerTonne: 0 } });
  const energy = withIt.strategies.selfBuild.breakdownMonthlyCny.energy;
  return {
    cnyPerKwh,
    monthlyCny: (energy * cnyPerKwh) / ownEnergyCnyPerKwh(s),
    withWay: withIt.recommendation.strategy,
    withoutWay: without.recommendation.strategy,
    flips: withIt.recommendation.strategy !== without.recommendation.strategy,
  };
}
