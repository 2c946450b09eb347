import type { TFunction } from 'i18next';
import { PARAMETERS, WEEKLY_CURVE_WEEKS, WEEKLY_GPUS_MAX } from '../engine';
import { formatNumber, type Locale } from '../lib/format';
import type { CsvError, ScenarioIssue } from '../scenario';
import { MAX_CSV_BYTES } from '../scenario/csv-limits';

/**
 * Translated messages for outside data that did not load (share links, JSON files, CSV files, saved
 * entries), shared by the Scenarios view and the wizard. Every message is built from a machine code,
 * never from the English text that travels with it, and names what was wrong: the field (by its label
 * and its path), or the CSV line and column. Texts live in the `common` namespace.
 */

const PARAMETER_PATHS = new Set(PARAMETERS.map((m) => m.path));

/** Labels of scenario fields that are not engine parameters (those are `common:params.<path>`). */
const OTHER_LABELS: Record<string, string> = {
  name: 'common:issue.field.name',
  schemaVersion: 'common:issue.field.schemaVersion',
  'demand.mode': 'common:choices.demandMode',
  'demand.weeklyGpus': 'common:choices.demandModeWeekly',
  'trainingPlan.recurringGpuHoursPerMonth': 'plan:issue.recurring',
  'trainingPlan.onDemandGpus': 'plan:field.onDemand',
  teamCapability: 'common:choices.teamCapability',
  compliance: 'common:choices.compliance',
  'selfBuild.recovery': 'common:choices.recovery',
  'selfBuild.privatePool': 'common:choices.privatePool',
  'hybrid.baselineMode': 'common:choices.baselineMode',
  'hybrid.baselineGpus': 'common:choices.baselineGpus',
  'throughput.unitsPerUsefulGpuHour': 'common:choices.throughput',
  'throughput.unitName': 'common:choices.throughputUnit',
  'uncertainty.draws': 'common:issue.field.draws',
  'uncertainty.seed': 'common:issue.field.seed',
  'uncertainty.ranges': 'common:issue.field.ranges',
  vat: 'finance:vat.title',
  'vat.enabled': 'finance:vat.enabled',
  'vat.pricesIncludeVat': 'finance:vat.pricesInclude',
  'vat.hardwareRateFraction': 'finance:vat.hardwareRate',
  'vat.servicesRateFraction': 'finance:vat.servicesRate',
  'vat.leasingRateFraction': 'finance:vat.leasingRate',
  'vat.inputVatDeductible': 'finance:vat.deductible',
  existing: 'common:existing.choice',
  'existing.servers': 'common:existing.servers',
  'existing.ageMonths': 'common:existing.ageMonths',
  'existing.pricePaidCnyPerServer': 'common:existing.pricePaid',
  'finance.lens': 'common:existing.lens',
  selfBuild: 'common:groups.selfBuild',
  rent: 'common:groups.rent',
  platform: 'common:groups.platform',
  operations: 'common:groups.operations',
};

const RANGE_PREFIX = 'uncertainty.ranges.';

const PRICE_SHAPE_LABELS = {
  gpuTime: 'common:pricePath.label',
  term: 'common:pricePath.term.label',
  hardware: 'common:pricePath.hardware.label',
  resale: 'common:pricePath.resale.label',
} as const;

/** The field's readable name, without its path. */
export function fieldLabel(t: TFunction, path: string, locale: Locale): string {
  if (PARAMETER_PATHS.has(path)) return t(`common:params.${path}`);
  const other = OTHER_LABELS[path];
  if (other) return t(other);
  const week = /^demand\.weeklyGpus\.(\d+)$/.exec(path);
  if (week) return t('common:issue.field.week', { week: formatNumber(Number(week[1]) + 1, locale) });
  if (path.startsWith(RANGE_PREFIX)) {
    const input = path.slice(RANGE_PREFIX.length);
    return PARAMETER_PATHS.has(input)
      ? t('common:issue.field.range', { label: t(`common:params.${input}`) })
      : t('common:issue.field.unknownRange', { name: input.slice(0, 60) });
  }
  if (path.startsWith('calibration.')) return t('common:issue.field.calibration');
  // A price path's points (model v4): the path by its name ("Hardware price path"), whichever point.
  const shape = /^finance\.(gpuTime|term|hardware|resale)PriceShape(\.|$)/.exec(path);
  if (shape) return t(PRICE_SHAPE_LABELS[shape[1] as keyof typeof PRICE_SHAPE_LABELS]);
  const run = /^trainingPlan\.runs\.(\d+)\.(\w+)$/.exec(path);
  if (run) return planRunFieldLabel(t, Number(run[1]), run[2] ?? '', locale);
  return t('common:issue.field.other');
}

/** The plan fields an issue can name (the rest read as "a value"). */
const PLAN_RUN_FIELDS = new Set([
  'name',
  'paramsBillions',
  'tokensTrillions',
  'flops',
  'gpuHours',
  'modelId',
  'startWeek',
  'gpus',
  'deadlineWeek',
]);

/** "Run 2: Tokens (trillions)": a training plan's run by its number, then the field. */
function planRunFieldLabel(t: TFunction, index: number, field: string, locale: Locale): string {
  const run = t('plan:runNumber', { n: formatNumber(index + 1, locale) });
  const label = PLAN_RUN_FIELDS.has(field)
    ? t(`plan:field.${field}`)
    : field === 'mfuFraction'
      ? t('plan:field.mfu')
      : field === 'reportedHoursOverhead'
        ? t('plan:field.overhead')
        : t('common:issue.field.other');
  return t('plan:issue.field', { run, field: label });
}

/**
 * "Server price (selfBuild.serverPriceCny)": the label in the reader's language, then the path so the
 * value can be found in a file. A field without a label of its own gets a generic phrase, never a
 * bare path.
 */
export function fieldName(t: TFunction, path: string, locale: Locale): string {
  if (path === '') return t('common:issue.whole');
  return `${fieldLabel(t, path, locale)} (${path})`;
}

export function issueText(t: TFunction, issue: ScenarioIssue, locale: Locale): string {
  const num = (v: number | undefined) => (v === undefined ? '' : formatNumber(v, locale, 6));
  return t(`common:issue.${issue.code ?? 'invalid'}`, {
    field: fieldName(t, issue.path, locale),
    limit: num(issue.limit),
    min: num(issue.min),
    max: num(issue.max),
    other: issue.other === undefined ? '' : fieldLabel(t, issue.other, locale),
    week: num(issue.week),
  });
}

/** The first issues as one line ("…; …"), with a count of the rest. */
export function issuesText(
  t: TFunction,
  issues: readonly ScenarioIssue[],
  locale: Locale,
  shown = 3,
): string {
  // A 'moreIssues' entry stands for the issues the door did not list: counted, not shown.
  const listed = issues.filter((i) => i.code !== 'moreIssues');
  const unlisted = issues.reduce((n, i) => (i.code === 'moreIssues' ? n + (i.limit ?? 0) : n), 0);
  const head = listed.slice(0, shown).map((i) => issueText(t, i, locale));
  const rest = listed.length - head.length + unlisted;
  if (rest > 0) head.push(t('common:issue.more', { rest: formatNumber(rest, locale) }));
  return head.join(t('common:issue.separator'));
}

/** One CSV problem, with its numbers in the reader's format and the limit that applies to it. */
export function csvErrorText(
  t: TFunction,
  error: CsvError,
  locale: Locale,
  weeks: { min: number; max: number } = WEEKLY_CURVE_WEEKS,
): string {
  return t(`common:csvError.${error.code}`, {
    line: error.line === undefined ? '' : formatNumber(error.line, locale),
    column: error.column ?? '',
    value: error.value ?? '',
    weeks: formatNumber(error.weeks ?? 0, locale),
    min: formatNumber(weeks.min, locale),
    max: formatNumber(weeks.max, locale),
    // tooBig: a week's GPU count, bounded by WEEKLY_GPUS_MAX (not by the week count).
    limit: formatNumber(WEEKLY_GPUS_MAX, locale),
    megabytes: formatNumber(MAX_CSV_BYTES / 1_000_000, locale, 1),
  });
}

/**
 * An issue shown beside the field that was edited: short when it is about that field ("Must be at most
 * 10.2"), with the other field's name when the edit broke a rule of another one ("Busy power must not
 * exceed Maximum power"). `display` turns a limit into the field's display unit (percent for fractions).
 */
export function fieldIssueText(
  t: TFunction,
  issue: ScenarioIssue,
  fieldPath: string,
  locale: Locale,
  display: (value: number) => number = (v) => v,
): string {
  const own = issue.path === fieldPath;
  const num = (v: number | undefined) =>
    v === undefined ? '' : formatNumber(own ? display(v) : v, locale, 6);
  const values = {
    field: fieldLabel(t, issue.path, locale),
    limit: num(issue.limit),
    min: num(issue.min),
    max: num(issue.max),
    other: issue.other === undefined ? '' : fieldLabel(t, issue.other, locale),
    week: issue.week === undefined ? '' : formatNumber(issue.week, locale),
  };
  const code = issue.code ?? 'invalid';
  const text = own ? t(`common:fieldIssue.${code}`, values) : t(`common:issue.${code}`, values);
  return t('common:fieldIssue.notApplied', { text });
}
