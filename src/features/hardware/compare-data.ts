import type { HardwareComparison } from '../../engine';

/** One row of the compare-hardware table, numbers in CNY (formatted on render); sort keys included. */
export interface CompareTableRow {
  modelId: string;
  name: string;
  availability: string;
  serverPriceCny: number;
  serverPriceAsOf: string;
  serverPriceConfidence: string;
  capacityGpus: number;
  monthlyCny: number;
  costPerUsefulPflopHourCny: number;
  vsBestRentalMonthlyCny: number | null;
  crossoverLoadRate: number | null;
  /** Crossover for sorting: "never" sorts after every rate. */
  crossoverSort: number;
  loadRate: number;
}

/** The table's rows straight from the engine's comparison (ranked cheapest per PFLOP-hour first). */
export function compareTableRows(cmp: HardwareComparison): CompareTableRow[] {
  return cmp.rows.map((r) => ({
    modelId: r.modelId,
    name: r.name,
    availability: r.availability,
    serverPriceCny: r.serverPrice.value,
    serverPriceAsOf: r.serverPrice.asOf,
    serverPriceConfidence: r.serverPrice.confidence,
    capacityGpus: r.capacityGpus,
    monthlyCny: r.monthlyCny,
    costPerUsefulPflopHourCny: r.costPerUsefulPflopHourCny,
    vsBestRentalMonthlyCny: r.vsBestRentalMonthlyCny,
    crossoverLoadRate: r.crossoverLoadRate,
    crossoverSort: r.crossoverLoadRate ?? Number.POSITIVE_INFINITY,
    loadRate: r.loadRate,
  }));
}

/** Bars of the chart: each model's cost per useful PFLOP-hour, in the engine's order. */
export function compareChartBars(
  cmp: HardwareComparison,
): { name: string; costPerPflop: number; cheaper: boolean }[] {
  const best = cmp.bestRental?.costPerUsefulPflopHourCny ?? null;
  return cmp.rows.map((r) => ({
    name: r.name,
    costPerPflop: r.costPerUsefulPflopHourCny,
    cheaper: best !== null && r.costPerUsefulPflopHourCny < best,
  }));
}
