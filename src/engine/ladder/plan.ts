import { HOURS_PER_MONTH } from '../constants';
import { evaluate } from '../evaluate';
import { totalOf } from '../model/categories';
import { type PricingInputs, pricingInputs } from '../model/inputs';
import { termPath } from '../price-path';
import { LADDER_TIER_IDS, type LadderTierId, type Scenario, type StrategyId } from '../types';
import { heldTerm, type LadderContext, ladderContext } from './bands';
import { type LadderBuildLead, ladderBuildLead } from './build-lead';
import { betterPlanByMarket, type LadderPricing, solveLadder, tiersUsed } from './solve';
import { prepaidShareOf, type TermTierId, TIER_FACTS, termDiscountOf, tierEligible } from './tiers';

/** One rung of the plan: a tier, what it holds or serves, what it costs, and what it saves. */
export interface LadderRung {
  id: LadderTierId;
  /** Committed GPUs (a committed tier); for a variable tier, null. */
  gpus: number | null;
  usefulGpuHoursPerMonth: number;
  monthlyCny: number;
  /**
   * The plan solved without this tier, minus the plan: what the rung saves a month (≥ 0 up to rounding
   * when `keepsWithinMarket` is false).
   */
  savingCnyPerMonth: number;
  /**
   * Without this tier more work would wait for GPUs beyond the market (one market, docs/model.md §10):
   * the rung is what keeps the plan within it, and its saving against a plan that does not do the work
   * says nothing.
   */
  keepsWithinMarket: boolean;
}

/** One commitment in the schedule: when it starts, what it holds, its cash, and when its term ends. */
export interface LadderCommitment {
  id: LadderTierId;
  startMonth: number;
  /** The last month it is paid for (a term past the horizon is paid to its end). */
  endMonth: number;
  gpus: number;
  /** Cash a month while it runs (the part not prepaid), at the path's price of its first month. */
  monthlyCashCny: number;
  /** Paid at its start: the prepaid share of the whole term (the own cluster: its hardware, at delivery). */
  prepaidCny: number;
  /** The month `prepaidCny` is paid: a term's first month; the own cluster's delivery (month 0: the order). */
  paidMonth: number;
  /** A term renewed every month (a monthly term) or held month by month (platform reserved, own). */
  renewsMonthly: boolean;
}

export interface LadderPlan {
  pricing: LadderPricing;
  rungs: LadderRung[];
  schedule: LadderCommitment[];
  /** Useful GPU-hours a month no tier may take (caps, compliance): they wait. */
  waitingUsefulGpuHoursPerMonth: number;
  /**
   * GPUs the plan's by-the-hour tiers (on demand, spot, platform elastic) hold at the busiest moment,
   * against the GPUs one can get on demand (the deadlines' market, docs/model.md §10 "One market"); and
   * while the own rung is built, what its work bought by the hour meanwhile adds (build-lead.ts).
   */
  market: { peakGpus: number; onDemandGpus: number; buildLeadTime: LadderBuildLead | null };
  monthlyCny: number;
  /**
   * The best single way as the headline names it (the recommended strategy, at its right size), its
   * cost, and the GPUs it holds at once from the on-demand market in its busiest week (0: it draws
   * none; evaluation.market) — a way priced as if the market supplied them all.
   */
  bestWay: { id: StrategyId; monthlyCny: number; marketPeakGpus: number; fitsMarket: boolean } | null;
  /**
   * bestWay − ladder: what the ladder saves a month against the best single way (≥ 0 up to rounding
   * when that way fits the market; below 0 when the ladder, kept within it, costs more).
   */
  savingVsBestWayCnyPerMonth: number;
  /** The tiers on (the user's, less what compliance rules out). */
  tiersOn: LadderTierId[];
  /** The horizon the plan was solved over (a term that runs past it is paid to its end). */
  horizonMonths: number;
  /** The tiers the user left on that compliance rules out. */
  tiersRuledOut: LadderTierId[];
  /** Whether compliance lets each tier serve (whatever the user switched). */
  eligible: Record<LadderTierId, boolean>;
  /** No useful work to serve: the plan holds nothing and costs nothing. */
  demandIsZero: boolean;
  /**
   * The demand the bands stack on, in useful GPUs of the ladder's unit (the curve's values × its
   * scale), with each value's share of the time (a dated plan's weights; else equal).
   */
  curve: { gpus: number[]; shares: number[] };
}

/**
 * Solved with one tier fewer: the rung's saving. With no tier left nothing serves and the work waits,
 * valued as waiting is (finite), so a plan of one tier still says what that tier saves.
 */
function withoutTier(reference: PricingInputs, c: LadderContext, id: LadderTierId): LadderPricing {
  const on = new Set(c.on);
  on.delete(id);
  return solveLadder(ladderContext(reference, on));
}

function schedule(c: LadderContext, p: LadderPricing): LadderCommitment[] {
  const s = c.x.scenario;
  const H = s.horizonMonths;
  const path = termPath(s.finance);
  const out: LadderCommitment[] = [];
  for (const band of p.bands) {
    if (band.id === 'own') {
      // Bought at the start, serving once built (the lead time's work is rented meanwhile, in its
      // cost); its cash a month is its running cost (power, upkeep, site, staff), not what is
      // depreciated or charged for capital. Replacements within the horizon are in its cost.
      out.push({
        id: 'own',
        startMonth: Math.min(H, 1 + Math.ceil(c.x.buildLeadTimeMonths)),
        endMonth: H,
        gpus: band.gpus,
        monthlyCashCny: totalOf(band.part.breakdown) - band.part.nonCashCny - band.part.leadTimeCny,
        prepaidCny: band.part.capexCny,
        // Paid at delivery, at the end of the build lead time, as the buy-N plan pays it.
        paidMonth: Math.min(H, Math.round(c.x.buildLeadTimeMonths)),
        renewsMonthly: false,
      });
      continue;
    }
    if (band.id === 'platformReserved') {
      out.push({
        id: band.id,
        startMonth: 1,
        endMonth: H,
        gpus: band.gpus,
        monthlyCashCny: band.part.breakdown.compute,
        prepaidCny: 0,
        paidMonth: 1,
        renewsMonthly: true,
      });
      continue;
    }
    const id = band.id as TermTierId;
    const T = TIER_FACTS[id].termMonths;
    const perGpuMonth =
      ((c.x.rentTodayCnyPerServerHour * c.serversRatio) / s.rent.gpusPerServer) * HOURS_PER_MONTH;
    const d = termDiscountOf(s.ladder, id);
    const prepaid = prepaidShareOf(s.ladder, id);
    // Held as the work needs it: the whole band over the horizon, or on a dated plan each quarter's
    // need, in the cheapest starts (bands.ts heldTerm).
    for (const k of heldTerm(c, id, band.floorUsable, band.gpus).commitments) {
      if (T === 1) {
        // Renewed month by month: its cash a month is the average of its months' prices.
        let sum = 0;
        for (let m = k.fromMonth; m <= k.toMonth; m++) sum += path.factorAt(m);
        out.push({
          id,
          startMonth: k.fromMonth,
          endMonth: k.toMonth,
          gpus: k.gpus,
          monthlyCashCny: (k.gpus * perGpuMonth * (1 - d) * sum) / (k.toMonth - k.fromMonth + 1),
          prepaidCny: 0,
          paidMonth: k.fromMonth,
          renewsMonthly: true,
        });
        continue;
      }
      const monthly = k.gpus * perGpuMonth * path.factorAt(k.fromMonth) * (1 - d);
      out.push({
        id,
        startMonth: k.fromMonth,
        endMonth: k.toMonth,
        gpus: k.gpus,
        monthlyCashCny: monthly * (1 - prepaid),
        prepaidCny: monthly * T * prepaid,
        paidMonth: k.fromMonth,
        renewsMonthly: false,
      });
    }
  }
  return out;
}

/**
 * The commitment ladder of a scenario (docs/model.md §10): the cheapest stack of the tiers on, each
 * rung with what it saves, the schedule of its commitments, and how it stands against the best of
 * the four ways priced on the same inputs.
 */
export function ladderPlan(
  scenario: Scenario,
  reference: PricingInputs = pricingInputs(scenario),
): LadderPlan {
  const c = ladderContext(reference);
  const tiersOn = [...c.on];
  const pricing = solveLadder(c);
  const used = new Set(tiersUsed(pricing));
  const rungs: LadderRung[] = [];
  for (const id of tiersOn) {
    const band = pricing.bands.find((b) => b.id === id);
    const variable = pricing.variable.tiers.find((t) => t.id === id);
    const part = band?.part ?? variable?.part ?? null;
    const without = used.has(id) ? withoutTier(reference, c, id) : null;
    rungs.push({
      id,
      gpus: TIER_FACTS[id].kind === 'committed' ? (band?.gpus ?? 0) : null,
      usefulGpuHoursPerMonth: part?.usefulGpuHours ?? 0,
      monthlyCny: part === null ? 0 : totalOf(part.breakdown),
      savingCnyPerMonth: without === null ? 0 : without.monthlyCny - pricing.monthlyCny,
      // Only a plan within the market says a rung keeps it there.
      keepsWithinMarket:
        without !== null &&
        !(pricing.variable.beyondMarketUsefulGpuHours > 0) &&
        betterPlanByMarket(pricing, without),
    });
  }
  const bestWay = headlineWay(scenario);
  return {
    pricing,
    rungs,
    schedule: schedule(c, pricing),
    waitingUsefulGpuHoursPerMonth: pricing.variable.waitingUsefulGpuHours,
    market: {
      peakGpus: pricing.variable.tiers.reduce((sum, tier) => sum + tier.peakGpus, 0),
      onDemandGpus: scenario.trainingPlan.onDemandGpus,
      buildLeadTime: ladderBuildLead(c, pricing),
    },
    monthlyCny: pricing.monthlyCny,
    bestWay,
    savingVsBestWayCnyPerMonth: bestWay === null ? 0 : bestWay.monthlyCny - pricing.monthlyCny,
    tiersOn,
    horizonMonths: scenario.horizonMonths,
    tiersRuledOut: LADDER_TIER_IDS.filter((id) => scenario.ladder.tiers[id] && !c.on.has(id)),
    curve: curveOf(c.x),
    eligible: Object.fromEntries(
      LADDER_TIER_IDS.map((id) => [
        id,
        tierEligible(id, { rent: reference.rentEligible, platform: reference.platformEligible }),
      ]),
    ) as Record<LadderTierId, boolean>,
    demandIsZero: !(reference.usefulGpuHoursPerMonth > 0),
  };
}

/**
 * The best single way as the headline names it (recommend.ts): the recommended strategy among those
 * that compete (a hybrid only when it is a real mix, near-equal costs tied to the simpler), at its
 * right size when "own N GPUs, not M" is the answer — so the plan is never said to beat a way the
 * verdict above it does not name. Null when no way is eligible.
 */
function headlineWay(scenario: Scenario): LadderPlan['bestWay'] {
  const e = evaluate(scenario);
  const rec = e.recommendation;
  const winner = e.strategies[rec.strategy];
  if (!winner.eligible) return null;
  const market = e.market.ways[rec.strategy];
  return {
    id: rec.strategy,
    monthlyCny: rec.ownGpus !== null ? e.rightSize.monthlyCny : winner.monthlyCny,
    marketPeakGpus: market?.peakGpus ?? 0,
    fitsMarket: market?.fits ?? true,
  };
}

function curveOf(x: PricingInputs): LadderPlan['curve'] {
  const values = Array.from(x.ascendingCurve, (v) => v * x.curveScale);
  const n = values.length;
  const shares = x.weights === null ? values.map(() => 1 / n) : Array.from(x.weights);
  return { gpus: values, shares };
}
