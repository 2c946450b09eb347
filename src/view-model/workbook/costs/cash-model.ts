import type { StrategyId } from '../../../engine';
import { add, cmp, type Expr, iff, mul, sub } from '../expr';
import type { BurstRates } from './burst';
import { ownedOrReserved, reservationBill } from './hybrid';
import type { CostInputs } from './inputs';
import type { LeadTimeRows } from './lead-time';
import type { ServedRows } from './part';
import type { PlatformRows } from './platform';
import type { RentRows } from './rent';
import { type CostRows, h, isBaseline, type Row } from './rows';
import type { OwnClusterRows } from './self-build';
import type { StrategyRows } from './strategies';

/**
 * Running cash a month, a + b × market factor (src/engine/model/cash-model.ts): the bills of rented
 * servers, the platform, the burst and a reserved baseline split into the part that does not follow
 * the market (a) and the part that does (b, what VAT treats as services or the rest); an own
 * cluster's energy and other running costs; the lead-time rental.
 */
export interface RunningRows {
  aOther: Row;
  bServices: Row;
  bOther: Row;
  /** An own cluster's energy and its other running costs (setup of the work served, ops, failures). */
  energy: Row;
  other: Row;
  /** The lead-time rental's a and b for the work the baseline serves. */
  leadA: Row;
  leadB: Row;
  /** A plan: what of the hybrid's running cash is held every month (a reserved baseline). */
  held: { aOther: Row; bServices: Row; bOther: Row } | null;
}

export interface RunningParts {
  rent: RentRows;
  platform: PlatformRows;
  burst: BurstRates;
  own: OwnClusterRows;
  lead: LeadTimeRows;
  served: ServedRows;
  strategies: StrategyRows;
}

export function runningRows(w: CostRows, x: CostInputs, parts: RunningParts, dated: boolean): RunningRows {
  const { rent, platform, burst, own, lead, served, strategies } = parts;
  const platformOk = cmp(w.input('engine_platformEligible'), '=', 1);
  const useful = (id: StrategyId) => h(x.usefulHere, id);
  const burstUseful = (id: StrategyId) => h(served.burstUseful, id);
  const sv = (id: StrategyId) => h(served.served, id);
  /** The change from factor 0 to 1 of a rental's other categories. */
  const dOther = (r: Row, r0: Row, id: StrategyId) => sub(h(r, id), h(r0, id));
  w.section('running');
  const aOther = w.line('runAOther', 'cnyMonth', (id) => {
    if (id === 'rent') return mul(useful(id), h(rent.other0, id));
    if (id === 'platform') return mul(useful(id), h(platform.other0, id));
    const b = mul(burstUseful(id), iff(platformOk, h(platform.other0, id), 0));
    if (id === 'selfBuild') return b;
    return add(b, ownedOrReserved(w, 0, mul(sv(id), h(platform.other0, id))));
  });
  const bServices = w.line('runBServices', 'cnyMonth', (id) => {
    if (id === 'rent') return mul(useful(id), h(rent.compute1, id));
    if (id === 'platform') return mul(useful(id), h(platform.compute1, id));
    const b = mul(burstUseful(id), iff(platformOk, h(platform.compute1, id), 0));
    if (id === 'selfBuild') return b;
    return add(b, ownedOrReserved(w, 0, reservationBill(w, x, id)));
  });
  const bOther = w.line('runBOther', 'cnyMonth', (id) => {
    if (id === 'rent') return mul(useful(id), dOther(rent.other1, rent.other0, id));
    if (id === 'platform') return mul(useful(id), dOther(platform.other1, platform.other0, id));
    const b = mul(
      burstUseful(id),
      iff(platformOk, dOther(platform.other1, platform.other0, id), burst.wait(id, 1)),
    );
    if (id === 'selfBuild') return b;
    return add(b, ownedOrReserved(w, 0, mul(sv(id), dOther(platform.other1, platform.other0, id))));
  });
  const energy = w.line('runEnergy', 'cnyMonth', (id) =>
    isBaseline(id) ? h(strategies.base.energy, id) : null,
  );
  const other = w.line('runOther', 'cnyMonth', (id) =>
    isBaseline(id)
      ? add(
          mul(sv(id), h(own.setupPerUseful, id)),
          h(strategies.base.ops, id),
          h(strategies.base.failure, id),
        )
      : null,
  );
  // The lead time rents the work of the servers bought; servers already owned run from month 1.
  const leadA = w.line('leadCashA', 'cnyMonth', (id) =>
    isBaseline(id) ? mul(h(lead.a, id), served.leadServed(id)) : null,
  );
  const leadB = w.line('leadCashB', 'cnyMonth', (id) =>
    isBaseline(id) ? mul(h(lead.b, id), served.leadServed(id)) : null,
  );
  // A plan: what of the hybrid's running cash is held every month (a reserved baseline), not timed
  // with the burst (model/cash-model.ts `held`).
  const hybridOnly = (f: (id: StrategyId) => Expr) => (id: StrategyId) => (id === 'hybrid' ? f(id) : null);
  const held = dated
    ? {
        aOther: w.line(
          'heldAOther',
          'cnyMonth',
          hybridOnly((id) => ownedOrReserved(w, 0, mul(sv(id), h(platform.other0, id)))),
        ),
        bServices: w.line(
          'heldBServices',
          'cnyMonth',
          hybridOnly((id) => ownedOrReserved(w, 0, reservationBill(w, x, id))),
        ),
        bOther: w.line(
          'heldBOther',
          'cnyMonth',
          hybridOnly((id) =>
            ownedOrReserved(w, 0, mul(sv(id), dOther(platform.other1, platform.other0, id))),
          ),
        ),
      }
    : null;
  return { aOther, bServices, bOther, energy, other, leadA, leadB, held };
}
