import { datedLeadTimePerUseful } from '../horizon-demand';
import { gpuTimePath } from '../price-path';
import { totalOf } from './categories';
import { atMarketFactor, type PricingInputs } from './inputs';
import { platformPart } from './platform';
import { rentPart } from './rent';

/**
 * How the work an owned cluster will do is served while it is being built (docs/model.md "Build lead time
 * (v2)"): by the cheaper eligible of whole rented servers and the platform over the lead-time months
 * 1..L, each month at its market price; when neither is eligible (data on premises) the work waits,
 * valued at the platform's price. Linear in the hours, so per useful GPU-hour: a month's cost is
 * a + b × that month's market factor. Null without a lead time.
 */
export interface LeadTimeCosts {
  /** Per useful GPU-hour: the part of the cost that does not follow the market path. */
  aCny: number;
  /** Per useful GPU-hour at today's prices: the part that does. */
  bCny: number;
  /** Who serves the work meanwhile: whole rented servers, the platform, or nobody (it waits). */
  via: 'rent' | 'platform' | 'wait';
}

export function leadTimeCostsPerUsefulGpuHour(x: PricingInputs): LeadTimeCosts | null {
  const months = x.buildLeadTimeMonths;
  if (months <= 0) return null;
  const sumF = gpuTimePath(x.scenario.finance).sum(1, months);
  const at0 = atMarketFactor(x, 0);
  const at1 = atMarketFactor(x, 1);
  // Each option's cost of one useful GPU-hour at market factor 0 (a) and 1 (a + b), in this order; the
  // cheapest over the lead-time months wins, the first on a tie.
  const options: { a: number; today: number; via: LeadTimeCosts['via'] }[] = [];
  if (x.rentEligible)
    options.push({
      a: totalOf(rentPart(at0, 1).breakdown),
      today: totalOf(rentPart(at1, 1).breakdown),
      via: 'rent',
    });
  if (x.platformEligible)
    options.push({
      via: 'platform',
      a: totalOf(platformPart(at0, 1).breakdown),
      today: totalOf(platformPart(at1, 1).breakdown),
    });
  if (!x.rentEligible && !x.platformEligible)
    options.push({
      via: 'wait',
      a: at0.platformCnyPerGpuHour / x.platformUtilization,
      today: at1.platformCnyPerGpuHour / x.platformUtilization,
    });
  let best: (typeof options)[number] | null = null;
  let bestTotal = Number.POSITIVE_INFINITY;
  for (const option of options) {
    const total = option.a * months + (option.today - option.a) * sumF;
    if (total < bestTotal) {
      best = option;
      bestTotal = total;
    }
  }
  return best === null ? null : { aCny: best.a, bCny: best.today - best.a, via: best.via };
}

/**
 * The build lead time line per useful GPU-hour the owned cluster serves a month: the lead-time
 * months' cost spread over the horizon's months (in the time category).
 */
export function leadTimeCnyPerUsefulGpuHour(x: PricingInputs, usableGpus: number): number {
  const o = leadTimeCostsPerUsefulGpuHour(x);
  if (!o) return 0;
  // A dated plan: the lead-time months' own share of the cluster's work (docs/model.md §10).
  if (x.dated !== null)
    return datedLeadTimePerUseful(x.dated, x.curveScale, usableGpus, x.buildLeadTimeMonths, o);
  const months = x.buildLeadTimeMonths;
  const sumF = gpuTimePath(x.scenario.finance).sum(1, months);
  return (o.aCny * months + o.bCny * sumF) / x.scenario.horizonMonths;
}
