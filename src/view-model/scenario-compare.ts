import {
  type CashReport,
  COST_CATEGORIES,
  type CostCategory,
  cashReport,
  comparedInputValue,
  type EnergyReport,
  type Evaluation,
  energyReport,
  evaluate,
  inputsDifferingFromFirst,
  inputUsedBy,
  type LadderPlan,
  ladderPlan,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';
import { type EnergyRow, energyRows } from './energy-rows';

/**
 * Up to four scenarios side by side, one column each, shaped as numbers for the screen and the CSV
 * export (scenario-compare-text.ts words them):
 *
 *   compareScenarios(columns, focus): ScenarioComparison
 *
 * Rows, by group:
 * - `result`: the winner (the dashboard's recommended strategy), its monthly cost, the runner-up and
 *   the monthly saving over it, the load rate.
 * - `strategies`: each strategy's monthly cost (the dashboard's cost cards).
 * - `ladder`: every way to commit (ladder/plan.ts): the ladder's monthly cost, what it saves against
 *   the best single way, and the GPUs it commits.
 * - `focus`: the strategy the rows below describe — each column's own winner, or one strategy for all
 *   — then its annual and horizon cost, cost per useful GPU-hour, utilization and capex.
 * - `categories`: that strategy's six cost categories per month.
 * - `cash`: its cash out per year of the horizon, the total, the resale value at the end and the NPV,
 *   all from the engine's cash report (cash-report.ts: the finance section's numbers and discount rule).
 * - `energy`: its energy and emissions from the engine's energy report (energy-report.ts), a year on
 *   average over the horizon as the dashboard's energy card shows them (energy-rows.ts): kWh, t CO2e
 *   (scope 2 + 3), kg CO2e per useful GPU-hour, and the share of the kWh that is an estimate (the
 *   providers' servers).
 * - `inputs`: every input in which a column differs from the first, each cell marked when it does.
 * Amounts are CNY; the views convert.
 */

export const MAX_COMPARED = 4;

/** Which strategy the detail rows describe: each column's winner, or the same strategy everywhere. */
export type CompareFocus = 'winner' | StrategyId;

export interface CompareColumnInput {
  /** A stable key for the column (the view's source id). */
  key: string;
  /** The column's heading: the scenario's name, made unique by `uniqueLabels`. */
  label: string;
  scenario: Scenario;
}

/** Units of the `quantity` cells: a year on average over the horizon, or per useful GPU-hour. */
export type QuantityUnit = 'kwhPerYear' | 'tCo2ePerYear' | 'kgCo2ePerUsefulGpuHour' | 'gpus';

export type CompareValue =
  | { kind: 'money'; cny: number; digits: 0 | 2 }
  | { kind: 'percent'; fraction: number }
  /** A plain quantity (energy and emissions), shown with `digits` decimals. */
  | { kind: 'quantity'; value: number; unit: QuantityUnit; digits: 0 | 1 | 2 | 3 }
  | { kind: 'strategy'; id: StrategyId }
  /** The strategy may not be used under this column's compliance level. */
  | { kind: 'notAllowed' }
  /** Nothing to show: a year beyond this column's horizon, no runner-up. */
  | { kind: 'empty' }
  | { kind: 'input'; path: string; value: unknown }
  /** An input of a demand form this column does not use (its job count when it gives a weekly curve). */
  | { kind: 'notUsed' };

export interface CompareCell {
  value: CompareValue;
  /** The cell differs from the first column's (winners, strategies shown and inputs). */
  differs: boolean;
}

export type CompareGroup =
  | 'result'
  | 'strategies'
  | 'ladder'
  | 'focus'
  | 'categories'
  | 'cash'
  | 'energy'
  | 'inputs';

export type CompareRowKey =
  | 'winner'
  | 'winnerMonthly'
  | 'runnerUp'
  | 'saving'
  | 'loadRate'
  | `monthly.${StrategyId}`
  | 'ladder.monthly'
  | 'ladder.saving'
  | 'ladder.committedGpus'
  | 'focusStrategy'
  | 'annual'
  | 'horizon'
  | 'unitCost'
  | 'utilization'
  | 'capex'
  | `category.${CostCategory}`
  | `year.${number}`
  | 'totalCash'
  | 'resaleAtEnd'
  | 'npv'
  | 'energy.kwhPerYear'
  | 'energy.tCo2ePerYear'
  | 'energy.kgPerUsefulGpuHour'
  | 'energy.providerShare'
  | `input.${string}`;

export interface ScenarioCompareRow {
  key: CompareRowKey;
  group: CompareGroup;
  cells: CompareCell[];
}

export interface CompareColumn {
  key: string;
  label: string;
  winner: StrategyId;
  /** The strategy the detail rows of this column describe. */
  focus: StrategyId;
  horizonMonths: number;
}

export interface ScenarioComparison {
  /** What the detail rows describe (as asked). */
  focus: CompareFocus;
  columns: CompareColumn[];
  rows: ScenarioCompareRow[];
  /** Columns the engine could not price (kept out of the table, named in a message). */
  failed: { key: string; label: string }[];
  /** Paths of the inputs that differ (the `inputs` rows, in order). */
  differingInputs: string[];
}

interface Priced {
  input: CompareColumnInput;
  evaluation: Evaluation;
  cash: CashReport;
  energy: EnergyReport;
  /** Each strategy's energy and emissions a year on average, as the energy card shows them. */
  energyPerYear: Record<StrategyId, EnergyRow>;
  /** The commitment ladder's plan (ladder/plan.ts), as its section on the dashboard shows it. */
  ladder: LadderPlan;
}

/** "Plan", "Plan" → "Plan", "Plan (2)": headings a reader can tell apart, in order. */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}

function price(input: CompareColumnInput): Priced | null {
  try {
    const energy = energyReport(input.scenario);
    return {
      input,
      evaluation: evaluate(input.scenario),
      cash: cashReport(input.scenario),
      energy,
      energyPerYear: Object.fromEntries(energyRows(energy).map((r) => [r.way, r])) as Record<
        StrategyId,
        EnergyRow
      >,
      ladder: ladderPlan(input.scenario),
    };
  } catch {
    // A scenario the engine cannot price (it validated when it was saved; this is a last guard):
    // the other columns still compare.
    return null;
  }
}

const money = (cny: number, digits: 0 | 2 = 0): CompareValue => ({ kind: 'money', cny, digits });

/** Decimals of each quantity, as the dashboard's energy card shows it (energy-section.tsx). */
const QUANTITY_DIGITS = { kwhPerYear: 0, tCo2ePerYear: 1, kgCo2ePerUsefulGpuHour: 3, gpus: 0 } as const;

const quantity = (value: number, unit: QuantityUnit): CompareValue => ({
  kind: 'quantity',
  value,
  unit,
  digits: QUANTITY_DIGITS[unit],
});

/**
 * Whether two cells show the same: amounts at the digits they are shown with (whole units, or cents for
 * a unit cost), quantities at theirs, percents in whole points (scenario-compare-text.ts
 * `compareValueText`), so a cell is marked exactly when its figure reads differently from the first
 * column's.
 */
function sameValue(a: CompareValue, b: CompareValue | undefined): boolean {
  if (!b || a.kind !== b.kind) return false;
  if (a.kind === 'strategy' && b.kind === 'strategy') return a.id === b.id;
  if (a.kind === 'money' && b.kind === 'money') {
    const scale = 10 ** a.digits;
    return Math.round(a.cny * scale) === Math.round(b.cny * scale);
  }
  if (a.kind === 'quantity' && b.kind === 'quantity') {
    const scale = 10 ** a.digits;
    return (
      a.unit === b.unit &&
      a.digits === b.digits &&
      Math.round(a.value * scale) === Math.round(b.value * scale)
    );
  }
  if (a.kind === 'percent' && b.kind === 'percent')
    return Math.round(a.fraction * 100) === Math.round(b.fraction * 100);
  if (a.kind === 'input' && b.kind === 'input') {
    const x = a.value;
    const y = b.value;
    if (Array.isArray(x) && Array.isArray(y))
      return x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
    return Object.is(a.value, b.value);
  }
  return true;
}

/** Cells marked where they differ from the first column's. */
function marked(values: CompareValue[]): CompareCell[] {
  const first = values[0];
  return values.map((value, i) => ({
    value,
    differs: i > 0 && first !== undefined && !sameValue(value, first),
  }));
}

export function compareScenarios(
  inputs: readonly CompareColumnInput[],
  focus: CompareFocus = 'winner',
): ScenarioComparison {
  const failed: ScenarioComparison['failed'] = [];
  const priced: Priced[] = [];
  for (const input of inputs.slice(0, MAX_COMPARED)) {
    const p = price(input);
    if (p) priced.push(p);
    else failed.push({ key: input.key, label: input.label });
  }
  const columns: CompareColumn[] = priced.map((p) => ({
    key: p.input.key,
    label: p.input.label,
    winner: p.evaluation.recommendation.strategy,
    focus: focus === 'winner' ? p.evaluation.recommendation.strategy : focus,
    horizonMonths: p.input.scenario.horizonMonths,
  }));

  const rows: ScenarioCompareRow[] = [];
  // Every row marks its cells against the first column's (what the tab's intro promises).
  const push = (key: CompareRowKey, group: CompareGroup, values: CompareValue[]) =>
    rows.push({ key, group, cells: marked(values) });
  const each = (f: (p: Priced, column: CompareColumn) => CompareValue): CompareValue[] =>
    priced.map((p, i) => f(p, columns[i] as CompareColumn));

  // The result, as each scenario's dashboard states it.
  push(
    'winner',
    'result',
    each((p) => ({ kind: 'strategy', id: p.evaluation.recommendation.strategy })),
  );
  push(
    'winnerMonthly',
    'result',
    each((p) => money(p.evaluation.strategies[p.evaluation.recommendation.strategy].monthlyCny)),
  );
  push(
    'runnerUp',
    'result',
    each((p) => {
      const r = p.evaluation.recommendation.runnerUp;
      return r === null ? { kind: 'empty' } : { kind: 'strategy', id: r };
    }),
  );
  push(
    'saving',
    'result',
    each((p) =>
      p.evaluation.recommendation.runnerUp === null
        ? { kind: 'empty' }
        : money(p.evaluation.recommendation.savingMonthlyCny),
    ),
  );
  push(
    'loadRate',
    'result',
    each((p) => ({ kind: 'percent', fraction: p.evaluation.loadRate }) as const),
  );

  for (const id of STRATEGY_IDS) {
    push(
      `monthly.${id}`,
      'strategies',
      each((p) => {
        const r = p.evaluation.strategies[id];
        return r.eligible ? money(r.monthlyCny) : { kind: 'notAllowed' };
      }),
    );
  }

  // Every way to commit: the ladder's plan, what it saves against the best single way, the GPUs it
  // commits (every committed band's), as the dashboard's ladder section says them.
  push(
    'ladder.monthly',
    'ladder',
    each((p) => money(p.ladder.monthlyCny)),
  );
  push(
    'ladder.saving',
    'ladder',
    each((p) =>
      // Signed: below 0 when the plan, kept within the on-demand market, costs more than a way that is not.
      p.ladder.bestWay === null ? { kind: 'empty' } : money(p.ladder.savingVsBestWayCnyPerMonth),
    ),
  );
  push(
    'ladder.committedGpus',
    'ladder',
    each((p) =>
      quantity(
        p.ladder.pricing.bands.reduce((sum, b) => sum + b.gpus, 0),
        'gpus',
      ),
    ),
  );

  // The focused strategy of each column: its KPIs, categories and cash.
  push(
    'focusStrategy',
    'focus',
    each((_, c) => ({ kind: 'strategy', id: c.focus })),
  );
  const ofFocus = (f: (p: Priced, id: StrategyId) => CompareValue) =>
    each((p, c) => (p.evaluation.strategies[c.focus].eligible ? f(p, c.focus) : { kind: 'notAllowed' }));
  push(
    'annual',
    'focus',
    ofFocus((p, id) => money(p.evaluation.strategies[id].annualCny)),
  );
  push(
    'horizon',
    'focus',
    ofFocus((p, id) => money(p.evaluation.strategies[id].horizonCny)),
  );
  push(
    'unitCost',
    'focus',
    ofFocus((p, id) => money(p.evaluation.strategies[id].costPerUsefulGpuHourCny, 2)),
  );
  push(
    'utilization',
    'focus',
    ofFocus((p, id) => ({ kind: 'percent', fraction: p.evaluation.strategies[id].utilization })),
  );
  push(
    'capex',
    'focus',
    ofFocus((p, id) => money(p.evaluation.strategies[id].capexCny)),
  );
  for (const c of COST_CATEGORIES) {
    push(
      `category.${c}`,
      'categories',
      ofFocus((p, id) => money(p.evaluation.strategies[id].breakdownMonthlyCny[c])),
    );
  }

  const years = Math.max(0, ...priced.map((p) => p.cash.strategies.selfBuild.years.length));
  for (let year = 1; year <= years; year++) {
    push(
      `year.${year}`,
      'cash',
      ofFocus((p, id) => {
        const y = p.cash.strategies[id].years[year - 1];
        return y ? money(y.cashOutCny) : { kind: 'empty' };
      }),
    );
  }
  push(
    'totalCash',
    'cash',
    ofFocus((p, id) => money(p.cash.strategies[id].totalCashCny)),
  );
  push(
    'resaleAtEnd',
    'cash',
    ofFocus((p, id) => money(p.cash.strategies[id].residualValueCny)),
  );
  push(
    'npv',
    'cash',
    ofFocus((p, id) => money(p.cash.strategies[id].npvCny)),
  );

  // Energy and emissions of the focused strategy: a year on average over the horizon (horizon months
  // ÷ 12 years), as the dashboard's energy card shows them.
  push(
    'energy.kwhPerYear',
    'energy',
    ofFocus((p, id) => quantity(p.energyPerYear[id].kwhPerYear, 'kwhPerYear')),
  );
  push(
    'energy.tCo2ePerYear',
    'energy',
    ofFocus((p, id) => quantity(p.energyPerYear[id].tonnesPerYear, 'tCo2ePerYear')),
  );
  push(
    'energy.kgPerUsefulGpuHour',
    'energy',
    ofFocus((p, id) => quantity(p.energyPerYear[id].kgPerUsefulGpuHour, 'kgCo2ePerUsefulGpuHour')),
  );
  push(
    'energy.providerShare',
    'energy',
    ofFocus((p, id) => ({ kind: 'percent', fraction: p.energy.ways[id].providerShare })),
  );

  const differingInputs = inputsDifferingFromFirst(priced.map((p) => p.input.scenario));
  for (const path of differingInputs) {
    push(
      `input.${path}`,
      'inputs',
      each((p) =>
        inputUsedBy(p.input.scenario, path)
          ? { kind: 'input', path, value: comparedInputValue(p.input.scenario, path) }
          : { kind: 'notUsed' },
      ),
    );
  }

  return { focus, columns, rows, failed, differingInputs };
}
