import type { TFunction } from 'i18next';
import {
  type EnergyReport,
  type EnergyYear,
  parameter,
  type Scenario,
  SITE_PRESETS,
  STRATEGY_IDS,
  siteOf,
} from '../../engine';
import { formatNumber, type Locale, type MoneyFormat } from '../../lib/format';
import { yearHeader } from '../../view-model/cash-text';
import { energyOriginText } from '../../view-model/energy-origin-text';
import { energyOrigin, energyRows, runEnergyRows } from '../../view-model/energy-rows';
import type { ReportBlock, ReportSection } from './report-document';
import { parameterText } from './report-text';

/** Fraction digits of the table's figures: the dashboard card's (kWh whole, t to 0.1, embodied t to 0.01). */
export const ENERGY_DIGITS = { kwh: 0, scope2Tonnes: 1, scope3Tonnes: 2, kgPerHour: 3 } as const;

/**
 * A text of the card as this page prints it. The PDF's font (Noto Sans SC) has no subscript digits, so
 * "CO₂e" would print as "CO□e": they are written as plain digits ("CO2e"), as the page's own strings
 * are. And its right single quote is a full-width CJK glyph ("cluster’ s"), so in English it is the
 * plain apostrophe the report's English uses.
 */
export function pdfPlainText(text: string, locale: Locale): string {
  const digits = text.replace(/[₀-₉]/g, (d) => String(d.charCodeAt(0) - 0x2080));
  return locale === 'en' ? digits.replace(/’/g, "'") : digits;
}

/**
 * "Energy and emissions" (issue 40 item 5): the dashboard card's content as a report page. The own
 * cluster's site and the factors in one sentence, a power cap below the cluster's draw said, then one
 * table by way and by year — kWh, t CO₂e of scope 2 and of scope 3 (embodied), each way's total row
 * with its kg CO₂e per useful GPU-hour — the ways whose kWh are mostly the providers' marked as
 * estimates, as on the card (energyRows), and the card's method and sources. Every figure is the
 * engine's energyReport, formatted with src/lib/format.ts in the report's locale. Pure.
 */
export function energySection(
  scenario: Scenario,
  report: EnergyReport,
  money: MoneyFormat,
  translate: TFunction,
): ReportSection {
  const locale = money.locale;
  const t = ((...args: Parameters<TFunction>) =>
    pdfPlainText(String(translate(...args)), locale)) as TFunction;
  const n = (v: number, digits = 0) => formatNumber(v, locale, digits);
  const site = siteOf(scenario);
  const preset = SITE_PRESETS.find((p) => p.id === site);
  const { energy } = scenario;

  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      style: 'body',
      text: t('export:energy.site', {
        site: t(`finance:energy.sites.${site}`),
        price: parameterText(
          parameter('selfBuild.electricityCnyPerKwh'),
          scenario.selfBuild.electricityCnyPerKwh,
          money,
          t,
        ),
        pue: n(scenario.selfBuild.pue, 2),
        grid: n(energy.gridKgCo2ePerKwh, 4),
        providerPue: n(energy.providerPue, 2),
        providerGrid: n(energy.providerGridKgCo2ePerKwh, 4),
        embodied: n(energy.embodiedKgCo2ePerGpu),
      }),
    },
  ];
  // Where the own cluster's power draw comes from: measured by its logs, or the estimate.
  blocks.push({ kind: 'paragraph', style: 'body', text: energyOriginText(energyOrigin(scenario), t, n) });
  // A carbon price moves the own cluster's energy cost: the page says so, with its line per kWh.
  if (energy.carbonPriceCnyPerTonne > 0) {
    blocks.push({
      kind: 'paragraph',
      style: 'body',
      text: t('export:energy.carbonPrice', {
        price: n(energy.carbonPriceCnyPerTonne, 2),
        perKwh: n((energy.carbonPriceCnyPerTonne * energy.gridKgCo2ePerKwh) / 1000, 4),
      }),
    });
  }
  if (report.overPowerCap && energy.powerCapMw !== null) {
    blocks.push({
      kind: 'paragraph',
      style: 'body',
      text: t('finance:energy.overCap', { draw: n(report.ownDrawMw, 2), cap: n(energy.powerCapMw, 2) }),
    });
  }

  const estimated = new Set(
    energyRows(report)
      .filter((r) => r.estimated)
      .map((r) => r.way),
  );
  const figures = (y: Pick<EnergyYear, 'kwh' | 'scope2Kg' | 'scope3Kg'>) => [
    n(y.kwh, ENERGY_DIGITS.kwh),
    n(y.scope2Kg / 1000, ENERGY_DIGITS.scope2Tonnes),
    n(y.scope3Kg / 1000, ENERGY_DIGITS.scope3Tonnes),
  ];
  const body: string[][] = [];
  const totals: number[] = [];
  for (const id of STRATEGY_IDS) {
    const way = report.ways[id];
    const name = t(`common:strategy.${id}`);
    const label = estimated.has(id)
      ? t('export:energy.wayEstimate', { way: name, estimate: t('finance:energy.estimate') })
      : name;
    way.years.forEach((y, i) => {
      body.push([i === 0 ? label : '', yearHeader(t, y), ...figures(y), '']);
    });
    totals.push(body.length);
    body.push([
      way.years.length === 0 ? label : '',
      t('export:energy.total', {
        months: t('common:count.months', { count: way.total.months, value: n(way.total.months) }),
      }),
      ...figures(way.total),
      n(way.kgPerUsefulGpuHour, ENERGY_DIGITS.kgPerHour),
    ]);
  }
  blocks.push(
    { kind: 'paragraph', style: 'note', text: t('export:energy.caption') },
    {
      kind: 'table',
      table: {
        id: 'energy',
        head: [
          t('finance:energy.col.way'),
          t('export:cash.year'),
          t('export:energy.kwh'),
          t('export:energy.scope2'),
          t('export:energy.scope3'),
          t('finance:energy.col.perHour'),
        ],
        body,
        foot: [],
        numericColumns: [2, 3, 4, 5],
        highlightRows: totals,
      },
    },
  );
  if (estimated.size > 0)
    blocks.push({ kind: 'paragraph', style: 'note', text: t('export:energy.estimateNote') });
  // A plan's runs, each with its share of every way's kWh and t CO₂e (the card's second table).
  const runs = runEnergyRows(scenario, report);
  if (runs) {
    blocks.push(
      { kind: 'paragraph', style: 'note', text: t('finance:energy.runs.caption') },
      {
        kind: 'table',
        table: {
          id: 'energyRuns',
          head: [
            t('finance:energy.runs.run'),
            t('finance:energy.runs.gpuHours'),
            ...STRATEGY_IDS.map((id) => t(`common:strategy.${id}`)),
          ],
          body: runs.map((r, i) => [
            r.kind === 'recurring'
              ? t('finance:energy.runs.recurring')
              : r.name.trim() || t('finance:energy.runs.unnamed', { n: i + 1 }),
            n(r.gpuHours),
            ...STRATEGY_IDS.map((id) =>
              t('finance:energy.runs.cell', { kwh: n(r.ways[id].kwh), tonnes: n(r.ways[id].tonnes, 1) }),
            ),
          ]),
          foot: [],
          numericColumns: [1, 2, 3, 4, 5],
          highlightRows: [],
        },
      },
    );
  }
  blocks.push(
    { kind: 'paragraph', style: 'note', text: t('finance:energy.method') },
    {
      kind: 'paragraph',
      style: 'note',
      text: t(preset ? `finance:energy.source.${preset.id}` : 'finance:energy.source.grid'),
    },
    { kind: 'paragraph', style: 'note', text: t('finance:energy.source.factors') },
  );
  return { id: 'energy', heading: t('finance:energy.title'), blocks };
}
