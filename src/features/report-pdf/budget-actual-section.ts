import type { TFunction } from 'i18next';
import type { WaterfallBar } from '../../engine';
import { formatMoney, formatMoneyCompact, formatNumber, type MoneyFormat } from '../../lib/format';
import type { BudgetActualReport } from '../../view-model/budget-actuals';
import { reforecastTexts, varianceSentence } from '../../view-model/budget-actuals-text';
import type { ReportSection } from './report-document';

/** The waterfall's size in points, and its colours (the page's: totals in ink, more red, less green). */
const WIDTH = 480;
const HEIGHT = 200;
const MARGIN = { left: 64, right: 8, top: 10, bottom: 28 } as const;
const COLORS = { total: '#374151', up: '#b91c1c', down: '#15803d' } as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The waterfall from budget to actual as SVG (bars from the engine's varianceWaterfall): the budget
 * and the actual from 0, each part floating from where the previous ended. Drawn from data alone,
 * like line-chart-svg.ts.
 */
export function waterfallSvg(
  bars: readonly WaterfallBar[],
  labels: readonly string[],
  money: MoneyFormat,
): string {
  const top = Math.max(...bars.map((b) => Math.max(b.startCny, b.endCny)), 1);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + plotH - (Math.max(0, v) / top) * plotH;
  const slot = plotW / bars.length;
  const shapes = bars.map((b, i) => {
    const x = MARGIN.left + i * slot + slot * 0.15;
    const hi = Math.max(b.startCny, b.endCny);
    const lo = Math.min(b.startCny, b.endCny);
    const color =
      b.kind === 'budget' || b.kind === 'actual'
        ? COLORS.total
        : b.endCny > b.startCny
          ? COLORS.up
          : COLORS.down;
    const h = Math.max(0.5, y(lo) - y(hi));
    const label = escapeXml(labels[i] ?? '');
    return (
      `<rect x="${x.toFixed(2)}" y="${y(hi).toFixed(2)}" width="${(slot * 0.7).toFixed(2)}" height="${h.toFixed(2)}" fill="${color}"/>` +
      `<text x="${(x + slot * 0.35).toFixed(2)}" y="${HEIGHT - 10}" font-size="9" text-anchor="middle" fill="#374151">${label}</text>`
    );
  });
  const ticks = [0, 0.5, 1].map((f) => {
    const v = top * f;
    return (
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${y(v).toFixed(2)}" y2="${y(v).toFixed(2)}" stroke="#e5e7eb"/>` +
      `<text x="${MARGIN.left - 4}" y="${(y(v) + 3).toFixed(2)}" font-size="8" text-anchor="end" fill="#374151">${escapeXml(formatMoneyCompact(v, money))}</text>`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="NotoSansSC">${ticks.join('')}${shapes.join('')}</svg>`;
}

/**
 * "Budget vs actual" (issue 39 item 6): the budget version (name, when frozen, by whom, its
 * fingerprint), the bills compared, the sentence, the waterfall, the table by month and the
 * reforecast with whether the decision still holds — the numbers the Scenarios tab shows, from the
 * same view-model.
 */
export function budgetActualSection(
  input: BudgetActualReport,
  money: MoneyFormat,
  t: TFunction,
): ReportSection {
  const { stamp, comparison: c } = input;
  const locale = money.locale;
  const amount = (v: number) => formatMoney(v, money);
  const total = c.variance.total;
  // A stamp's time is checked for its shape, not its calendar: an impossible date prints as written.
  const date = new Date(stamp.frozenAt);
  const frozen = Number.isNaN(date.getTime())
    ? stamp.frozenAt
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  const text = reforecastTexts(t, c.reforecast, c.lastMonth, money);
  const barLabels = c.waterfall.map((b) => t(`scenarios:actuals.bar.${b.kind}`));
  const row = (label: string, r: typeof total) => [
    label,
    amount(r.budgetSpendCny),
    amount(r.actualSpendCny),
    amount(r.split.differenceCny),
    amount(r.split.volumeCny),
    amount(r.split.efficiencyCny),
    amount(r.split.priceCny),
  ];
  return {
    id: 'budgetActual',
    heading: t('scenarios:actuals.title'),
    blocks: [
      {
        kind: 'facts',
        rows: [
          {
            label: t('scenarios:actuals.report.version'),
            value: t('scenarios:budget.entryName', { label: stamp.label, version: stamp.version }),
          },
          { label: t('scenarios:actuals.report.frozen'), value: frozen },
          ...(stamp.preparedBy
            ? [{ label: t('scenarios:budget.preparedByField'), value: stamp.preparedBy }]
            : []),
          { label: t('scenarios:actuals.report.fingerprint'), value: stamp.hash },
          {
            label: t('scenarios:actuals.report.bills'),
            value: t('scenarios:actuals.report.billsValue', {
              file: input.file,
              rows: formatNumber(input.rows, locale),
              months: formatNumber(c.lastMonth, locale),
            }),
          },
        ],
      },
      {
        kind: 'paragraph',
        style: 'lead',
        text: varianceSentence(t, total.split, c.shares, money, c.lastMonth),
      },
      ...(c.hoursGiven
        ? []
        : [{ kind: 'paragraph' as const, style: 'note' as const, text: t('scenarios:actuals.noHours') }]),
      {
        kind: 'chart',
        title: t('scenarios:actuals.waterfallTitle'),
        svg: waterfallSvg(c.waterfall, barLabels, money),
        width: WIDTH,
        height: HEIGHT,
        legend: [],
        notes: [],
      },
      {
        kind: 'table',
        table: {
          id: 'variance',
          head: ['month', 'budget', 'actual', 'difference', 'volume', 'efficiency', 'price'].map((k) =>
            t(`scenarios:actuals.col.${k}`),
          ),
          body: c.variance.byMonth.map((m) => row(formatNumber(m.month, locale), m)),
          foot: [row(t('scenarios:actuals.total'), total)],
          numericColumns: [1, 2, 3, 4, 5, 6],
          highlightRows: [],
        },
      },
      { kind: 'subheading', text: t('scenarios:actuals.reforecastTitle') },
      { kind: 'list', items: [text.trend, text.year, text.horizon] },
      { kind: 'paragraph', style: 'body', text: text.flip ? `${text.decision} ${text.flip}` : text.decision },
      { kind: 'paragraph', style: 'note', text: t('scenarios:actuals.method') },
    ],
  };
}
