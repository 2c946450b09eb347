import type { EnergyReport, StrategyId } from '../engine';
import { STRATEGY_IDS } from '../engine';

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
