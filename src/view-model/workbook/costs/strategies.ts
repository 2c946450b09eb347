import { COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from '../../../engine';
import { add, type Expr, mul, numberOf, rangeCall } from '../expr';
import { soldLines, withExisting } from './existing';
import { ownedOrReserved, reservedCategories } from './hybrid';
import type { CostInputs } from './inputs';
import type { LeadTimeRows } from './lead-time';
import type { ServedRows } from './part';
import type { PlatformRows } from './platform';
import type { RentRows } from './rent';
import { type CostRows, h, type Row } from './rows';
import { type OwnClusterRows, type OwnLifeRows, ownCategories } from './self-build';

/**
 * Each strategy's monthly cost by category (src/engine/model/strategies.ts): rent and the platform
 * price the whole demand; the self-build's cluster and the hybrid's baseline (owned or reserved) what
 * they serve, plus the burst for the rest. Then the month's, the year's and the horizon's totals.
 */
export interface StrategyRows {
  /** The baseline's cost by category (the self-build's cluster, the hybrid's baseline). */
  base: Record<CostCategory, Row>;
  /** Each strategy's monthly cost by category. */
  category: Record<CostCategory, Row>;
  monthly: Row;
  horizon: Row;
}

export interface PricedParts {
  rent: RentRows;
  platform: PlatformRows;
  own: OwnClusterRows;
  life: OwnLifeRows;
  lead: LeadTimeRows;
  served: ServedRows;
}

export function strategyRows(w: CostRows, x: CostInputs, parts: PricedParts): StrategyRows {
  const { rent, platform, own, life, lead, served } = parts;
  w.section('monthly');
  const baseOf = (id: StrategyId): Record<CostCategory, Expr> | null => {
    if (id !== 'selfBuild' && id !== 'hybrid') return null;
    return ownCategories(
      w,
      x,
      id,
      { own, life, lead },
      { served: h(served.served, id), leadServed: served.leadServed(id) },
    );
  };
  // The ways that sell a cluster already owned (rent, the platform, a reserved baseline) carry the
  // lens's lines for selling it (model/strategies.ts withExistingSold); an own cluster keeps it.
  const sold = soldLines(x.existing);
  const base = {} as Record<CostCategory, Row>;
  for (const c of COST_CATEGORIES)
    base[c] = w.line(`base.${c}`, 'cnyMonth', (id) => {
      const owned = baseOf(id);
      if (!owned) return null;
      if (id === 'selfBuild') return owned[c];
      const reserved = reservedCategories(w, x, id, platform, h(served.served, id))[c];
      return ownedOrReserved(w, owned[c], withExisting(sold, c, reserved));
    });
  const category = {} as Record<CostCategory, Row>;
  for (const c of COST_CATEGORIES)
    category[c] = w.line(`category.${c}`, 'cnyMonth', (id) => {
      if (id === 'rent') return withExisting(sold, c, mul(h(x.usefulHere, id), rent.average(id)[c]));
      if (id === 'platform') return withExisting(sold, c, mul(h(x.usefulHere, id), platform.average(id)[c]));
      return add(h(base[c], id), mul(h(served.burstUseful, id), served.burstRates(id)[c]));
    });
  const s = w.sheet;
  const firstCategoryRow = s.rowCount - COST_CATEGORIES.length + 1;
  const monthly = w.line('monthlyTotal', 'cnyMonth', (id) =>
    rangeCall(
      'SUM',
      [s.range(2 + STRATEGY_IDS.indexOf(id), firstCategoryRow, s.rowCount, false)],
      COST_CATEGORIES.reduce((sum, c) => sum + numberOf(h(category[c], id)), 0),
    ),
  );
  w.line('annualTotal', 'cnyYear', (id) => mul(h(monthly, id), 12));
  const horizon = w.line('horizonTotal', 'cny', (id) => mul(h(monthly, id), x.horizon));
  return { base, category, monthly, horizon };
}
