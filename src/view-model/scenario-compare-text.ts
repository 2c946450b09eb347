import type { TFunction } from 'i18next';
import {
  type ExistingClusterInput,
  gpuModelById,
  isMoneyParameter,
  type LadderTierId,
  PARAMETERS,
  type PriceShape,
} from '../engine';
import { withoutBidiControls } from '../lib/bidi';
import { type CsvCell, csvText } from '../lib/csv-text';
import {
  convertCny,
  formatMoney,
  formatNumber,
  formatPercent,
  type Locale,
  type MoneyFormat,
} from '../lib/format';
import { truncateGraphemes } from '../lib/graphemes';
import { gpuNameIn } from './catalogue-text';
import { fieldLabel } from './import-messages';
import { tierName } from './ladder-text';
import { hardwarePathName, pricePathName, termPathName } from './price-path-text';
import type { CompareFocus, CompareValue, ScenarioCompareRow, ScenarioComparison } from './scenario-compare';

/**
 * The comparison of scenarios in words, once, for the screen and the CSV file: row and group labels,
 * each cell's text, and the CSV (numbers as numbers in the display currency, with a unit column).
 * Texts live in the `compare` namespace.
 */

const META = new Map(PARAMETERS.map((m) => [m.path, m]));

/** The label of a row in the reader's language. */
export function compareRowLabel(t: TFunction, row: ScenarioCompareRow, locale: Locale): string {
  const key = row.key;
  if (key.startsWith('monthly.')) return t(`common:strategy.${key.slice(8)}`);
  if (key.startsWith('category.')) return t(`charts:category.${key.slice(9)}`);
  if (key.startsWith('year.'))
    return t('compare:rows.year', { year: formatNumber(Number(key.slice(5)), locale) });
  if (key.startsWith('input.')) return inputLabel(t, key.slice(6), locale);
  return t(`compare:rows.${key}`);
}

/** A group's heading; the detail groups name the strategy they describe when it is one for all. */
export function compareGroupLabel(
  t: TFunction,
  group: ScenarioCompareRow['group'],
  focus: CompareFocus,
): string {
  if (group === 'focus' || group === 'categories' || group === 'cash' || group === 'energy') {
    const of = focus === 'winner' ? t('compare:ofWinner') : t(`common:strategy.${focus}`);
    return t(`compare:groups.${group}`, { of });
  }
  return t(`compare:groups.${group}`);
}

const DEMAND_MODE_LABELS: Record<string, string> = {
  jobs: 'common:choices.demandModeJobs',
  weekly: 'common:choices.demandModeWeekly',
  plan: 'common:choices.demandModePlan',
};

function inputLabel(t: TFunction, path: string, locale: Locale): string {
  if (path.startsWith('trainingPlan.')) return t(`compare:plan.${path.slice('trainingPlan.'.length)}`);
  const hardware = /^hardware\.(selfBuild|rent|platform)\.modelId$/.exec(path);
  if (hardware) return t(`hardware:select.${hardware[1]}`);
  if (path === 'vat.enabled') return t('finance:vat.enabled');
  if (path === 'ladder.tiers') return t('sizing:ladder.tiersLegend');
  if (path === 'ladder.prepay.reserved3y') return t('sizing:ladder.prepay.label3y');
  if (path === 'ladder.prepay.reserved1y') return t('sizing:ladder.prepay.label1y');
  if (path === 'finance.gpuTimePriceShape') return t('common:pricePath.label');
  if (path === 'finance.termPriceShape') return t('common:pricePath.term.label');
  if (path === 'finance.hardwarePriceShape') return t('common:pricePath.hardware.label');
  if (path === 'finance.resalePriceShape') return t('common:pricePath.resale.label');
  if (path === 'energy.gridKgCo2ePerKwh') return t('finance:energy.grid');
  if (path === 'energy.carbonPriceCnyPerTonne') return t('finance:energy.fields.carbonPriceCnyPerTonne');
  if (path === 'energy.providerPue') return t('finance:energy.fields.providerPue');
  if (path === 'energy.providerGridKgCo2ePerKwh') return t('finance:energy.fields.providerGridKgCo2ePerKwh');
  if (path === 'energy.embodiedKgCo2ePerGpu') return t('finance:energy.fields.embodiedKgCo2ePerGpu');
  return fieldLabel(t, path, locale);
}

/** Decimals a typed input needs to show as typed (12.5 → 1, 0.47 → 2), at most 4. */
function decimalsOf(value: number): number {
  for (let d = 0; d < 4; d++)
    if (Math.abs(Number(value.toFixed(d)) - value) < 1e-9 * Math.max(1, Math.abs(value))) return d;
  return 4;
}

function weeklyText(t: TFunction, weeks: readonly number[], locale: Locale): string {
  if (weeks.length === 0) return t('compare:none');
  const mean = weeks.reduce((a, b) => a + b, 0) / weeks.length;
  return t('common:choices.weeklySummary', {
    weeks: formatNumber(weeks.length, locale),
    mean: formatNumber(mean, locale, 1),
    peak: formatNumber(Math.max(...weeks), locale, 1),
  });
}

/** An input's value as the assumption panels show it: number and unit, or the choice's name. */
export function inputValueText(path: string, value: unknown, money: MoneyFormat, t: TFunction): string {
  const locale = money.locale;
  const meta = META.get(path);
  if (meta && typeof value === 'number') {
    if (isMoneyParameter(meta)) {
      const shown = Number(convertCny(value, money).toPrecision(12));
      const units = money.currency === 'USD' ? 'unitsUsd' : 'units';
      return `${formatNumber(shown, locale, decimalsOf(shown))} ${t(`common:${units}.${meta.unit}`)}`;
    }
    if (meta.unit === 'fraction' || meta.unit === 'fractionPerYear') {
      const pct = Number((value * 100).toPrecision(12));
      return `${formatNumber(pct, locale, 4)}${t(`common:units.${meta.unit}`)}`;
    }
    return `${formatNumber(value, locale, 6)} ${t(`common:units.${meta.unit}`)}`;
  }
  switch (path) {
    case 'demand.mode':
      return t(DEMAND_MODE_LABELS[String(value)] ?? 'common:choices.demandModeJobs');
    case 'trainingPlan.runs':
      return t('compare:plan.runsValue', { count: Number(value), runs: formatNumber(Number(value), locale) });
    case 'trainingPlan.totalGpuHours':
    case 'trainingPlan.recurringGpuHoursPerMonth':
      return typeof value === 'number'
        ? `${formatNumber(value, locale)} ${t(path === 'trainingPlan.totalGpuHours' ? 'compare:plan.gpuHours' : 'compare:plan.gpuHoursPerMonth')}`
        : t('compare:none');
    case 'trainingPlan.onDemandGpus':
      return `${formatNumber(Number(value), locale)} ${t('common:units.gpus')}`;
    case 'energy.gridKgCo2ePerKwh':
    case 'energy.providerGridKgCo2ePerKwh':
      return `${formatNumber(Number(value), locale, 4)} ${t('common:units.kgCo2ePerKwh')}`;
    case 'energy.providerPue':
      return formatNumber(Number(value), locale, 2);
    case 'energy.embodiedKgCo2ePerGpu':
      return `${formatNumber(Number(value), locale, 1)} ${t('common:units.kgCo2ePerGpu')}`;
    case 'energy.carbonPriceCnyPerTonne':
      return `${formatNumber(Number(value), locale, 2)} ${t('common:units.cnyPerTonne')}`;
    case 'demand.weeklyGpus':
      return Array.isArray(value) ? weeklyText(t, value as number[], locale) : t('compare:none');
    case 'ladder.tiers':
      return Array.isArray(value) && value.length > 0
        ? (value as LadderTierId[]).map((id) => tierName(id, t)).join(t('common:join.separator'))
        : t('compare:none');
    case 'ladder.prepay.reserved3y':
    case 'ladder.prepay.reserved1y':
      return t(`sizing:ladder.prepay.${String(value)}`);
    case 'finance.gpuTimePriceShape':
      return value ? pricePathName(value as PriceShape, t) : t('compare:steadyPath');
    case 'finance.termPriceShape':
      return value ? termPathName(value as PriceShape, t, locale) : t('common:pricePath.term.presets.same');
    case 'finance.hardwarePriceShape':
      return value
        ? hardwarePathName(value as PriceShape, 'hardware', t, locale)
        : t('common:pricePath.hardware.presets.none');
    case 'finance.resalePriceShape':
      return value
        ? hardwarePathName(value as PriceShape, 'resale', t, locale)
        : t('common:pricePath.resale.presets.none');
    case 'existing': {
      if (value === null || typeof value !== 'object') return t('compare:none');
      const e = value as ExistingClusterInput;
      return t('common:existing.compareValue', {
        servers: formatNumber(e.servers, locale),
        age: formatNumber(e.ageMonths, locale),
        price: formatMoney(e.pricePaidCnyPerServer, money),
      });
    }
    case 'finance.lens':
      return value === null ? t('compare:none') : t(`common:existing.lensName.${String(value)}`);
    case 'teamCapability':
      return `${formatNumber(Number(value), locale)} · ${t(`common:team.${String(value)}`)}`;
    case 'compliance':
      return t(`common:compliance.${String(value)}`);
    case 'selfBuild.recovery':
      return t(value === 'automatic' ? 'common:choices.recoveryAutomatic' : 'common:choices.recoveryManual');
    case 'hybrid.baselineMode':
      return t(
        value === 'reserved' ? 'common:choices.baselineModeReserved' : 'common:choices.baselineModeOwned',
      );
    case 'hybrid.baselineGpus':
      return typeof value === 'number'
        ? `${formatNumber(value, locale)} ${t('common:units.gpus')}`
        : t('common:choices.baselineAuto');
    case 'throughput.unitsPerUsefulGpuHour':
      return typeof value === 'number' ? formatNumber(value, locale, 6) : t('compare:notMeasured');
    case 'selfBuild.privatePool':
    case 'vat.enabled':
      return t(value === true ? 'compare:yes' : 'compare:no');
  }
  if (path.startsWith('hardware.')) {
    const model = typeof value === 'string' ? gpuModelById(value) : undefined;
    return model ? gpuNameIn(model.name, locale) : t('hardware:custom');
  }
  return typeof value === 'string' && value !== '' ? value : t('compare:none');
}

/**
 * A cell's text on screen: money in the display currency, percents, quantities (their unit is in the
 * row's label), strategy names, input values.
 */
export function compareValueText(value: CompareValue, money: MoneyFormat, t: TFunction): string {
  switch (value.kind) {
    case 'money':
      return formatMoney(value.cny, money, value.digits);
    case 'percent':
      return formatPercent(value.fraction, money.locale, 0);
    case 'quantity':
      return formatNumber(value.value, money.locale, value.digits);
    case 'strategy':
      return t(`common:strategy.${value.id}`);
    case 'notAllowed':
      return t('compare:notAllowed');
    case 'empty':
      return t('compare:none');
    case 'notUsed':
      return t('compare:notUsed');
    case 'input':
      return inputValueText(value.path, value.value, money, t);
  }
}

/** The unit column of the CSV: the currency, the currency per GPU-hour, %, or a quantity's unit. */
function unitOf(row: ScenarioCompareRow, money: MoneyFormat, t: TFunction): string {
  const first = row.cells.find(
    (c) => c.value.kind === 'money' || c.value.kind === 'percent' || c.value.kind === 'quantity',
  )?.value;
  if (!first) return '';
  if (first.kind === 'percent') return '%';
  if (first.kind === 'quantity') return t(`compare:units.${first.unit}`);
  const units = money.currency === 'USD' ? 'unitsUsd' : 'units';
  return row.key === 'unitCost' ? t(`common:${units}.cnyPerGpuHour`) : t(`common:${units}.cny`);
}

/**
 * A CSV cell: amounts as plain numbers in the display currency (2 decimals for unit costs), quantities
 * at the decimals shown, percents × 100.
 */
function csvValue(value: CompareValue, money: MoneyFormat, t: TFunction): CsvCell {
  if (value.kind === 'money') return roundedTo(convertCny(value.cny, money), value.digits);
  if (value.kind === 'quantity') return roundedTo(value.value, value.digits);
  if (value.kind === 'percent') return Math.round(value.fraction * 1000) / 10;
  return compareValueText(value, money, t);
}

/** v at `digits` decimals, never -0. */
function roundedTo(v: number, digits: number): number {
  const scale = 10 ** digits;
  const rounded = Math.round(v * scale) / scale;
  return rounded === 0 ? 0 : rounded;
}

/** Decimals of a line's numbers as shown: cents for a unit cost, a quantity's own, else whole (percents aside). */
function digitsOf(row: ScenarioCompareRow): number {
  for (const { value } of row.cells)
    if (value.kind === 'money' || value.kind === 'quantity') return value.digits;
  return 0;
}

/** One line of the comparison as a file holds it (CSV now, a spreadsheet sheet too). */
export interface ComparisonLine {
  group: string;
  measure: string;
  unit: string;
  /** Amounts as plain numbers in the display currency, percents × 100, everything else as text. */
  cells: CsvCell[];
  /** Per cell: it differs from the first column. */
  differs: boolean[];
  /** Labels of the columns that differ from the first, joined. */
  differing: string;
  /** Decimals of the line's numbers other than percents: 2 for cents (cost per useful GPU-hour), a quantity's own. */
  digits: number;
}

/**
 * The comparison as file lines, in the screen's order: the header (section, measure, unit, one column
 * per scenario, the columns that differ) and one line per row.
 */
export function comparisonLines(
  comparison: ScenarioComparison,
  money: MoneyFormat,
  t: TFunction,
): { header: string[]; lines: ComparisonLine[] } {
  const header = [
    t('compare:csv.group'),
    t('compare:csv.measure'),
    t('compare:csv.unit'),
    // Names are user text: no bidi control reaches a file (lib/bidi.ts), CSV or workbook alike.
    ...comparison.columns.map((c) => withoutBidiControls(c.label)),
    t('compare:csv.differs'),
  ];
  const lines = comparison.rows.map((row) => ({
    group: compareGroupLabel(t, row.group, comparison.focus),
    measure: compareRowLabel(t, row, money.locale),
    unit: unitOf(row, money, t),
    cells: row.cells.map((c) => csvValue(c.value, money, t)),
    differs: row.cells.map((c) => c.differs),
    differing: comparison.columns
      .filter((_, i) => row.cells[i]?.differs)
      .map((c) => withoutBidiControls(c.label))
      .join(t('compare:csv.separator')),
    digits: digitsOf(row),
  }));
  return { header, lines };
}

/** The comparison as CSV: the file lines, with a last column naming the cells that differ from the first. */
export function comparisonCsv(comparison: ScenarioComparison, money: MoneyFormat, t: TFunction): string {
  const { header, lines } = comparisonLines(comparison, money, t);
  return csvText([header, ...lines.map((l) => [l.group, l.measure, l.unit, ...l.cells, l.differing])]);
}

/** Characters of each scenario's name in the file name, so four names fit and each is recognisable. */
const FILE_NAME_PART_UNITS = 14;

/**
 * The download's base name, "Comparison – Lab · Budget 2026 · …": each column's name cut (between
 * graphemes) so every one shows; lib/file-name.ts then makes it safe and ≤ 255 bytes with its suffix.
 */
export function comparisonFileBase(comparison: ScenarioComparison, t: TFunction): string {
  const names = comparison.columns.map((c) => {
    const cut = truncateGraphemes(c.label, FILE_NAME_PART_UNITS);
    return cut === c.label ? cut : `${cut.trimEnd()}…`;
  });
  return t('compare:fileBase', { names: names.join(' · ') });
}
