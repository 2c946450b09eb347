import { GPU_MODELS } from './catalog/models';
import type { AvailabilityStatus, CatalogValue, GpuModel } from './catalog/types';
import { crossoverLoadRates } from './crossover';
import { loadRateOf, ownClusterGpus } from './demand';
import { chooseModel } from './hardware';
import {
  costPerUsefulGpuHour,
  costPerUsefulPflopHour,
  pricePlatform,
  priceRent,
  priceSelfBuild,
  pricingInputs,
  totalOf,
} from './model';
import type { ComparatorId, Scenario } from './types';

/** One catalogue model as the own cluster's GPU, against the best rental, for the current demand. */
export interface HardwareCompareRow {
  modelId: string;
  name: string;
  vendor: GpuModel['vendor'];
  kind: GpuModel['kind'];
  availability: AvailabilityStatus;
  /** The catalogue's default server price for the model (its first listed), with source and date. */
  serverPrice: CatalogValue;
  denseTflopsPerGpu: CatalogValue;
  /** Throughput relative to the reference GPU (dense BF16 TFLOPS ratio). */
  throughputRatio: number;
  /** Owned GPUs that do the same work as the scenario's own cluster (whole servers). */
  capacityGpus: number;
  /** Monthly cost of owning that cluster (plus its burst) for the current demand. */
  monthlyCny: number;
  /** Monthly cost ÷ useful PFLOP-hours of the demand (reference GPU-hours × reference dense PFLOPS). */
  costPerUsefulPflopHourCny: number;
  /** Monthly cost of owning − the best rental's (negative: owning this model is cheaper). */
  vsBestRentalMonthlyCny: number | null;
  /** Own-cluster load rate at which owning this model turns cheaper than the best rental; null if never. */
  crossoverLoadRate: number | null;
  /** Own-cluster load rate of the current demand on this cluster. */
  loadRate: number;
}

export interface HardwareComparison {
  /** The cheaper of renting whole servers and the platform at the current demand, or null (on premises). */
  bestRental: { id: ComparatorId; monthlyCny: number; costPerUsefulPflopHourCny: number } | null;
  /** Every catalogue model with a server price, cheapest per PFLOP-hour first. */
  rows: HardwareCompareRow[];
}

/**
 * Ranks the catalogue's models as own-cluster choices for the scenario's demand (docs/model.md §8): each
 * model takes the own cluster's inputs from the catalogue (chooseModel: default server price, power,
 * dense-TFLOPS throughput ratio) and is sized to do the same work as the scenario's own cluster (its
 * GPU count × the current throughput ratio ÷ the model's, in whole servers), so a slower model gets
 * more GPUs; rentals stay as the scenario sets them. The configured model's row is the configured
 * cluster itself, priced as the Self-build card prices it. Pure.
 */
export function compareHardware(s: Scenario): HardwareComparison {
  const ctx = pricingInputs(s);
  const rent = priceRent(ctx);
  const platform = pricePlatform(ctx);
  // The cards' unit-cost path (useful reference GPU-hours, then PFLOPS), so the figures agree exactly.
  const perPflop = (monthly: number) =>
    costPerUsefulPflopHour(
      costPerUsefulGpuHour(monthly, ctx.usefulGpuHoursPerMonth),
      s.hardware.referenceDenseTflopsPerGpu,
    );
  const rentals: { id: ComparatorId; monthlyCny: number }[] = [];
  if (rent.eligible) rentals.push({ id: 'rent', monthlyCny: totalOf(rent.part.breakdown) });
  if (platform.eligible) rentals.push({ id: 'platform', monthlyCny: totalOf(platform.part.breakdown) });
  rentals.sort((a, b) => a.monthlyCny - b.monthlyCny);
  const best = rentals[0] ?? null;

  const currentWork = ownClusterGpus(s) * s.hardware.selfBuild.throughputRatio;
  const rows: HardwareCompareRow[] = [];
  for (const model of GPU_MODELS) {
    const serverPrice = model.serverPrices[0];
    if (!serverPrice) continue;
    const scenario = hardwareOptionScenario(s, model.id, currentWork);
    const ratio = scenario.hardware.selfBuild.throughputRatio;
    const capacityGpus = ownClusterGpus(scenario);
    const monthlyCny = totalOf(priceSelfBuild(pricingInputs(scenario)).part.breakdown);
    const crossings = crossoverLoadRates(scenario);
    rows.push({
      modelId: model.id,
      name: model.name,
      vendor: model.vendor,
      kind: model.kind,
      availability: model.availability.status,
      serverPrice,
      denseTflopsPerGpu: model.denseTflopsPerGpu,
      throughputRatio: ratio,
      capacityGpus,
      monthlyCny,
      costPerUsefulPflopHourCny: perPflop(monthlyCny),
      vsBestRentalMonthlyCny: best ? monthlyCny - best.monthlyCny : null,
      crossoverLoadRate: best ? crossings[best.id] : null,
      loadRate: loadRateOf(scenario),
    });
  }
  rows.sort((a, b) => a.costPerUsefulPflopHourCny - b.costPerUsefulPflopHourCny);
  return {
    bestRental: best ? { ...best, costPerUsefulPflopHourCny: perPflop(best.monthlyCny) } : null,
    rows,
  };
}

/**
 * The own cluster a row of the comparison prices. The configured model's row is the scenario itself,
 * exactly as set (its edited power, price and size), so the table and the Self-build card show one
 * figure for one configuration; every other model takes the catalogue's default figures
 * (chooseModel) and is sized to do the same work, in whole servers. A cluster already owned is of the
 * configured model (existing-cluster.ts), so another model's row builds anew without it: what owning
 * that model would cost, not the owned servers re-typed as it.
 */
function hardwareOptionScenario(s: Scenario, modelId: string, currentWork: number): Scenario {
  if (modelId === s.hardware.selfBuild.modelId) return s;
  const chosen = chooseModel(s, 'selfBuild', modelId);
  const ratio = chosen.hardware.selfBuild.throughputRatio;
  const gpusPerServer = chosen.selfBuild.gpusPerServer;
  const capacityGpus = currentWork > 0 ? Math.ceil(currentWork / ratio / gpusPerServer) * gpusPerServer : 0;
  return { ...chosen, existing: null, selfBuild: { ...chosen.selfBuild, capacityGpus } };
}
