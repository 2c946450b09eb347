import { type ChangeEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/section';
import { WaterfallBars } from '../../components/waterfall-bars';
import { COST_CATEGORIES } from '../../engine';
import { formatMoney, formatNumber, type MoneyFormat } from '../../lib/format';
import type { ActualUsage } from '../../scenario/actual-usage';
import { type Bills, type BillsError, parseBillsCsv } from '../../scenario/bills-csv';
import { MAX_CSV_BYTES } from '../../scenario/csv-limits';
import type { StoredActuals } from '../../scenario/stored-actuals';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { type ActualsComparison, compareActuals, monthOfIso } from '../../view-model/budget-actuals';
import { reforecastTexts, varianceSentence } from '../../view-model/budget-actuals-text';
import { ActualUsageImport } from './actual-usage-import';
import { BillsPreview } from './bills-preview';
import { versionName } from './budget-text';
import { changeSaved, useSavedScenarios, withActuals } from './saved-scenarios';
import { TypedBillForm } from './typed-bill-form';

/** Colours of the waterfall: the budget and the actual in ink, a part that cost more red, saved green. */
const BAR_COLORS = { total: '#374151', up: '#b91c1c', down: '#15803d' } as const;
const WATERFALL_HEIGHT = 240;
const MAX_ERRORS_SHOWN = 8;

/**
 * Budget vs actual (issue 39 items 2–3): the budget version opened (frozen, or the version a draft
 * came from) against a CSV of actual bills — the difference by month and by category, split into
 * volume, efficiency and price (the engine's flexible-budget analysis), a waterfall from budget to
 * actual and a sentence saying where the difference came from. The bills are read whole or refused
 * whole with each bad line named; nothing else changes.
 */
export function BudgetActualsSection() {
  const { t } = useTranslation(['scenarios', 'charts', 'common']);
  const budget = useAppStore((s) => s.budget);
  const locale = useAppStore((s) => s.locale);
  const cnyPerUsd = useAppStore((s) => s.cnyPerUsd);
  const money = useMoneyFormat();
  const id = useId();
  const { entries } = useSavedScenarios();
  // The version's saved entry, where its actuals are kept (by its stamp: budget and version).
  const saved = budget
    ? entries.find(
        (e) => e.budget?.budgetId === budget.stamp.budgetId && e.budget.version === budget.stamp.version,
      )
    : undefined;
  const setBudgetActuals = useAppStore((s) => s.setBudgetActuals);
  const [firstMonthEdit, setFirstMonth] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ file: string; errors: BillsError[] } | null>(null);
  const [kept, setKept] = useState<string | null>(null);
  const [pending, setPending] = useState<{ file: string; bills: Bills } | null>(null);
  // The version's actuals as opened (its saved entry's, or its link's), or as read since.
  const current = budget?.actuals ?? saved?.actuals ?? null;
  const firstMonth =
    firstMonthEdit ?? current?.firstMonth ?? (budget ? monthOfIso(budget.stamp.frozenAt) : '');
  const comparison = useMemo<ActualsComparison | null>(
    () =>
      budget && current && current.bills.rows > 0
        ? compareActuals(budget.scenario, current.bills, firstMonth, current.usage ?? null)
        : null,
    [budget, current, firstMonth],
  );
  if (budget === null) return null;

  /** Keeps the actuals (or their removal) with the version's saved entry (its figures untouched), and says so. */
  const keep = (actuals: StoredActuals | null) => {
    // With the version shown (and in its link), and with its saved entry.
    setBudgetActuals(actuals);
    if (!saved) {
      setKept(t('actuals.notKept'));
      return;
    }
    let found = false;
    const result = changeSaved((list) =>
      withActuals(list, saved.id, actuals, (f) => {
        found = f;
      }),
    );
    if (!result.ok) setKept(t(`storage.${result.error}`));
    else if (!found) setKept(t('actuals.notKept'));
    else setKept(t(actuals ? 'actuals.kept' : 'actuals.removed', { name: versionName(t, budget.stamp) }));
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    input.value = '';
    if (file.size > MAX_CSV_BYTES) {
      setErrors({ file: file.name, errors: [{ code: 'tooLarge', limit: MAX_CSV_BYTES }] });
      return;
    }
    // UTF-8, or GB18030 as Chinese spreadsheets save it (the usage CSV's rule).
    const { decodeCsvBytes } = await import('../../scenario/csv-usage');
    const { text } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
    const result = parseBillsCsv(text, { cnyPerUsd });
    if (result.ok) {
      setErrors(null);
      // Shown first, kept when the user says so.
      setPending({ file: file.name, bills: result.bills });
    } else {
      // Refused whole: the comparison shown before stays.
      setErrors({ file: file.name, errors: result.errors });
    }
  };

  /** Usage read before any bills is kept with an empty bill list until the bills come. */
  const onUsage = (usage: ActualUsage) =>
    keep({
      ...(current ?? {
        file: '',
        importedAt: new Date().toISOString(),
        firstMonth,
        bills: { monthKind: 'calendar', months: [], rows: 0, usdRows: 0 },
      }),
      usage,
    });

  return (
    <Section headingId="scen-actuals" title={t('actuals.title')} className="card scenarios__card">
      <p className="scenarios__intro">{t('actuals.intro', { name: versionName(t, budget.stamp) })}</p>
      <div className="budget-freeze">
        <p className="budget-freeze__field">
          <label htmlFor={`${id}-first`}>{t('actuals.firstMonth')}</label>
          <input
            id={`${id}-first`}
            type="month"
            value={firstMonth}
            onChange={(e) => {
              const month = e.target.value || firstMonth;
              setFirstMonth(month);
              if (current) keep({ ...current, firstMonth: month });
            }}
          />
        </p>
        <p className="budget-freeze__field">
          <label htmlFor={`${id}-file`}>{t('actuals.import')}</label>
          <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={onFile} />
        </p>
      </div>
      {pending ? (
        <BillsPreview
          file={pending.file}
          bills={pending.bills}
          money={money}
          onDiscard={() => setPending(null)}
          onKeep={() => {
            keep({
              file: pending.file,
              importedAt: new Date().toISOString(),
              firstMonth,
              bills: pending.bills,
              // The usage read before stays with the new bills.
              ...(current?.usage ? { usage: current.usage } : {}),
            });
            setPending(null);
          }}
        />
      ) : null}
      {errors ? (
        <div className="notice notice--error" role="alert" data-testid="actuals-errors">
          <div className="notice__text">
            <p className="notice__title">{t('actuals.refused', { file: errors.file })}</p>
            <ul>
              {errors.errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (
                <li key={`${e.code}-${e.line ?? 0}-${e.column ?? ''}`}>{billsErrorText(t, e, locale)}</li>
              ))}
            </ul>
            {errors.errors.length > MAX_ERRORS_SHOWN ? (
              <p>{t('actuals.moreErrors', { count: errors.errors.length - MAX_ERRORS_SHOWN })}</p>
            ) : null}
          </div>
        </div>
      ) : null}
      <TypedBillForm
        bills={current && current.bills.rows > 0 ? current.bills : null}
        firstMonth={firstMonth}
        horizonMonths={budget.scenario.horizonMonths}
        defaultWay={current?.bills.months[0]?.way ?? 'selfBuild'}
        onBills={(bills) =>
          keep({
            ...(current ?? { firstMonth }),
            // The file's name, and that lines were typed beside it.
            file: current?.file ? typedFileName(t, current.file) : t('actuals.typed.fileName'),
            importedAt: new Date().toISOString(),
            bills,
          })
        }
      />
      <ActualUsageImport
        usage={current?.usage ?? null}
        firstMonth={firstMonth}
        defaultWay={current?.bills.months[0]?.way ?? 'selfBuild'}
        onUsage={onUsage}
      />
      {current ? (
        <p>
          <button type="button" className="button" onClick={() => keep(null)}>
            {t('actuals.remove')}
          </button>
        </p>
      ) : null}
      <p role="status" className={kept ? 'scenarios__intro' : 'visually-hidden'} data-testid="actuals-kept">
        {kept}
      </p>
      {comparison && current ? (
        <ActualsView comparison={comparison} file={current.file} bills={current.bills} money={money} />
      ) : null}
    </Section>
  );
}

/** "bills.csv and lines typed by hand": said once, however many lines are typed. */
function typedFileName(t: T, file: string): string {
  const typed = t('actuals.typed.fileName');
  return file === typed || file.endsWith(t('actuals.typed.plusTyped', { file: '' }))
    ? file
    : t('actuals.typed.plusTyped', { file });
}

type T = ReturnType<typeof useTranslation<['scenarios', 'charts', 'common']>>['t'];

function billsErrorText(t: T, e: BillsError, locale: MoneyFormat['locale']): string {
  return t(`actuals.error.${e.code}`, {
    line: e.line === undefined ? '' : formatNumber(e.line, locale),
    column: e.column ?? '',
    value: e.value ?? '',
    expected: e.expected ?? '',
    limit: e.limit === undefined ? '' : formatNumber(e.limit, locale),
  });
}

function ActualsView({
  comparison,
  file,
  bills,
  money,
}: {
  comparison: ActualsComparison;
  file: string;
  bills: Bills;
  money: MoneyFormat;
}) {
  const { t } = useTranslation(['scenarios', 'charts', 'common']);
  const locale = money.locale;
  if (!comparison.ok) {
    return (
      <p className="notice notice--error" role="alert" data-testid="actuals-errors">
        {t('actuals.outsideHorizon', {
          months: comparison.months.join(t('common:issue.separator')),
          horizon: formatNumber(comparison.horizonMonths, locale),
        })}
      </p>
    );
  }
  const { variance, shares } = comparison;
  const total = variance.total;
  const sentence = varianceSentence(t, total.split, shares, money, comparison.lastMonth);
  const amount = (v: number) => formatMoney(v, money);
  return (
    <div className="actuals" data-testid="actuals">
      <p className="scenarios__intro">
        {t('actuals.read', {
          count: bills.rows,
          file,
          rows: formatNumber(bills.rows, locale),
          ways: comparison.ways.map((w) => t(`common:strategy.${w}`)).join(t('common:issue.separator')),
          months: formatNumber(comparison.lastMonth, locale),
        })}
      </p>
      <p className="actuals__sentence" data-testid="variance-sentence">
        {sentence}
      </p>
      {comparison.usageCells > 0 ? (
        <p className="scenarios__intro" data-testid="actuals-usage-used">
          {t('actuals.usage.used', { count: comparison.usageCells })}
          {comparison.heldAssumed ? `${t('actuals.usage.sentenceGap')}${t('actuals.usage.heldAssumed')}` : ''}
        </p>
      ) : null}
      {comparison.hoursGiven ? null : (
        <p className="notice" data-testid="actuals-no-hours">
          {t('actuals.noHours')}
        </p>
      )}
      <VarianceWaterfall comparison={comparison} money={money} summary={sentence} />
      <div className="table-scroll">
        <table className="actuals__table" data-testid="variance-table">
          <caption>{t('actuals.byMonth')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('actuals.col.month')}</th>
              <th scope="col">{t('actuals.col.budget')}</th>
              <th scope="col">{t('actuals.col.actual')}</th>
              <th scope="col">{t('actuals.col.difference')}</th>
              <th scope="col">{t('actuals.col.volume')}</th>
              <th scope="col">{t('actuals.col.efficiency')}</th>
              <th scope="col">{t('actuals.col.price')}</th>
            </tr>
          </thead>
          <tbody>
            {[
              ...variance.byMonth.map((r) => ({
                key: `m${r.month}`,
                label: formatNumber(r.month, locale),
                r,
              })),
              {
                key: 'total',
                label: t('actuals.total'),
                r: total,
              },
            ].map(({ key, label, r }) => (
              <tr key={key} data-month={key}>
                <th scope="row">{label}</th>
                <td>{amount(r.budgetSpendCny)}</td>
                <td>{amount(r.actualSpendCny)}</td>
                <td>{amount(r.split.differenceCny)}</td>
                <td>{amount(r.split.volumeCny)}</td>
                <td>{amount(r.split.efficiencyCny)}</td>
                <td>{amount(r.split.priceCny)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-scroll">
        <table className="actuals__table" data-testid="variance-categories">
          <caption>{t('actuals.byCategory')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('actuals.col.category')}</th>
              <th scope="col">{t('actuals.col.budget')}</th>
              <th scope="col">{t('actuals.col.actual')}</th>
              <th scope="col">{t('actuals.col.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {COST_CATEGORIES.map((c) => (
              <tr key={c} data-category={c}>
                <th scope="row">{t(`charts:category.${c}`)}</th>
                <td>{amount(variance.byCategory[c].budgetSpendCny)}</td>
                <td>{amount(variance.byCategory[c].actualSpendCny)}</td>
                <td>{amount(variance.byCategory[c].split.differenceCny)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReforecastView reforecast={comparison.reforecast} lastMonth={comparison.lastMonth} money={money} />
      <p className="scenarios__intro">{t('actuals.method')}</p>
    </div>
  );
}

function VarianceWaterfall({
  comparison,
  money,
  summary,
}: {
  comparison: Extract<ActualsComparison, { ok: true }>;
  money: MoneyFormat;
  summary: string;
}) {
  const { t } = useTranslation('scenarios');
  const data = comparison.waterfall.map((bar) => ({
    key: bar.kind,
    name: t(`actuals.bar.${bar.kind}`),
    base: Math.min(bar.startCny, bar.endCny),
    height: Math.abs(bar.endCny - bar.startCny),
    color:
      bar.kind === 'budget' || bar.kind === 'actual'
        ? BAR_COLORS.total
        : bar.endCny > bar.startCny
          ? BAR_COLORS.up
          : BAR_COLORS.down,
  }));
  return (
    <figure className="actuals__waterfall" data-testid="variance-waterfall">
      <figcaption className="card__title">{t('actuals.waterfallTitle')}</figcaption>
      <WaterfallBars data={data} money={money} label={summary} height={WATERFALL_HEIGHT} yAxisWidth={80} />
    </figure>
  );
}

/**
 * The reforecast: the first year's and the horizon's outturn (months billed + the rest on the trend)
 * against the budget, the trend itself, and whether the version's decision still holds.
 */
function ReforecastView({
  reforecast: r,
  lastMonth,
  money,
}: {
  reforecast: Extract<ActualsComparison, { ok: true }>['reforecast'];
  lastMonth: number;
  money: MoneyFormat;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const text = reforecastTexts(t, r, lastMonth, money);
  return (
    <section className="actuals__reforecast" data-testid="reforecast" aria-labelledby="actuals-reforecast">
      <h3 id="actuals-reforecast" className="card__title">
        {t('actuals.reforecastTitle')}
      </h3>
      <p>{text.trend}</p>
      <ul>
        <li data-testid="outturn-year">{text.year}</li>
        <li data-testid="outturn-horizon">{text.horizon}</li>
      </ul>
      <p
        className={r.decision.holds ? 'notice notice--ok' : 'notice notice--error'}
        data-testid="decision-holds"
        data-holds={r.decision.holds}
      >
        {text.decision}
        {text.flip ? ` ${text.flip}` : ''}
      </p>
    </section>
  );
}
