import { type CashModel, cashFlow, endResaleValueCny } from '../cash';
import { HOURS_PER_MONTH } from '../constants';
import { gpuTimePath } from '../price-path';
import type { StrategyResult } from '../types';
import { cashModelOf, npv } from './cash-model';
import { totalOf } from './categories';
import { inputsFor, type PricingInputs } from './inputs';
import type { StrategyCost } from './strategies';

/** Cost per useful reference GPU-hour; below a billionth of a GPU-hour there is no demand: 0, not infinity. */
export function costPerUsefulGpuHour(monthlyCny: number, usefulGpuHoursPerMonth: number): number {
  return usefulGpuHoursPerMonth > 1e-9 ? monthlyCny / usefulGpuHoursPerMonth : 0;
}

/**
 * Cost per useful PFLOP-hour of the reference GPU, from the cost per useful GPU-hour. One function for
 * the cards and the hardware comparison, so both divide in the same order and agree to the last digit.
 */
export function costPerUsefulPflopHour(
  perUsefulGpuHourCny: number,
  referenceDenseTflopsPerGpu: number,
): number {
  const pflopsPerReferenceGpu = referenceDenseTflopsPerGpu / 1000;
  return pflopsPerReferenceGpu > 0 ? perUsefulGpuHourCny / pflopsPerReferenceGpu : 0;
}

/**
 * The economic view's capital charge in a way's compute: on the hardware it buys, and on a cluster
 * already owned — kept (an owned baseline: self-build.ts ownedCluster) or sold (existing.ts) — under
 * the lens.
 */
function capitalChargeOf(x: PricingInputs, cost: StrategyCost): number {
  const own = cost.part.capexCny * x.capitalChargePerCapexYuan;
  const existing = x.existing;
  if (existing === null) return own;
  const kept = cost.base?.kind === 'owned' || cost.id === 'selfBuild';
  return own + (kept ? existing.keep.capitalChargeCny : existing.sell.capitalChargeCny);
}

/** The full per-strategy result: totals, unit costs, cash flow (capex at delivery). */
export function toResult(
  x: PricingInputs,
  cost: StrategyCost,
  cash: CashModel = cashModelOf(x, cost),
): StrategyResult {
  const s = x.scenario;
  const { part } = cost;
  const monthlyCny = totalOf(part.breakdown);
  // Unit costs are per useful hour of the reference GPU, so every strategy prices the same work.
  const reference = x.reference ?? x;
  const useful = reference.usefulGpuHoursPerMonth;
  const modelUseful = inputsFor(reference, cost.id).usefulGpuHoursPerMonth;
  const costPerUsefulGpuHourCny = costPerUsefulGpuHour(monthlyCny, useful);
  const units = s.throughput.unitsPerUsefulGpuHour;
  const cashflowCny = cashFlow(cash, gpuTimePath(s.finance), s.horizonMonths);
  const residualValueCny = endResaleValueCny(cash, s.horizonMonths);
  const rate = s.finance.discountRateFractionPerYear;
  return {
    id: cost.id,
    eligible: cost.eligible,
    ineligibleReason: cost.ineligibleReason,
    monthlyCny,
    annualCny: monthlyCny * 12,
    horizonCny: monthlyCny * s.horizonMonths,
    breakdownMonthlyCny: { ...part.breakdown },
    utilization: part.billedGpuHours > 0 ? part.usefulGpuHours / part.billedGpuHours : 0,
    costPerUsefulGpuHourCny,
    costPerUsefulPflopHourCny: costPerUsefulPflopHour(
      costPerUsefulGpuHourCny,
      s.hardware.referenceDenseTflopsPerGpu,
    ),
    usefulModelGpuHoursPerMonth: modelUseful,
    costPerMillionUnitsCny: units !== null && units > 0 ? (costPerUsefulGpuHourCny / units) * 1e6 : null,
    cashflowCny,
    residualValueCny,
    // What the hardware still fetches at the horizon's end is credited, discounted like the cash.
    npvCny: npv(cashflowCny, rate) - residualValueCny / (1 + rate) ** (s.horizonMonths / 12),
    capexCny: part.capexCny,
    capitalChargeMonthlyCny: capitalChargeOf(x, cost),
    baselineGpus: cost.baselineGpus,
    averageBilledGpus: part.billedGpuHours / HOURS_PER_MONTH,
    burstShare: modelUseful > 1e-9 ? Math.min(1, cost.burstUsefulGpuHours / modelUseful) : 0,
    leadTimeMonthlyCny: part.leadTimeCny,
    failuresPerMonth: part.failures,
  };
}
