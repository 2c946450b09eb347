import type { TFunction } from 'i18next';
import {
  type EnergyYear,
  energyReport,
  HOURS_PER_MONTH,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../../engine';
import { formatNumber, type Locale } from '../../lib/format';
import { energyOriginText } from '../energy-origin-text';
import { energyOrigin } from '../energy-rows';
import type { CostsHours, OwnHours } from './costs-sheet';
import { add, cmp, div, type Expr, iff, isNumber, max, min, mul, str, sub } from './expr';
import type { Inputs } from './inputs-sheet';
import { INTEGER_FORMAT, PERCENT_FORMAT, PRECISE_FORMAT } from './number-format';
import { type CellModel, SheetBuilder } from './sheet-model';

/**
 * The Energy sheet (issue 40): each way's kWh and kg CO2e of a month by the engine's definitions
 * (src/engine/energy-report.ts, docs/model.md §11), as formulas from the Costs sheet's hours and the
 * Inputs sheet's factors; the carbon line of the own cluster's energy; the own cluster's draw against
 * the site's power cap; the horizon's total and each year.
 *
 * A month on average over the horizon (every month alike, for a weekly or job-form demand):
 * - Owned (self-build's cluster, the hybrid's owned baseline): servers × (idle + (busy − idle) × busy
 *   share) kW × PUE × 730 h, busy share = useful GPU-hours served ÷ capacity GPU-hours.
 * - Providers: held GPU-hours × (idle + (busy − idle) × useful ÷ held) ÷ GPUs per server × the
 *   providers' PUE; held = rent's billed GPU-hours, the platform's (useful ÷ pooled utilization), the
 *   burst above a baseline (the same, while the platform may be used), a reserved baseline's GPUs × 730.
 * - Scope 2 = owned kWh × the site's grid factor + provider kWh × the providers'; scope 3 = owned
 *   capacity × embodied ÷ (L × 12) + held × embodied ÷ (L × 12 × 730), L the depreciation life in years.
 *
 * The horizon's total is that month × the months (the engine's months average it). Each year is that
 * month × its months, except for a dated training plan, whose months differ as the plan times its
 * work: its years are the engine's `energyReport` figures written as values (a note says so).
 */

/** Rows of the sheet (1-based) a test reads; columns B–E are the ways in STRATEGY_IDS order. */
export interface EnergySheetRows {
  ownKwh: number;
  providerKwh: number;
  kwh: number;
  scope2Kg: number;
  scope3Kg: number;
  useful: number;
  kgPerUseful: number;
  providerShare: number;
  /** Column B. */
  carbonPerKwh: number;
  carbonMonthly: number;
  /** Column B, as the next two. */
  drawMw: number;
  capMw: number;
  overCap: number;
  horizonMonths: number;
  horizonKwh: number;
  horizonScope2T: number;
  horizonScope3T: number;
  horizonTonnes: number;
  /** Year by year: its months (column B), kWh, t CO2e of scope 2, of scope 3, and their sum. */
  years: YearRows[];
}

export interface YearRows {
  months: number;
  kwh: number;
  scope2T: number;
  scope3T: number;
  tonnes: number;
}

export interface EnergySheet {
  sheet: SheetBuilder;
  rows: EnergySheetRows;
  /** Whether the years are the engine's values (a dated training plan) rather than formulas. */
  yearsAsValues: boolean;
}

const TONNES = '#,##0.00';
const KG_PER_HOUR = '0.0000';
const CNY_PER_KWH = '0.00000';
const MW = '#,##0.000';

/** A row's cells by way (a way without the quantity has none). */
type PerWay = Partial<Record<StrategyId, Expr>>;

interface Line {
  row: number;
  at: PerWay;
}

interface Single {
  row: number;
  here: Expr;
}

function formula(e: Expr, numFmt?: string): CellModel {
  return numFmt ? { value: e.v, formula: e.f, numFmt } : { value: e.v, formula: e.f };
}

function get(r: Line, id: StrategyId): Expr {
  const e = r.at[id];
  if (!e) throw new Error(`no ${id} in row ${r.row}`);
  return e;
}

/** Writes the sheet's rows: a quantity, one cell per way, its unit; labels in the reader's language. */
class EnergyRows {
  readonly sheet: SheetBuilder;

  constructor(
    name: string,
    private readonly inputs: Inputs,
    readonly t: TFunction,
  ) {
    this.sheet = new SheetBuilder(name, [62, 18, 18, 18, 18, 22]);
  }

  input(key: string): Expr {
    const e = this.inputs[key];
    if (!e) throw new Error(`no input ${key}`);
    return e;
  }

  label(key: string, options: Record<string, unknown> = {}): string {
    return this.t(`export:workbook.energySheet.${key}`, options);
  }

  /** A unit of this sheet's own (kWh, kg, t) or, with `costs`, one the Costs sheet uses. */
  unit(key: string, costs = false): string {
    return this.t(costs ? `export:workbook.unit.${key}` : `export:workbook.energySheet.unit.${key}`);
  }

  section(key: string): void {
    this.sheet.gap();
    this.sheet.title(this.label(`section.${key}`));
  }

  /** A row of one formula per way (none where `f` gives null). */
  line(text: string, unit: string, f: (id: StrategyId) => Expr | null, numFmt: string): Line {
    const exprs = STRATEGY_IDS.map(f);
    const row = this.sheet.add([
      { value: text },
      ...exprs.map((e) => (e ? formula(e, numFmt) : null)),
      { value: unit },
    ]);
    const at: PerWay = {};
    STRATEGY_IDS.forEach((id, i) => {
      if (exprs[i]) at[id] = this.sheet.at(row, i + 2).here;
    });
    return { row, at };
  }

  /** A row of one value per way (the engine's, where no formula can follow it). */
  values(text: string, unit: string, v: (id: StrategyId) => number, numFmt: string): number {
    return this.sheet.add([
      { value: text },
      ...STRATEGY_IDS.map((id): CellModel => ({ value: v(id), numFmt })),
      { value: unit },
    ]);
  }

  /** A quantity common to every way, in column B. */
  single(text: string, unit: string, cell: CellModel): Single {
    const row = this.sheet.add([{ value: text }, cell, null, null, null, { value: unit }]);
    return { row, here: this.sheet.at(row, 2).here };
  }
}

/** The month's rows: each way's own cluster and providers, kWh, scope 2 and 3, per useful GPU-hour. */
interface MonthLines {
  ownKwh: Line;
  providerKwh: Line;
  kwh: Line;
  scope2: Line;
  scope3: Line;
  useful: Line;
  perUseful: Line;
  share: Line;
}

function monthRows(w: EnergyRows, hours: CostsHours): MonthLines {
  const input = (key: string) => w.input(key);
  const idle = input('selfBuild_powerIdleKwPerServer');
  const busyAboveIdle = sub(input('selfBuild_powerBusyKwPerServer'), idle);
  const life = input('selfBuild_depreciationYears');
  const embodied = input('energy_embodiedKgCo2ePerGpu');
  const platformOk = cmp(input('engine_platformEligible'), '=', 1);
  const platformEff = input('engine_platformEfficiency');
  const hybridOwns = cmp(input('hybrid_baselineOwned'), '=', 1);
  /** The way's own cluster, if it may have one (the hybrid's counts only when it owns its baseline). */
  const ownOf = (id: StrategyId): OwnHours | null =>
    id === 'selfBuild' ? hours.own.selfBuild : id === 'hybrid' ? hours.own.hybrid : null;
  const ifOwned = (id: StrategyId, e: Expr): Expr => (id === 'hybrid' ? iff(hybridOwns, e, 0) : e);
  const ownLine = (key: string, unit: string, f: (own: OwnHours, id: StrategyId) => Expr, numFmt: string) =>
    w.line(
      w.label(`row.${key}`),
      unit,
      (id) => {
        const own = ownOf(id);
        return own ? f(own, id) : null;
      },
      numFmt,
    );
  const wayLine = (key: string, unit: string, f: (id: StrategyId) => Expr, numFmt: string) =>
    w.line(w.label(`row.${key}`), unit, f, numFmt);

  w.section('month');
  const servers = ownLine(
    'ownServers',
    w.unit('servers', true),
    (own, id) => ifOwned(id, own.servers),
    INTEGER_FORMAT,
  );
  const busyShare = ownLine(
    'ownBusyShare',
    w.unit('percent', true),
    (own, id) => ifOwned(id, iff(cmp(own.capacityHours, '>', 0), div(own.served, own.capacityHours), 0)),
    PERCENT_FORMAT,
  );
  const ownKwh = ownLine(
    'ownKwh',
    w.unit('kwhMonth'),
    (_, id) =>
      mul(
        get(servers, id),
        add(idle, mul(busyAboveIdle, get(busyShare, id))),
        input('selfBuild_pue'),
        HOURS_PER_MONTH,
      ),
    INTEGER_FORMAT,
  );
  // Burst runs on the platform while it may be used; otherwise the work waits and holds no GPUs.
  const burstHeld = (own: OwnHours) => iff(platformOk, div(own.burstUseful, platformEff), 0);
  const burstUseful = (own: OwnHours) => iff(platformOk, own.burstUseful, 0);
  const reservedHeld = mul(max(0, input('engine_hybridBaselineGpus')), HOURS_PER_MONTH);
  const providerHeld = wayLine(
    'providerHeld',
    w.unit('gpuHoursMonth', true),
    (id) => {
      if (id === 'rent') return mul(hours.usefulHere.rent, hours.rentBilled);
      if (id === 'platform') return div(hours.usefulHere.platform, platformEff);
      if (id === 'selfBuild') return burstHeld(hours.own.selfBuild);
      return add(iff(hybridOwns, 0, reservedHeld), burstHeld(hours.own.hybrid));
    },
    PRECISE_FORMAT,
  );
  const providerUseful = wayLine(
    'providerUseful',
    w.unit('gpuHoursMonth', true),
    (id) => {
      if (id === 'rent' || id === 'platform') return hours.usefulHere[id];
      if (id === 'selfBuild') return burstUseful(hours.own.selfBuild);
      return add(iff(hybridOwns, 0, hours.own.hybrid.served), burstUseful(hours.own.hybrid));
    },
    PRECISE_FORMAT,
  );
  const providerKwh = wayLine(
    'providerKwh',
    w.unit('kwhMonth'),
    (id) => {
      const held = get(providerHeld, id);
      const kw = add(idle, mul(busyAboveIdle, div(get(providerUseful, id), held)));
      return iff(
        cmp(held, '>', 0),
        mul(div(mul(held, kw), input('selfBuild_gpusPerServer')), input('energy_providerPue')),
        0,
      );
    },
    INTEGER_FORMAT,
  );
  /** The own cluster's term of a sum, where the way may have one. */
  const owned = (r: Line, id: StrategyId, f: (e: Expr) => Expr = (e) => e): Expr[] =>
    ownOf(id) ? [f(get(r, id))] : [];
  const kwh = wayLine(
    'kwh',
    w.unit('kwhMonth'),
    (id) => add(...owned(ownKwh, id), get(providerKwh, id)),
    INTEGER_FORMAT,
  );
  const scope2 = wayLine(
    'scope2Kg',
    w.unit('kgMonth'),
    (id) =>
      add(
        ...owned(ownKwh, id, (k) => mul(k, input('energy_gridKgCo2ePerKwh'))),
        mul(get(providerKwh, id), input('energy_providerGridKgCo2ePerKwh')),
      ),
    PRECISE_FORMAT,
  );
  const scope3 = wayLine(
    'scope3Kg',
    w.unit('kgMonth'),
    (id) => {
      const own = ownOf(id);
      const provider = div(mul(get(providerHeld, id), embodied), mul(life, 12, HOURS_PER_MONTH));
      return own ? add(ifOwned(id, div(mul(own.capacity, embodied), mul(life, 12))), provider) : provider;
    },
    PRECISE_FORMAT,
  );
  const useful = wayLine(
    'useful',
    w.unit('gpuHoursMonth', true),
    (id) => {
      const own = ownOf(id);
      return own ? add(ifOwned(id, own.served), get(providerUseful, id)) : get(providerUseful, id);
    },
    PRECISE_FORMAT,
  );
  const perUseful = wayLine(
    'kgPerUseful',
    w.unit('kgPerGpuHour'),
    (id) => iff(cmp(get(useful, id), '>', 0), div(add(get(scope2, id), get(scope3, id)), get(useful, id)), 0),
    KG_PER_HOUR,
  );
  const share = wayLine(
    'providerShare',
    w.unit('percent', true),
    (id) => iff(cmp(get(kwh, id), '>', 0), div(get(providerKwh, id), get(kwh, id)), 0),
    PERCENT_FORMAT,
  );
  return { ownKwh, providerKwh, kwh, scope2, scope3, useful, perUseful, share };
}

/** What the cost model adds to the own cluster's energy at the carbon price (sites.ts carbonCnyPerKwh). */
function carbonRows(w: EnergyRows, month: MonthLines): { perKwh: Single; monthly: Line } {
  w.section('carbon');
  const perKwh = w.single(
    w.label('row.carbonPerKwh'),
    w.unit('cnyPerKwh'),
    formula(
      div(mul(w.input('energy_carbonPriceCnyPerTonne'), w.input('energy_gridKgCo2ePerKwh')), 1000),
      CNY_PER_KWH,
    ),
  );
  const monthly = w.line(
    w.label('row.carbonMonthly'),
    w.unit('cnyMonth', true),
    (id) => {
      const own = month.ownKwh.at[id];
      return own ? mul(own, perKwh.here) : null;
    },
    INTEGER_FORMAT,
  );
  return { perKwh, monthly };
}

/** Self-build's cluster at maximum power × PUE at the meter, against the site's cap (blank: none). */
function powerRows(w: EnergyRows, hours: CostsHours): { draw: Single; cap: Single; over: Single } {
  w.section('power');
  const draw = w.single(
    w.label('row.drawMw'),
    w.unit('mw'),
    formula(
      div(
        mul(hours.own.selfBuild.servers, w.input('selfBuild_powerMaxKwPerServer'), w.input('selfBuild_pue')),
        1000,
      ),
      MW,
    ),
  );
  const capMw = w.input('energy_powerCapMw');
  const hasCap = isNumber(capMw);
  const cap = w.single(w.label('row.capMw'), w.unit('mw'), formula(iff(hasCap, capMw, str('')), MW));
  const yes = str(w.t('export:excel.yes'));
  const no = str(w.t('export:excel.no'));
  const over = w.single(
    w.label('row.overCap'),
    '',
    formula(iff(hasCap, iff(cmp(draw.here, '>', capMw), yes, no), no)),
  );
  return { draw, cap, over };
}

/** kWh, t CO2e of scope 2 and 3 and their sum over `months` (a cell holding the months). */
function periodRows(
  w: EnergyRows,
  month: MonthLines,
  months: Expr,
  label: (key: string) => string,
): Omit<YearRows, 'months'> {
  const kwh = w.line(label('kwh'), w.unit('kwh'), (id) => mul(get(month.kwh, id), months), INTEGER_FORMAT);
  const tonnes = (r: Line) => (id: StrategyId) => div(mul(get(r, id), months), 1000);
  const scope2 = w.line(label('scope2T'), w.unit('tonnes'), tonnes(month.scope2), TONNES);
  const scope3 = w.line(label('scope3T'), w.unit('tonnes'), tonnes(month.scope3), TONNES);
  const total = w.line(
    label('tonnes'),
    w.unit('tonnes'),
    (id) => add(get(scope2, id), get(scope3, id)),
    TONNES,
  );
  return { kwh: kwh.row, scope2T: scope2.row, scope3T: scope3.row, tonnes: total.row };
}

/** Each year: the month × its months, or for a dated plan the engine's year as values. */
function yearRows(w: EnergyRows, month: MonthLines, scenario: Scenario, dated: boolean): YearRows[] {
  w.section('years');
  w.sheet.note(w.label(dated ? 'yearsNoteDated' : 'yearsNote'));
  const H = w.input('horizonMonths');
  const count = Math.max(0, Math.ceil(Math.floor(scenario.horizonMonths) / 12));
  const report = dated ? energyReport(scenario) : null;
  const out: YearRows[] = [];
  for (let y = 1; y <= count; y++) {
    const label = (key: string) => w.label('row.year', { year: y, quantity: w.label(`row.${key}`) });
    if (!report) {
      const months = w.single(
        label('monthsOfYear'),
        w.unit('months', true),
        formula(max(0, min(12, sub(H, 12 * (y - 1)))), INTEGER_FORMAT),
      );
      out.push({ months: months.row, ...periodRows(w, month, months.here, label) });
      continue;
    }
    const of = (id: StrategyId): EnergyYear => {
      const v = report.ways[id].years[y - 1];
      if (!v) throw new Error(`no year ${y} of ${id}`);
      return v;
    };
    const months = w.single(label('monthsOfYear'), w.unit('months', true), {
      value: of('selfBuild').months,
      numFmt: INTEGER_FORMAT,
    });
    out.push({
      months: months.row,
      kwh: w.values(label('kwh'), w.unit('kwh'), (id) => of(id).kwh, INTEGER_FORMAT),
      scope2T: w.values(label('scope2T'), w.unit('tonnes'), (id) => of(id).scope2Kg / 1000, TONNES),
      scope3T: w.values(label('scope3T'), w.unit('tonnes'), (id) => of(id).scope3Kg / 1000, TONNES),
      tonnes: w.values(
        label('tonnes'),
        w.unit('tonnes'),
        (id) => (of(id).scope2Kg + of(id).scope3Kg) / 1000,
        TONNES,
      ),
    });
  }
  return out;
}

/**
 * The Energy sheet from the Costs sheet's hours (`hours`) and the Inputs sheet's named cells; `dated`
 * when the demand is a dated training plan (its years are then the engine's values).
 */
export function energySheet(
  name: string,
  inputs: Inputs,
  hours: CostsHours,
  scenario: Scenario,
  dated: boolean,
  t: TFunction,
  sheetNames: { costs: string; inputs: string },
  locale: Locale,
): EnergySheet {
  const w = new EnergyRows(name, inputs, t);
  const s = w.sheet;
  s.title(w.label('title'));
  s.note(w.label('note', sheetNames));
  s.header(
    [
      t('export:workbook.costs.quantity'),
      ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`)),
      t('export:excel.unit'),
    ],
    true,
  );
  s.model.frozenColumns = 1;

  const month = monthRows(w, hours);
  const carbon = carbonRows(w, month);
  const power = powerRows(w, hours);
  w.section('horizon');
  const months = w.single(
    w.label('row.months'),
    w.unit('months', true),
    formula(w.input('horizonMonths'), INTEGER_FORMAT),
  );
  const horizon = periodRows(w, month, months.here, (key) => w.label(`row.${key}`));
  const years = yearRows(w, month, scenario, dated);
  // Where the own cluster's power draw comes from (measured by its logs, or the estimate), under the figures.
  s.gap();
  s.note(energyOriginText(energyOrigin(scenario), t, (v, digits = 0) => formatNumber(v, locale, digits)));

  return {
    sheet: s,
    yearsAsValues: dated,
    rows: {
      ownKwh: month.ownKwh.row,
      providerKwh: month.providerKwh.row,
      kwh: month.kwh.row,
      scope2Kg: month.scope2.row,
      scope3Kg: month.scope3.row,
      useful: month.useful.row,
      kgPerUseful: month.perUseful.row,
      providerShare: month.share.row,
      carbonPerKwh: carbon.perKwh.row,
      carbonMonthly: carbon.monthly.row,
      drawMw: power.draw.row,
      capMw: power.cap.row,
      overCap: power.over.row,
      horizonMonths: months.row,
      horizonKwh: horizon.kwh,
      horizonScope2T: horizon.scope2T,
      horizonScope3T: horizon.scope3T,
      horizonTonnes: horizon.tonnes,
      years,
    },
  };
}
