import type { TFunction } from 'i18next';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { ScrollRegion } from '../../components/scroll-region';
import { Term } from '../../components/term';
import { cashReport, type Scenario } from '../../engine';
import { formatNumber, formatPercent, type Locale } from '../../lib/format';
import { useMoneyFormat } from '../../state/store-context';
import {
  type CashLine,
  type CashTable,
  cashTable,
  defaultAmountScale,
  formatAmount,
} from '../../view-model/cash-table';
import { irrText, paybackText, yearHeader } from '../../view-model/cash-text';
import { VatSettings, vatStateText } from './vat-settings';

/**
 * Cash by year on the dashboard: a compact table per strategy (cash out per year, total, resale
 * value at the end, NPV), each strategy's lines on demand, and self-build against each rental
 * (NPV of building instead, IRR, discounted payback). Numbers from the engine's cashReport, shaped by
 * view-model/cash-table; this view only words and formats them.
 */
export function CashByYear({ scenario }: { scenario: Scenario }): ReactNode {
  const { t } = useTranslation(['finance', 'common', 'charts']);
  const money = useMoneyFormat();
  // One money control: the header's currency; the scale follows the language (万 in Chinese).
  const scale = defaultAmountScale(money.locale);
  // The lines table is built only once opened: it is long, and most readers never open it.
  const [linesOpen, setLinesOpen] = useState(false);
  const report = useMemo(() => cashReport(scenario), [scenario]);
  const table = useMemo(() => cashTable(report, { ...money, scale }), [report, money, scale]);
  const id = useId();
  const unitText = t(table.unit.labelKey);
  const locale = money.locale;
  const num = (v: number) => formatAmount(v, locale, scale);

  return (
    <div className="finance">
      <p className="finance__lead">
        {t('cash.lead', {
          years: formatNumber(report.horizonMonths / 12, locale, 1),
          rate: formatPercent(report.discountRateFractionPerYear, locale, 1),
        })}
      </p>
      <p className="finance__vat-state" data-testid="vat-state">
        {vatStateText(t, scenario.vat, locale)}
      </p>
      <SummaryTable table={table} t={t} unitText={unitText} num={num} id={id} />
      <details className="finance__details" onToggle={(e) => setLinesOpen(e.currentTarget.open)}>
        <summary>{t('cash.detailSummary')}</summary>
        {linesOpen ? <DetailTable table={table} t={t} unitText={unitText} num={num} id={id} /> : null}
      </details>
      <h3 className="card__title">{t('returns.title')}</h3>
      <ReturnsTable table={table} t={t} unitText={unitText} num={num} id={id} locale={locale} />
      <p className="finance__note">{t('returns.note')}</p>
      <VatSettings scenario={scenario} />
    </div>
  );
}

interface TableProps {
  table: CashTable;
  t: TFunction;
  unitText: string;
  num: (v: number) => string;
  id: string;
}

/** The year columns and the total column, shared by the summary and the per-line tables. */
function yearHeaders(table: CashTable, t: TFunction): string[] {
  return [...table.columns.map((c) => yearHeader(t, c)), t('cash.total')];
}

function SummaryTable({ table, t, unitText, num, id }: TableProps): ReactNode {
  return (
    <ScrollRegion labelledBy={`${id}-cap`}>
      <DataTable
        className="finance__table"
        testId="cash-table"
        caption={t('cash.caption', { unit: unitText })}
        captionId={`${id}-cap`}
        headers={[t('cash.strategy'), ...yearHeaders(table, t), t('cash.residual'), t('cash.npv')]}
        numericFrom={1}
      >
        <tbody>
          {table.summary.map((row) => (
            <tr key={row.strategy}>
              <th scope="row">
                {t(`common:strategy.${row.strategy}`)}
                {row.eligible ? null : (
                  <span className="finance__muted">
                    {t('common:join.bracketed', { note: t('cash.notAllowed') })}
                  </span>
                )}
              </th>
              {row.years.map((v, i) => (
                <td key={table.columns[i]?.year ?? i} className="num">
                  {num(v)}
                </td>
              ))}
              <td className="num">{num(row.total)}</td>
              <td className="num">{num(row.residualValue)}</td>
              <td className="num" data-testid={`npv-${row.strategy}`}>
                {num(row.npv)}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </ScrollRegion>
  );
}

function lineLabel(t: TFunction, line: CashLine): string {
  return line.kind === 'category' ? t(`charts:category.${line.category}`) : t(`cash.lines.${line.kind}`);
}

function DetailTable({ table, t, unitText, num, id }: TableProps): ReactNode {
  return (
    <ScrollRegion labelledBy={`${id}-detail`}>
      <DataTable
        className="finance__table finance__table--detail"
        caption={t('cash.detailCaption', { unit: unitText })}
        captionId={`${id}-detail`}
        headers={[t('cash.line'), ...yearHeaders(table, t)]}
        numericFrom={1}
      >
        {table.summary.map(({ strategy }) => (
          <tbody key={strategy}>
            <tr className="finance__group">
              <th scope="rowgroup" colSpan={table.columns.length + 2}>
                {t(`common:strategy.${strategy}`)}
              </th>
            </tr>
            {table.detail
              .filter((r) => r.strategy === strategy)
              .map((r) => (
                <tr
                  key={r.line.kind === 'category' ? r.line.category : r.line.kind}
                  className={r.line.kind === 'cashOut' ? 'finance__sum' : undefined}
                >
                  <th scope="row">{lineLabel(t, r.line)}</th>
                  {r.years.map((v, i) => (
                    <td key={table.columns[i]?.year ?? i} className="num">
                      {num(v)}
                    </td>
                  ))}
                  <td className="num">{r.total === null ? '' : num(r.total)}</td>
                </tr>
              ))}
          </tbody>
        ))}
      </DataTable>
    </ScrollRegion>
  );
}

function ReturnsTable({ table, t, unitText, num, id, locale }: TableProps & { locale: Locale }): ReactNode {
  return (
    <>
      {/* The caption sits above the scroller, so a narrow screen wraps it instead of cutting it off. */}
      <p className="finance__caption" id={`${id}-returns`}>
        {t('returns.caption', { unit: unitText })}
      </p>
      <ScrollRegion labelledBy={`${id}-returns`}>
        <DataTable
          className="finance__table"
          testId="returns-table"
          labelledBy={`${id}-returns`}
          headers={[
            t('returns.comparator'),
            <Term key="npv" id="npv">
              {t('returns.npvAdvantage')}
            </Term>,
            <Term key="irr" id="irr">
              {t('returns.irr')}
            </Term>,
            <Term key="discountedPayback" id="discountedPayback">
              {t('returns.payback')}
            </Term>,
          ]}
          numericFrom={1}
        >
          <tbody>
            {table.returns.map((r) => (
              <tr key={r.comparator} data-testid={`returns-${r.comparator}`}>
                <th scope="row">
                  {t(`returns.vs.${r.comparator}`)}
                  {r.eligible ? null : (
                    <span className="finance__muted">
                      {t('common:join.bracketed', { note: t('cash.notAllowed') })}
                    </span>
                  )}
                </th>
                <td className="num">{num(r.npvAdvantage)}</td>
                <td className="num" data-testid={`irr-${r.comparator}`}>
                  {irrText(t, r.irr, locale)}
                </td>
                <td className="num" data-testid={`discounted-payback-${r.comparator}`}>
                  {paybackText(t, r.payback, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ScrollRegion>
    </>
  );
}
