import type { TFunction } from 'i18next';
import {
  type Evaluation,
  PARAMETERS,
  type ParameterMeta,
  readInput,
  type Scenario,
  type WorkbookFacts,
} from '../../engine';
import type { Locale } from '../../lib/format';
import { catalogueDate } from '../catalogue-text';
import { type Expr, ref } from './expr';
import { formatFor, INTEGER_FORMAT } from './number-format';
import type { CellModel, SheetBuilder } from './sheet-model';

/** The defined name of an input: its engine path with "_" for "." (selfBuild_serverPriceCny). */
export function inputName(path: string): string {
  return path.replace(/\./g, '_');
}

/** Named cells every calculation sheet reads, by defined name. */
export type Inputs = Record<string, Expr>;

/** An input outside the parameter table; `label` when the page's own label names it. */
interface ExtraInput {
  path: string;
  value: number | null;
  unit: string;
  label?: string;
}

/**
 * Inputs the model reads that are not numbers of the parameter table: the horizon, the form of the
 * demand scale, hardware throughput ratios, calibrated amounts (blank when unset), switches as 1/0.
 */
function extraInputs(s: Scenario): ExtraInput[] {
  return [
    { path: 'demand.scale', value: 1, unit: 'ratio' },
    {
      path: 'hardware.selfBuild.throughputRatio',
      value: s.hardware.selfBuild.throughputRatio,
      unit: 'ratio',
    },
    { path: 'hardware.rent.throughputRatio', value: s.hardware.rent.throughputRatio, unit: 'ratio' },
    { path: 'hardware.platform.throughputRatio', value: s.hardware.platform.throughputRatio, unit: 'ratio' },
    { path: 'selfBuild.privatePool', value: s.selfBuild.privatePool ? 1 : 0, unit: 'switch' },
    {
      path: 'selfBuild.recoveryAutomatic',
      value: s.selfBuild.recovery === 'automatic' ? 1 : 0,
      unit: 'switch',
    },
    { path: 'hybrid.baselineOwned', value: s.hybrid.baselineMode === 'owned' ? 1 : 0, unit: 'switch' },
    { path: 'finance.costViewEconomic', value: s.finance.costView === 'economic' ? 1 : 0, unit: 'switch' },
    // The carbon line of the own cluster's energy (schema v11): price per t × the site's grid factor.
    { path: 'energy.gridKgCo2ePerKwh', value: s.energy.gridKgCo2ePerKwh, unit: 'kgCo2ePerKwh' },
    { path: 'energy.carbonPriceCnyPerTonne', value: s.energy.carbonPriceCnyPerTonne, unit: 'cnyPerTonne' },
    // The Energy sheet's other factors: the providers' data centres, embodied emissions, the site's cap.
    { path: 'energy.providerPue', value: s.energy.providerPue, unit: 'ratio' },
    {
      path: 'energy.providerGridKgCo2ePerKwh',
      value: s.energy.providerGridKgCo2ePerKwh,
      unit: 'kgCo2ePerKwh',
    },
    { path: 'energy.embodiedKgCo2ePerGpu', value: s.energy.embodiedKgCo2ePerGpu, unit: 'kgCo2ePerGpu' },
    { path: 'energy.powerCapMw', value: s.energy.powerCapMw, unit: 'mw' },
    { path: 'calibration.rentSetupCnyPerJob', value: s.calibration.rentSetupCnyPerJob, unit: 'cnyPerJob' },
    { path: 'calibration.rentCostPerFailureCny', value: s.calibration.rentCostPerFailureCny, unit: 'cny' },
    {
      path: 'calibration.platformSetupCnyPerJob',
      value: s.calibration.platformSetupCnyPerJob,
      unit: 'cnyPerJob',
    },
    {
      path: 'calibration.platformCostPerFailureCny',
      value: s.calibration.platformCostPerFailureCny,
      unit: 'cny',
    },
    ...existingInputs(s),
    // The GPUs one can get on demand (the deadlines' assumption): each way's draw on the market is
    // checked against it (costs/market-use.ts), labelled as the page labels it.
    {
      path: 'trainingPlan.onDemandGpus',
      value: s.trainingPlan.onDemandGpus,
      unit: 'gpus',
      label: 'plan:field.onDemand',
    },
  ];
}

/**
 * A cluster the team already owns (schema v16, engine existing-cluster.ts) and the lens it is seen
 * through: rows only when there is one, since the lens is read only then and a workbook without one
 * stays as it was.
 */
function existingInputs(s: Scenario): ExtraInput[] {
  const e = s.existing;
  if (e === null) return [];
  return [
    { path: 'existing.servers', value: e.servers, unit: 'servers' },
    { path: 'existing.ageMonths', value: e.ageMonths, unit: 'months' },
    { path: 'existing.pricePaidCnyPerServer', value: e.pricePaidCnyPerServer, unit: 'cny' },
    { path: 'finance.lensFull', value: s.finance.lens === 'full' ? 1 : 0, unit: 'switch' },
  ];
}

/** An extra input's unit in words: a switch and servers are the workbook's own units, the rest the app's. */
function extraUnit(unit: string, t: TFunction): string {
  if (unit === 'switch') return t('export:workbook.switchUnit');
  if (unit === 'servers') return t('export:workbook.unit.servers');
  return t(`common:units.${unit}`);
}

/** The engine's figures the sheets read as values, each with why it is not a formula here. */
function engineValues(
  facts: WorkbookFacts,
  evaluation: Evaluation,
  s: Scenario,
): { key: string; value: number; percent?: boolean; why: string }[] {
  const flag = (b: boolean) => (b ? 1 : 0);
  return [
    { key: 'ownEfficiency', value: facts.ownEfficiency, percent: true, why: 'rule' },
    { key: 'platformEfficiency', value: facts.platformEfficiency, percent: true, why: 'rule' },
    { key: 'rentEfficiency', value: facts.rentEfficiency, percent: true, why: 'rule' },
    { key: 'staffMultiplier', value: facts.staffMultiplier, why: 'team' },
    { key: 'manualHoursMultiplier', value: facts.manualHoursMultiplier, why: 'team' },
    { key: 'buildLeadTimeMonths', value: facts.buildLeadTimeMonths, why: 'team' },
    { key: 'rentEligible', value: flag(facts.rentEligible), why: 'compliance' },
    { key: 'platformEligible', value: flag(facts.platformEligible), why: 'compliance' },
    { key: 'domesticPremium', value: flag(facts.domesticPremiumApplies), why: 'compliance' },
    { key: 'dedicatedPremium', value: flag(facts.dedicatedPremiumApplies), why: 'compliance' },
    { key: 'vatServices', value: facts.vatServicesFactor, why: 'vat' },
    { key: 'vatLeasing', value: facts.vatLeasingFactor, why: 'vat' },
    { key: 'vatHardware', value: facts.vatHardwareFactor, why: 'vat' },
    {
      key: 'hybridBaselineGpus',
      value: evaluation.strategies.hybrid.baselineGpus,
      why: s.hybrid.baselineGpus === null ? 'search' : 'pinned',
    },
  ];
}

/** Whether an input applies to the scenario: the number of jobs a month does not on a weekly curve. */
export function inputApplies(s: Scenario, path: string): boolean {
  return !(s.demand.mode !== 'jobs' && path === 'demand.jobsPerMonth');
}

function changedText(s: Scenario, meta: ParameterMeta, t: TFunction): string {
  if (!inputApplies(s, meta.path)) return t('export:workbook.notApplicable');
  const value = readInput(s, meta.path);
  return t(Number.isFinite(value) && value !== meta.defaultValue ? 'export:excel.yes' : 'export:excel.no');
}

function valueCell(value: number | null, percent: boolean, name: string, integer = false): CellModel {
  if (value === null) return { value: null, name };
  return { value, name, numFmt: integer ? INTEGER_FORMAT : formatFor(value, percent) };
}

/**
 * The Inputs sheet: every assumption the engine uses as a named cell (value, unit, source, date,
 * changed?), then the few figures taken from the engine as values. Returns the named cells.
 */
export function inputsSheet(
  sheet: SheetBuilder,
  s: Scenario,
  facts: WorkbookFacts,
  evaluation: Evaluation,
  t: TFunction,
  locale: Locale = 'en',
): Inputs {
  const inputs: Inputs = {};
  const place = (name: string, row: number) => {
    inputs[name] = ref(name, sheet.model.rows[row - 1]?.[1]?.value ?? '');
  };
  sheet.header(
    [
      t('export:excel.parameter'),
      t('export:excel.value'),
      t('export:excel.unit'),
      t('export:excel.source'),
      t('export:excel.asOf'),
      t('export:excel.changed'),
      t('export:workbook.cellName'),
    ],
    true,
  );
  sheet.model.frozenColumns = 1;
  for (const meta of PARAMETERS) {
    const value = readInput(s, meta.path);
    const percent = meta.unit === 'fraction' || meta.unit === 'fractionPerYear';
    const name = inputName(meta.path);
    const changed = inputApplies(s, meta.path) && Number.isFinite(value) && value !== meta.defaultValue;
    const row = sheet.add([
      { value: t(`common:params.${meta.path}`), highlight: changed },
      valueCell(Number.isFinite(value) ? value : null, percent, name, meta.integer === true),
      { value: t(`common:units.${meta.unit}`) },
      { value: t(`common:sources.${meta.path}`, { defaultValue: meta.source }), wrap: true },
      // The date as the page and the PDF read it (2026 年 3 月 in Chinese, review #71).
      { value: catalogueDate(meta.asOf, locale) },
      { value: changedText(s, meta, t), highlight: changed },
      { value: name },
    ]);
    place(name, row);
  }
  for (const extra of extraInputs(s)) {
    const name = inputName(extra.path);
    const unit = extraUnit(extra.unit, t);
    const row = sheet.add([
      { value: t(extra.label ?? `export:workbook.input.${extra.path}`) },
      valueCell(extra.value, false, name),
      { value: unit },
      { value: t(`export:workbook.inputNote.${extra.path}`), wrap: true },
      null,
      null,
      { value: name },
    ]);
    place(name, row);
  }
  sheet.gap();
  sheet.title(t('export:workbook.engineValuesTitle'));
  sheet.note(t('export:workbook.engineValuesNote'));
  for (const e of engineValues(facts, evaluation, s)) {
    const name = `engine_${e.key}`;
    const row = sheet.add([
      { value: t(`export:workbook.engine.${e.key}`) },
      valueCell(e.value, e.percent === true, name),
      null,
      { value: t(`export:workbook.why.${e.why}`), wrap: true },
      null,
      null,
      { value: name },
    ]);
    place(name, row);
  }
  return inputs;
}
