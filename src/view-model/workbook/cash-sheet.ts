import type { TFunction } from 'i18next';
import {
  COMPARATOR_IDS,
  type ComparatorId,
  IRR_RANGE,
  irr,
  STRATEGY_IDS,
  type StrategyId,
} from '../../engine';
import type { CostsLayout, OwnedCashRefs } from './costs-sheet';
import {
  add,
  and,
  ceiling,
  cmp,
  div,
  type Expr,
  ifError,
  iff,
  lit,
  max,
  min,
  mul,
  numberOf,
  or,
  pow,
  rangeCall,
  ref,
  round,
  str,
  sub,
} from './expr';
import type { Inputs } from './inputs-sheet';
import { INTEGER_FORMAT, PERCENT_FORMAT } from './number-format';
import { type CellModel, columnLetter, SheetBuilder } from './sheet-model';

/** Months the monthly cash table always holds: the longest horizon allowed (6 years) and month 0. */
export const CASH_MONTHS = 72;

const AMOUNT = INTEGER_FORMAT;

export interface CashLayout {
  monthly: SheetBuilder;
  returns: SheetBuilder;
  /** Cash out by year (1-based index − 1) per strategy, as references for other sheets. */
  years: Record<StrategyId, Expr[]>;
  npv: Record<StrategyId, Expr>;
  resale: Record<StrategyId, Expr>;
  vs: Record<ComparatorId, { npv: Expr; irr: Expr; payback: Expr }>;
}

/**
 * The monthly cash (cash.ts cashFlow, restated for VAT as cash-report.ts does) month 0…72, each month
 * a formula of the calculation sheet's running cash, the build lead time and the hardware bought and
 * sold; then, on a second sheet, cash by year (SUMIFS), NPV (Excel NPV at the monthly rate equal to
 * the yearly discount rate), self-build's IRR (Excel IRR, made yearly) and discounted payback against
 * each rental.
 */
export function cashSheets(
  names: { monthly: string; returns: string },
  inputs: Inputs,
  costs: CostsLayout,
  t: TFunction,
): CashLayout {
  const input = (key: string): Expr => {
    const e = inputs[key];
    if (!e) throw new Error(`no input ${key}`);
    return e;
  };
  const H = input('horizonMonths');
  const rate = input('finance_discountRateFractionPerYear');
  const vS = input('engine_vatServices');
  const vL = input('engine_vatLeasing');
  const vH = input('engine_vatHardware');
  const maintenanceShare = input('selfBuild_maintenanceFractionPerYear');
  const m = new SheetBuilder(names.monthly, [8, 6, 10, 8, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 12, 12]);
  m.note(t('export:workbook.cash.monthlyNote'));
  const idName = (id: StrategyId) => t(`common:strategy.${id}`);
  const cmpName = (c: ComparatorId) => t('export:workbook.vs', { name: t(`common:strategy.${c}`) });
  m.header(
    [
      t('export:workbook.cash.month'),
      t('export:excel.year'),
      t('export:workbook.cash.factor'),
      t('export:workbook.cash.inHorizon'),
      ...STRATEGY_IDS.map(idName),
      ...COMPARATOR_IDS.map((c) =>
        t('common:join.labelValue', { label: t('export:workbook.cash.saving'), value: cmpName(c) }),
      ),
      ...COMPARATOR_IDS.map((c) =>
        t('common:join.labelValue', { label: t('export:workbook.cash.savingWithResale'), value: cmpName(c) }),
      ),
      ...COMPARATOR_IDS.map((c) =>
        t('common:join.labelValue', {
          label: t('export:workbook.cash.discountedCumulative'),
          value: cmpName(c),
        }),
      ),
      ...COMPARATOR_IDS.map((c) =>
        t('common:join.labelValue', { label: t('export:workbook.cash.belowZero'), value: cmpName(c) }),
      ),
    ],
    true,
  );
  m.model.frozenColumns = 1;
  const first = m.rowCount + 1;
  const last = first + CASH_MONTHS;
  const col = {
    month: 1,
    year: 2,
    factor: 3,
    inHorizon: 4,
    strategy: (id: StrategyId) => 5 + STRATEGY_IDS.indexOf(id),
    saving: (c: ComparatorId) => 9 + COMPARATOR_IDS.indexOf(c),
    withResale: (c: ComparatorId) => 11 + COMPARATOR_IDS.indexOf(c),
    discounted: (c: ComparatorId) => 13 + COMPARATOR_IDS.indexOf(c),
    belowZero: (c: ComparatorId) => 15 + COMPARATOR_IDS.indexOf(c),
  };
  const cell = (e: Expr, numFmt = AMOUNT): CellModel => ({ value: e.v, formula: e.f, numFmt });
  const values: Record<string, number[]> = {};
  const push = (key: string, v: number) => {
    values[key] ??= [];
    values[key].push(v);
  };
  const owned = costs.owned;
  const resaleOf = (id: StrategyId) => mul(costs.endResale[id], vH);
  // A cluster already owned, sold: what it fetches comes in in month 1 (cash.ts addExistingCash),
  // hardware for VAT.
  const existing = costs.existing;
  const sale = existing ? (M: Expr) => iff(cmp(M, '=', 1), mul(-1, vH, existing.marketNow.there), 0) : null;
  for (let month = 0; month <= CASH_MONTHS; month++) {
    const row = first + month;
    const M = ref(`A${row}`, month);
    const here = (c: number, v: number) => ref(`${columnLetter(c)}${row}`, v);
    const cells: (CellModel | null)[] = [{ value: month, numFmt: INTEGER_FORMAT }];
    const year = iff(cmp(M, '=', 0), 1, ceiling(div(M, 12)));
    cells.push(cell(year, INTEGER_FORMAT));
    // The price path's index (price-path-sheet.ts): month 1 at today's price.
    const factor = costs.path.factorAt(M);
    cells.push(cell(factor, '0.0000'));
    const inHorizon = iff(cmp(M, '<=', H), 1, 0);
    cells.push(cell(inHorizon, INTEGER_FORMAT));
    const f = here(col.factor, numberOf(factor));
    const active = and(cmp(M, '>=', 1), cmp(M, '<=', H));
    const plan = costs.dated;
    const term = costs.term;
    const cashOf = (id: StrategyId): Expr => {
      const r = costs.running[id];
      // Rented whole servers are leasing for VAT; the platform's and burst bills are services.
      const vCompute = id === 'rent' ? vL : vS;
      const full = add(mul(vCompute, add(r.aServices, mul(r.bServices, f))), r.aOther, mul(r.bOther, f));
      // A training plan's bills follow its months (cash.ts runningCashAtMonth): the held part every
      // month, the rest by the month's share of the demand (or of the burst).
      let month = full;
      if (plan) {
        const k = plan.held[id];
        const heldCash = add(mul(vCompute, mul(k.bServices, f)), k.aOther, mul(k.bOther, f));
        month = add(heldCash, mul(sub(full, heldCash), plan.share(id, M, H)));
      }
      // Terms on a path of their own: the reservation's bill at the term index, not the on-demand one.
      if (term && id === 'hybrid')
        month = add(month, mul(vCompute, term.heldServices[id], sub(term.path.factorAt(M), f)));
      const running = iff(active, month, 0);
      const o = id === 'selfBuild' || id === 'hybrid' ? owned[id] : null;
      const leadShare =
        o && plan && (id === 'selfBuild' || id === 'hybrid') ? plan.servedShare(id, M, H) : null;
      const rates = { services: vS, leasing: vL, hardware: vH, maintenanceShare };
      const cash = o ? add(running, mul(o.on, ownedCash(o, M, f, H, rates, leadShare))) : running;
      return sale ? withExistingSale(cash, id, o, sale(M)) : cash;
    };
    for (const id of STRATEGY_IDS) {
      const e = cashOf(id);
      cells.push(cell(e));
      push(id, numberOf(e));
    }
    const cashHere = (id: StrategyId) => here(col.strategy(id), values[id]?.[month] ?? 0);
    for (const c of COMPARATOR_IDS) {
      const e = iff(cmp(M, '<=', H), sub(cashHere(c), cashHere('selfBuild')), 0);
      cells.push(cell(e));
      push(`saving.${c}`, numberOf(e));
    }
    for (const c of COMPARATOR_IDS) {
      const saving = here(col.saving(c), values[`saving.${c}`]?.[month] ?? 0);
      const e = add(saving, iff(cmp(M, '=', H), sub(resaleOf('selfBuild'), resaleOf(c)), 0));
      cells.push(cell(e));
      push(`withResale.${c}`, numberOf(e));
    }
    for (const c of COMPARATOR_IDS) {
      const saving = here(col.saving(c), values[`saving.${c}`]?.[month] ?? 0);
      const previous =
        month === 0
          ? lit(0)
          : ref(`${columnLetter(col.discounted(c))}${row - 1}`, values[`discounted.${c}`]?.[month - 1] ?? 0);
      const e = add(previous, iff(cmp(M, '<=', H), div(saving, pow(add(1, rate), div(M, 12))), 0));
      cells.push(cell(e));
      push(`discounted.${c}`, numberOf(e));
    }
    for (const c of COMPARATOR_IDS) {
      const discounted = here(col.discounted(c), values[`discounted.${c}`]?.[month] ?? 0);
      // Below a thousandth of a yuan is rounding, not an outlay (irr.ts discountedPaybackPeriod).
      const below = and(cmp(M, '<=', H), cmp(discounted, '<', -1e-3));
      const e = iff(below, M, str(''));
      cells.push(cell(e, INTEGER_FORMAT));
      push(`below.${c}`, typeof e.v === 'number' ? e.v : Number.NaN);
    }
    m.add(cells);
  }
  const range = (c: number, from = first, to = last) => m.range(c, from, to, true);

  // ── Cash by year, NPV, IRR and discounted payback ──
  const r = new SheetBuilder(names.returns, [34, 10, 18, 18, 18, 18]);
  r.header([t('export:excel.year'), t('export:excel.months'), ...STRATEGY_IDS.map(idName)], true);
  const horizonMonths = numberOf(H);
  const monthlyRate = sub(pow(add(1, rate), div(1, 12)), 1);
  const years: CashLayout['years'] = { selfBuild: [], rent: [], platform: [], hybrid: [] };
  const firstYearRow = r.rowCount + 1;
  for (let y = 1; y <= CASH_MONTHS / 12; y++) {
    const months = max(0, min(12, sub(H, 12 * (y - 1))));
    const row: (CellModel | null)[] = [{ value: y, numFmt: INTEGER_FORMAT }, cell(months, INTEGER_FORMAT)];
    const rowNumber = r.rowCount + 1;
    STRATEGY_IDS.forEach((id, i) => {
      const from = y === 1 ? 0 : 12 * (y - 1) + 1;
      const to = Math.min(12 * y, horizonMonths);
      let sum = 0;
      for (let k = from; k <= to; k++) sum += values[id]?.[k] ?? 0;
      const e = rangeCall(
        'SUMIFS',
        [range(col.strategy(id)), range(col.year), String(y), range(col.inHorizon), '1'],
        sum,
      );
      row.push(cell(e));
      years[id].push(ref(`${quotedName(r)}!$${columnLetter(3 + i)}$${rowNumber}`, sum));
    });
    r.add(row);
  }
  const lastYearRow = r.rowCount;
  const totalRow: (CellModel | null)[] = [{ value: t('export:cash.total'), bold: true }, null];
  STRATEGY_IDS.forEach((id, i) => {
    const c = columnLetter(3 + i);
    totalRow.push({
      ...cell(
        rangeCall(
          'SUM',
          [`${c}${firstYearRow}:${c}${lastYearRow}`],
          years[id].reduce((a, e) => a + numberOf(e), 0),
        ),
      ),
      bold: true,
    });
  });
  r.add(totalRow);
  const resaleRow = r.add([
    { value: t('export:excel.residual') },
    null,
    ...STRATEGY_IDS.map((id) => cell(resaleOf(id))),
  ]);
  const resale = {} as CashLayout['resale'];
  const npv = {} as CashLayout['npv'];
  const npvCells: (CellModel | null)[] = [{ value: t('export:excel.npv'), bold: true }, null];
  STRATEGY_IDS.forEach((id, i) => {
    const res = r.at(resaleRow, 3 + i);
    resale[id] = res.there;
    const flows = values[id] ?? [];
    const e = sub(
      add(
        rangeCall(
          'NPV',
          [monthlyRate.f, range(col.strategy(id), first + 1)],
          presentValue(flows.slice(1), numberOf(rate), 1),
        ),
        ref(`${quotedName(m)}!$${columnLetter(col.strategy(id))}$${first}`, flows[0] ?? 0),
      ),
      div(res.here, pow(add(1, rate), div(H, 12))),
    );
    npvCells.push({ ...cell(e), bold: true });
  });
  const npvRow = r.add(npvCells);
  STRATEGY_IDS.forEach((id, i) => {
    npv[id] = r.at(npvRow, 3 + i).there;
  });
  r.gap();
  r.title(t('finance:returns.title'));
  r.header([
    t('finance:returns.comparator'),
    '',
    t('finance:returns.npvAdvantage'),
    t('finance:returns.irr'),
    t('export:excel.paybackMonth'),
  ]);
  const vs = {} as CashLayout['vs'];
  const never = t('export:workbook.cash.never');
  const none = t('export:workbook.cash.noIrr');
  for (const c of COMPARATOR_IDS) {
    const flows = values[`withResale.${c}`] ?? [];
    const npvE = add(
      rangeCall(
        'NPV',
        [monthlyRate.f, range(col.withResale(c), first + 1)],
        presentValue(flows.slice(1), numberOf(rate), 1),
      ),
      ref(`${quotedName(m)}!$${columnLetter(col.withResale(c))}$${first}`, flows[0] ?? 0),
    );
    const engineIrr = irr(flows.slice(0, horizonMonths + 1), 12);
    // The spreadsheet's IRR iterates from a guess and, from 1 % a month, misses the deeply negative
    // rates a small or late-built cluster gives (no result, or another root of the same flows): it
    // starts from the engine's own monthly rate, so it lands on the engine's root while the inputs
    // are as exported, and from 1 % when that finds none (an edited input moved the rate far).
    const flowsRange = range(col.withResale(c));
    // As a literal the spreadsheet reads (a capital E, a negative in brackets).
    const guess = engineIrr === null ? '0.01' : lit((1 + engineIrr) ** (1 / 12) - 1).f;
    const monthly = rangeCall('IFERROR', [`IRR(${flowsRange},${guess})`, `IRR(${flowsRange},0.01)`], 0);
    const yearly = sub(pow(add(1, monthly), 12), 1);
    // The engine looks for a rate between −99 % and +1,000 % a year (irr.ts): a root beyond is none,
    // and so is a monthly root at or below −100 % (its twelfth power would look like a yearly rate).
    const beyond = or(
      cmp(monthly, '<=', -1),
      cmp(yearly, '<', IRR_RANGE.min),
      cmp(yearly, '>', IRR_RANGE.max),
    );
    const irrE = ifError(iff(beyond, str(none), yearly), none, engineIrr ?? none);
    const below = (values[`below.${c}`] ?? []).filter((v) => Number.isFinite(v));
    const lastBelow = below.length > 0 ? Math.max(...below) : null;
    const paybackValue = lastBelow === null ? 0 : lastBelow === horizonMonths ? never : lastBelow + 1;
    const belowRange = range(col.belowZero(c));
    const paybackE: Expr = {
      f: `IF(COUNT(${belowRange})=0,0,IF(MAX(${belowRange})=${H.f},"${never.replace(/"/g, '""')}",MAX(${belowRange})+1))`,
      v: paybackValue,
      p: 9,
    };
    const row = r.add([
      { value: cmpName(c) },
      null,
      cell(npvE),
      cell(irrE, PERCENT_FORMAT),
      cell(paybackE, INTEGER_FORMAT),
    ]);
    vs[c] = { npv: r.at(row, 3).there, irr: r.at(row, 4).there, payback: r.at(row, 5).there };
  }
  r.note(t('export:workbook.cash.returnsNote'));
  return { monthly: m, returns: r, years, npv, resale, vs };
}

/** Present value of flows at periods 1…n discounted at the monthly equivalent of a yearly rate. */
function presentValue(flows: number[], ratePerYear: number, firstPeriod: number): number {
  let total = 0;
  flows.forEach((f, k) => {
    total += f / (1 + ratePerYear) ** ((k + firstPeriod) / 12);
  });
  return total;
}

function quotedName(s: SheetBuilder): string {
  return `'${s.model.name.replace(/'/g, "''")}'`;
}

/**
 * A way's cash with a cluster already owned sold (cash-model.ts existingSoldCash): rent and the
 * platform sell it, the hybrid when its baseline is reserved; the self-build keeps it (ownedCash).
 */
function withExistingSale(cash: Expr, id: StrategyId, o: OwnedCashRefs | null, sale: Expr): Expr {
  if (id === 'selfBuild') return cash;
  return add(cash, o ? iff(cmp(o.on, '=', 1), 0, sale) : sale);
}

/**
 * An owned cluster's cash in month M (cash.ts cashFlow): the rental of its work while it is built
 * (months 1…L), its running cash from delivery, and the hardware — bought at delivery (month L) and
 * again each time its depreciation life ends, when the worn-out batch is sold — VAT-restated. Servers
 * already owned run from month 1, their share of the running cash paid in the lead months too, and
 * are replaced when their life ends.
 */
function ownedCash(
  o: OwnedCashRefs,
  M: Expr,
  f: Expr,
  H: Expr,
  rates: { services: Expr; leasing: Expr; hardware: Expr; maintenanceShare: Expr },
  leadShare: Expr | null,
): Expr {
  const { services: vS, leasing: vL, hardware: vH } = rates;
  // Maintenance (capex × its share a year ÷ 12, model/self-build.ts; with the servers already owned
  // theirs too) is repairs for VAT, the rest of the cluster's running services (colocation, licence)
  // services.
  const newRepairs = div(mul(o.capex, rates.maintenanceShare), 12);
  const existing = o.existing;
  const repairs = existing ? add(newRepairs, existing.maintenance) : newRepairs;
  const L = o.leadMonths;
  // A training plan rents, while the cluster is built, that month's share of the cluster's work.
  const rental = add(o.leadA, mul(o.leadB, f));
  const lead = iff(
    and(cmp(M, '>=', 1), cmp(M, '<=', min(L, H))),
    leadShare ? mul(rental, leadShare) : rental,
    0,
  );
  const run = add(mul(vS, sub(o.runServices, repairs)), mul(vL, repairs), mul(vH, o.runEnergy), o.runOther);
  const duringLead = existing
    ? iff(and(cmp(M, '>=', 1), cmp(M, '<=', min(L, H))), mul(run, existing.runningDuringLead), 0)
    : 0;
  const running = iff(and(cmp(M, '>', L), cmp(M, '<=', H)), run, duringLead);
  // Batch k is bought at k × life months of service, in the month it rounds to (market.ts
  // hardwareLife, cash.ts: lead + round(p)), while k × life is inside the service: a life of 56.25
  // months replaces in month 56 after delivery.
  const k = round(div(sub(M, L), o.lifeMonths));
  const bought = iff(
    and(
      cmp(L, '<=', H),
      cmp(M, '>=', L),
      cmp(M, '<=', H),
      cmp(round(mul(k, o.lifeMonths)), '=', sub(M, L)),
      or(cmp(M, '=', L), cmp(mul(k, o.lifeMonths), '<', sub(H, L))),
    ),
    mul(
      vH,
      o.replacementCash
        ? iff(cmp(M, '>', L), o.replacementCash(k), o.capex)
        : sub(o.capex, iff(cmp(M, '>', L), o.saleAtReplacement, 0)),
    ),
    0,
  );
  return existing
    ? add(lead, running, bought, mul(vH, existing.replacementCash(M)))
    : add(lead, running, bought);
}
