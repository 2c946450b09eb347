import type { CashModel } from '../cash';
import { hardwarePrices } from '../hardware-path';
import { burstShareByMonth, servedShareByMonth } from '../horizon-demand';
import { termPath } from '../price-path';
import type { Breakdown } from '../types';
import { burstPart } from './burst';
import { addBreakdowns, totalOf } from './categories';
import { reservedPart } from './hybrid';
import { atMarketFactor, inputsFor, type PricingInputs } from './inputs';
import { leadTimeCostsPerUsefulGpuHour } from './lead-time';
import type { PartCost } from './part';
import { platformPart } from './platform';
import { rentPart } from './rent';
import { ownLeadUsefulGpuHours, ownMaintenanceCny } from './self-build';
import type { StrategyCost } from './strategies';

/** Net present value of monthly cash flows at a yearly discount rate (month 0 undiscounted). */
export function npv(cashflow: readonly number[], ratePerYear: number): number {
  let total = 0;
  for (let m = 0; m < cashflow.length; m++) total += (cashflow[m] ?? 0) / (1 + ratePerYear) ** (m / 12);
  return total;
}

function runningCash(p: PartCost): number {
  return Math.max(0, totalOf(p.breakdown) - p.nonCashCny - p.leadTimeCny);
}

/**
 * The running cash of a part by category: the cost less what is not monthly cash. Depreciation
 * (non-cash less iteration risk) sits in `compute`, iteration risk is wholly non-cash, and the
 * lead-time line (in `time`) is paid in the lead-time months instead (cash.ts). Sums to runningCash
 * wherever that is positive, which every priced part is.
 */
function runningCashByCategory(p: PartCost): Breakdown {
  const b = p.breakdown;
  return {
    compute: b.compute - (p.nonCashCny - b.iteration),
    energy: b.energy,
    time: b.time - p.leadTimeCny,
    ops: b.ops,
    failure: b.failure,
    iteration: 0,
  };
}

/** A way that sells the cluster already owned: what it fetches, in month 1 (the lens moves no cash). */
function existingSoldCash(x: PricingInputs): CashModel['existing'] {
  const existing = x.existing;
  if (existing === null) return null;
  return { purchases: [], sales: [{ month: 1, cny: existing.marketNowCny }], endValueCny: 0 };
}

/**
 * The cash model of a priced strategy (cash.ts): everything that follows the market path is priced at
 * factor 0 and 1 with the same choices (baseline, what the own cluster runs), since every such cost is
 * linear in today's GPU-time prices.
 */
export function cashModelOf(reference: PricingInputs, cost: StrategyCost): CashModel {
  const x = inputsFor(reference, cost.id);
  const at0 = atMarketFactor(x, 0);
  const at1 = atMarketFactor(x, 1);
  const linear = (price: (at: PricingInputs) => PartCost) => {
    const p0 = price(at0);
    const p1 = price(at1);
    const a = runningCash(p0);
    const aBy = runningCashByCategory(p0);
    return {
      a,
      b: runningCash(p1) - a,
      aBy,
      bBy: addBreakdowns(runningCashByCategory(p1), aBy, -1),
    };
  };
  if (cost.base === null) {
    const whole =
      cost.id === 'rent'
        ? linear((c) => rentPart(c, c.usefulGpuHoursPerMonth))
        : linear((c) => platformPart(c, c.usefulGpuHoursPerMonth));
    return {
      runningACny: whole.a,
      runningBCny: whole.b,
      runningAByCategoryCny: whole.aBy,
      runningBByCategoryCny: whole.bBy,
      owned: null,
      demandShareByMonth: x.dated ? x.dated.demandShareByMonth : null,
      held: null,
      runningComputeIsLeasing: cost.id === 'rent',
      existing: existingSoldCash(x),
    };
  }
  // A dated plan's burst falls in the months its baseline cannot cover.
  const burstShare = x.dated ? burstShareByMonth(x.dated, x.curveScale, cost.base.part.usableGpus) : null;
  const burst = linear((c) => burstPart(c, cost.burstUsefulGpuHours));
  const base = cost.base;
  if (base.kind === 'reserved') {
    const reserved = linear((c) => reservedPart(c, base.gpus));
    return {
      runningACny: burst.a + reserved.a,
      runningBCny: burst.b + reserved.b,
      runningAByCategoryCny: addBreakdowns(burst.aBy, reserved.aBy),
      runningBByCategoryCny: addBreakdowns(burst.bBy, reserved.bBy),
      owned: null,
      demandShareByMonth: burstShare,
      runningComputeIsLeasing: false,
      held: {
        aCny: reserved.a,
        bCny: reserved.b,
        aByCategoryCny: reserved.aBy,
        bByCategoryCny: reserved.bBy,
        path: x.scenario.finance.termPriceShape === null ? null : termPath(x.scenario.finance),
      },
      existing: existingSoldCash(x),
    };
  }
  const sb = x.scenario.selfBuild;
  const lead = leadTimeCostsPerUsefulGpuHour(x);
  // The lead time rents only the new servers' work; servers already owned run from month 1.
  const served = ownLeadUsefulGpuHours(x, base.part.usableGpus, base.part.usefulGpuHours);
  const existing = x.existing;
  return {
    runningACny: burst.a,
    runningBCny: burst.b,
    runningAByCategoryCny: burst.aBy,
    runningBByCategoryCny: burst.bBy,
    demandShareByMonth: burstShare,
    held: null,
    runningComputeIsLeasing: false,
    existing:
      existing === null
        ? null
        : {
            purchases: existing.keepFlows.map((f) => ({ month: f.month, cny: f.purchaseCny })),
            sales: existing.keepFlows.map((f) => ({ month: f.month, cny: f.saleCny })),
            endValueCny: existing.keepEndValueCny,
          },
    owned: {
      capexCny: base.part.capexCny,
      lifeMonths: sb.depreciationYears * 12,
      residualFraction: sb.residualFraction,
      resaleDeclineFractionPerYear: x.scenario.finance.resaleValueDeclineFractionPerYear,
      leadMonths: base.part.capexCny > 0 ? x.buildLeadTimeMonths : 0,
      prices: hardwarePrices(x.scenario.finance, base.part.capexCny > 0 ? x.buildLeadTimeMonths : 0),
      runningCny: runningCash(base.part),
      runningByCategoryCny: runningCashByCategory(base.part),
      runningRepairsCny:
        existing === null
          ? ownMaintenanceCny(base.part.capexCny, sb)
          : ownMaintenanceCny(base.part.capexCny, sb) + existing.maintenanceCny,
      runningDuringLeadShare:
        existing === null ? 0 : existing.gpus / Math.max(existing.gpus, base.part.capacityGpus),
      leadACny: lead ? lead.aCny * served : 0,
      leadBCny: lead ? lead.bCny * served : 0,
      leadShareByMonth: x.dated ? servedShareByMonth(x.dated, x.curveScale, base.part.usableGpus) : null,
    },
  };
}
