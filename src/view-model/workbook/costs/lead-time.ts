import type { StrategyId } from '../../../engine';
import type { DatedBaselineColumns } from '../dated-curve-sheet';
import { add, and, cmp, div, type Expr, iff, lit, mul, or, str, sub, textEquals } from '../expr';
import { PRECISE_FORMAT } from '../number-format';
import type { BurstRates } from './burst';
import type { CostInputs } from './inputs';
import type { PlatformRows } from './platform';
import type { RentRows } from './rent';
import { type BaselineId, type CostRows, h, isBaseline, RATE, type Row } from './rows';

/**
 * The build lead time line (src/engine/model/lead-time.ts): while an owned cluster is built, the work
 * it will do is served by the cheaper eligible of whole rented servers and the platform over the
 * lead-time months, each month at its price (a + b × factor per useful GPU-hour); when neither is
 * eligible the work waits, valued at the platform's price.
 */
export interface LeadTimeRows {
  /** Per useful GPU-hour: the part that does not follow the market path. */
  a: Row;
  /** Per useful GPU-hour at today's prices: the part that does. */
  b: Row;
  /** The lead-time months' cost spread over the horizon, per useful GPU-hour served. */
  perUseful: Row;
  /**
   * Who serves the work meanwhile, in words: rent's name, the platform's, that it waits, or "—"
   * without a lead time (engine LeadTimeCosts.via).
   */
  via: Row;
  /** Whether the baseline's work is served meanwhile by `option` (its cell of `via` names it). */
  servedBy(id: BaselineId, option: 'rent' | 'platform'): Expr;
}

/** The option's words in the `via` row. */
function viaText(w: CostRows, option: 'rent' | 'platform' | 'wait'): string {
  return option === 'wait'
    ? w.phrase('export:workbook.costs.leadViaWait')
    : w.phrase(`common:strategy.${option}`);
}

export function leadTimeRows(
  w: CostRows,
  x: CostInputs,
  rent: RentRows,
  platform: PlatformRows,
  burst: BurstRates,
  datedColumns: Partial<Record<BaselineId, DatedBaselineColumns>>,
): LeadTimeRows {
  const rentOk = cmp(w.input('engine_rentEligible'), '=', 1);
  const platformOk = cmp(w.input('engine_platformEligible'), '=', 1);
  w.section('leadTime');
  const L = w.input('engine_buildLeadTimeMonths');
  const sumLead = w.single('leadFactors', 'months', x.sumFactors(L), PRECISE_FORMAT).here;
  const optionTotal = (a: Expr, today: Expr) => add(mul(a, L), mul(sub(today, a), sumLead));
  const rentA = (id: StrategyId) => h(rent.other0, id);
  const rentT = (id: StrategyId) => add(h(rent.compute1, id), h(rent.other1, id));
  const platA = (id: StrategyId) => h(platform.other0, id);
  const platT = (id: StrategyId) => add(h(platform.compute1, id), h(platform.other1, id));
  const rentTotal = w.line(
    'leadRentTotal',
    'cnyPerGpuHour',
    (id) => (isBaseline(id) ? optionTotal(rentA(id), rentT(id)) : null),
    RATE,
  );
  const platTotal = w.line(
    'leadPlatformTotal',
    'cnyPerGpuHour',
    (id) => (isBaseline(id) ? optionTotal(platA(id), platT(id)) : null),
    RATE,
  );
  // Options in the model's order (rent, platform, or wait when neither is allowed); the strictly cheaper
  // wins. Without a lead time there is none (`none`).
  const choose = (id: StrategyId, pick: (o: 'rent' | 'platform' | 'wait') => Expr, none: Expr = lit(0)) =>
    iff(
      cmp(L, '<=', 0),
      none,
      iff(
        rentOk,
        iff(and(platformOk, cmp(h(platTotal, id), '<', h(rentTotal, id))), pick('platform'), pick('rent')),
        iff(platformOk, pick('platform'), pick('wait')),
      ),
    );
  const a = w.line(
    'leadA',
    'cnyPerGpuHour',
    (id) =>
      isBaseline(id)
        ? choose(id, (o) => (o === 'rent' ? rentA(id) : o === 'platform' ? platA(id) : lit(0)))
        : null,
    RATE,
  );
  const b = w.line(
    'leadB',
    'cnyPerGpuHour',
    (id) =>
      isBaseline(id)
        ? choose(id, (o) =>
            o === 'rent'
              ? sub(rentT(id), rentA(id))
              : o === 'platform'
                ? sub(platT(id), platA(id))
                : burst.wait(id, 1),
          )
        : null,
    RATE,
  );
  // A plan: the lead-time months' share of the work the baseline would serve (its first columns on
  // the Curve sheet) prices the line. None when every server is already owned (self-build.ts ownRates).
  const existing = x.existing;
  const perUseful = w.line(
    'leadPerUseful',
    'cnyPerGpuHour',
    (id) => {
      if (!isBaseline(id)) return null;
      const spread = div(add(mul(h(a, id), L), mul(h(b, id), sumLead)), x.horizon);
      const columns = datedColumns[id];
      const rate = columns ? iff(cmp(L, '<=', 0), 0, columns.leadRate(h(a, id), h(b, id), spread)) : spread;
      return existing ? iff(cmp(x.ownCapacityOf(id), '>', existing.gpus.here), rate, 0) : rate;
    },
    RATE,
  );
  // The option chosen, in words: what the market section reads (who draws on the market meanwhile).
  const via = w.line('leadVia', 'way', (id) =>
    isBaseline(id) ? choose(id, (o) => str(viaText(w, o)), str('—')) : null,
  );
  const servedBy = (id: BaselineId, option: 'rent' | 'platform'): Expr =>
    textEquals(h(via, id), str(viaText(w, option)));
  return { a, b, perUseful, via, servedBy };
}

/** Whether the baseline's work is served meanwhile by whole rented servers or the platform (not waiting). */
export function leadDrawsOnMarket(lead: LeadTimeRows, id: BaselineId): Expr {
  return or(lead.servedBy(id, 'rent'), lead.servedBy(id, 'platform'));
}
