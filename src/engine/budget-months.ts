import type { WayMonthFigures } from './budget-variance';
import { cashFlowDetail } from './cash';
import { cashModelOf, priceStrategies, pricingInputs } from './model';
import { gpuTimePath } from './price-path';
import { type Breakdown, COST_CATEGORIES, type Scenario, STRATEGY_IDS, type StrategyId } from './types';

/**
 * A budget version's figures month by month for each way (docs/model.md §10 "Budget vs actual"), what
 * actual bills are compared with:
 * - **spend by category**: the way's cash in month m (cash.ts `cashFlowDetail`, the figures of the
 *   cash table): running cash by the six categories, with hardware bought and worn-out hardware sold
 *   that month in compute (a bill for servers is a compute bill). The order month (month 0: capex
 *   without a lead time) counts in month 1, the first month a budget reports. As entered: no VAT view.
 * - **useful GPU-hours**: the way's useful GPU-hours a month, or for a dated plan that month's share of
 *   them (horizon-demand.ts);
 * - **held GPU-hours**: the GPU-hours it pays for a month (billed, or an own cluster's capacity plus
 *   its burst), or for a dated plan that month's useful hours at the way's average efficiency — an own
 *   cluster's quiet months are not told apart from its busy ones here.
 */
export function budgetMonths(scenario: Scenario): Record<StrategyId, WayMonthFigures[]> {
  const ctx = pricingInputs(scenario);
  const costs = priceStrategies(ctx);
  const months = scenario.horizonMonths;
  const path = gpuTimePath(scenario.finance);
  const share = ctx.dated?.demandShareByMonth ?? null;
  const out = {} as Record<StrategyId, WayMonthFigures[]>;
  for (const way of STRATEGY_IDS) {
    const cost = costs[way];
    const detail = cashFlowDetail(cashModelOf(ctx, cost), path, months);
    const useful = cost.part.usefulGpuHours;
    const held = cost.part.billedGpuHours;
    const rows: WayMonthFigures[] = [];
    for (let m = 1; m <= months; m++) {
      const spend = {} as Breakdown;
      for (const c of COST_CATEGORIES) spend[c] = detail.opexCny[c][m] ?? 0;
      const hardware = (detail.capexCny[m] ?? 0) + (detail.resaleCny[m] ?? 0);
      const atOrder = m === 1 ? (detail.capexCny[0] ?? 0) + (detail.resaleCny[0] ?? 0) : 0;
      spend.compute += hardware + atOrder;
      const usefulGpuHours = share === null ? useful : useful * (share[m - 1] ?? 0);
      const heldGpuHours = share === null || useful <= 0 ? held : (usefulGpuHours * held) / useful;
      rows.push({ month: m, way, usefulGpuHours, heldGpuHours, spendByCategoryCny: spend });
    }
    out[way] = rows;
  }
  return out;
}
