import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COST_CATEGORIES, type CostCategory, STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatNumber } from '../../lib/format';
import { type Bills, type BillsError, horizonMonthOf } from '../../scenario/bills-csv';
import { withTypedBill } from '../../scenario/typed-bills';
import { useAppStore } from '../../state/store-context';
import { catalogueDate } from '../../view-model/catalogue-text';

/**
 * "Type a bill": one bill line by hand (month, way, category, amount in CNY, and the GPU-hours when
 * known), read by the bills file's own rules and added to the bills kept with the version. A line the
 * rules refuse is named field by field and nothing changes.
 */
export function TypedBillForm({
  bills,
  firstMonth,
  horizonMonths,
  defaultWay,
  onBills,
}: {
  bills: Bills | null;
  firstMonth: string;
  horizonMonths: number;
  defaultWay: StrategyId;
  onBills: (bills: Bills) => void;
}) {
  const { t } = useTranslation(['scenarios', 'common', 'charts']);
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  // Month 1 of the budget until another month is chosen (month 1 may be set after this opens).
  const [monthEdit, setMonth] = useState<string | null>(null);
  const month = monthEdit ?? firstMonth;
  // The way billed until another is chosen (bills read later may name another).
  const [wayEdit, setWay] = useState<StrategyId | null>(null);
  const way = wayEdit ?? defaultWay;
  const [category, setCategory] = useState<CostCategory>('compute');
  const [amount, setAmount] = useState('');
  const [held, setHeld] = useState('');
  const [useful, setUseful] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const m = horizonMonthOf(month, firstMonth);
    if (!(Number.isInteger(m) && m >= 1 && m <= horizonMonths)) {
      setProblems([
        t('actuals.typed.outside', {
          month: catalogueDate(month, locale),
          first: catalogueDate(firstMonth, locale),
          horizon: formatNumber(horizonMonths, locale),
        }),
      ]);
      return;
    }
    const read = withTypedBill(
      bills,
      { month, way, category, amount, heldGpuHours: held, usefulGpuHours: useful },
      firstMonth,
    );
    if (!read.ok) {
      setProblems(read.errors.map((e) => typedErrorText(t, e)));
      return;
    }
    setProblems([]);
    setAmount('');
    setHeld('');
    setUseful('');
    onBills(read.bills);
  };

  return (
    <details className="actuals__typed">
      <summary id={`${id}-title`}>{t('actuals.typed.title')}</summary>
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
        <div className="actuals__fields">
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-month`}>{t('actuals.typed.month')}</label>
            <input
              id={`${id}-month`}
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value || month)}
            />
          </p>
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-way`}>{t('actuals.typed.way')}</label>
            <select id={`${id}-way`} value={way} onChange={(e) => setWay(e.target.value as StrategyId)}>
              {STRATEGY_IDS.map((w) => (
                <option key={w} value={w}>
                  {t(`common:strategy.${w}`)}
                </option>
              ))}
            </select>
          </p>
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-category`}>{t('actuals.typed.category')}</label>
            <select
              id={`${id}-category`}
              value={category}
              onChange={(e) => setCategory(e.target.value as CostCategory)}
            >
              {COST_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`charts:category.${c}`)}
                </option>
              ))}
            </select>
          </p>
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-amount`}>{t('actuals.typed.amount')}</label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
            />
          </p>
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-held`}>{t('actuals.typed.held')}</label>
            <input
              id={`${id}-held`}
              inputMode="decimal"
              value={held}
              onChange={(e) => setHeld(e.target.value)}
            />
          </p>
          <p className="budget-freeze__field">
            <label htmlFor={`${id}-useful`}>{t('actuals.typed.useful')}</label>
            <input
              id={`${id}-useful`}
              inputMode="decimal"
              value={useful}
              onChange={(e) => setUseful(e.target.value)}
            />
          </p>
        </div>
        {problems.length > 0 ? (
          <ul className="notice notice--error" role="alert" data-testid="typed-bill-errors">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <button type="submit" className="button">
          {t('actuals.typed.add')}
        </button>
      </form>
    </details>
  );
}

type T = ReturnType<typeof useTranslation<['scenarios', 'common', 'charts']>>['t'];

/** A typed line's problem, named by its field (the file's messages name a line and a column). */
function typedErrorText(t: T, e: BillsError): string {
  const field =
    e.column === 'held_gpu_hours'
      ? t('actuals.typed.held')
      : e.column === 'useful_gpu_hours'
        ? t('actuals.typed.useful')
        : e.column === 'month'
          ? t('actuals.typed.month')
          : t('actuals.typed.amount');
  return t('actuals.typed.invalid', { field, value: e.value ?? '' });
}
