import type { TFunction } from 'i18next';
import {
  hardwarePresetOf,
  type PriceShape,
  pathPresetOf,
  type Scenario,
  steadyShapeDecline,
  termPresetOf,
} from '../engine';
import { formatPercent, type Locale } from '../lib/format';

/**
 * The price path's name and source as a reader sees them (model v4): a preset by its name, a steady
 * rate by its rate (a rise said as one), a file by its name. Keys are in the `common` namespace.
 */
export function pricePathName(shape: PriceShape, t: TFunction): string {
  if (shape.preset === 'shortage' || shape.preset === 'observed')
    return t(`common:pricePath.presets.${shape.preset}`);
  return t('common:pricePath.presets.imported', { name: shape.name });
}

/** A term path's name (a preset's term points, a steady rate's, or a file's name). */
export function termPathName(shape: PriceShape, t: TFunction, locale: Locale): string {
  if (shape.preset === 'shortage' || shape.preset === 'observed')
    return t(`common:pricePath.term.presets.${shape.preset}`);
  const decline = steadyShapeDecline(shape);
  if (decline !== null)
    return t('common:pricePath.term.presets.steady', { rate: steadyRateText(decline, t, locale) });
  return t('common:pricePath.term.presets.imported', { name: shape.name });
}

/** The scenario's term path: its name and source ("same as on demand" when terms follow it). */
export function scenarioTermPathText(
  finance: Scenario['finance'],
  t: TFunction,
  locale: Locale,
): { name: string; source: string } {
  const preset = termPresetOf(finance.termPriceShape);
  if (preset === 'imported') {
    const shape = finance.termPriceShape as PriceShape;
    return { name: termPathName(shape, t, locale), source: shape.source };
  }
  return {
    name:
      preset === 'steady'
        ? termPathName(finance.termPriceShape as PriceShape, t, locale)
        : t(`common:pricePath.term.presets.${preset}`),
    source: t(`common:pricePath.term.sources.${preset}`),
  };
}

/**
 * The path a verdict rests on, in one or two sentences: "Price path: …", and "Term prices follow …" when
 * terms have a path of their own (then "Hardware bought later follows …", "Resale follows …" when
 * hardware has paths of its own) — said in the same sentence when both are one preset's ("…; terms
 * +30 %"), so the verdict paragraph keeps its length (the PDF's page 1 holds its risks).
 */
export function pricePathSentences(finance: Scenario['finance'], t: TFunction, locale: Locale): string {
  const name = scenarioPathText(finance, t, locale).name;
  const term = finance.termPriceShape;
  const preset = finance.gpuTimePriceShape?.preset;
  // Sentences run on without a space in Chinese.
  const sep = locale === 'zh-CN' ? '' : ' ';
  // Hardware on paths of its own is said after GPU-time's (nothing when it is at today's price).
  const hardware = hardwarePathSentences(finance, t, locale, sep);
  const withHardware = (text: string) => (hardware ? `${text}${sep}${hardware}` : text);
  if (term !== null && (preset === 'shortage' || preset === 'observed') && termPresetOf(term) === preset)
    return withHardware(
      t('common:pricePath.onPathWithTerms', { name, terms: t(`common:pricePath.term.short.${preset}`) }),
    );
  const sentence = t('common:pricePath.onPath', { name });
  const termSentence = termPathSentence(finance, t, locale);
  return withHardware(termSentence ? `${sentence}${sep}${termSentence}` : sentence);
}

/** "Term prices follow …" when terms have a path of their own; null when they follow on demand. */
export function termPathSentence(finance: Scenario['finance'], t: TFunction, locale: Locale): string | null {
  if (finance.termPriceShape === null) return null;
  return t('common:pricePath.term.onPath', { name: scenarioTermPathText(finance, t, locale).name });
}

/** The scenario's path: its name and its source (a file's stated source; none for a custom rate). */
export function scenarioPathText(
  finance: Scenario['finance'],
  t: TFunction,
  locale: Locale,
): { name: string; source: string } {
  const preset = pathPresetOf(finance.gpuTimePriceDeclineFractionPerYear, finance.gpuTimePriceShape);
  if (preset === 'custom') {
    const d = finance.gpuTimePriceDeclineFractionPerYear;
    return {
      name: t('common:pricePath.presets.custom', { rate: steadyRateText(d, t, locale) }),
      source: '',
    };
  }
  if (preset === 'imported') {
    const shape = finance.gpuTimePriceShape as PriceShape;
    return { name: pricePathName(shape, t), source: shape.source };
  }
  return { name: t(`common:pricePath.presets.${preset}`), source: t(`common:pricePath.sources.${preset}`) };
}

/** A steady yearly change in words: "−12 %/yr" for a decline, "+5 %/yr" for a rise. */
export function steadyRateText(decline: number, t: TFunction, locale: Locale): string {
  const whole = Math.abs(decline * 100 - Math.round(decline * 100)) < 1e-9;
  const value = formatPercent(Math.abs(decline), locale, whole ? 0 : 1);
  return t(decline < 0 ? 'common:pricePath.rise' : 'common:pricePath.fall', { value });
}

/** A hardware or resale path's name (a preset's, a steady rate's, or a file's). */
export function hardwarePathName(
  shape: PriceShape,
  market: 'hardware' | 'resale',
  t: TFunction,
  locale: Locale,
): string {
  if (shape.preset === 'shortage' || shape.preset === 'observed')
    return t(`common:pricePath.${market}.presets.${shape.preset}`);
  const decline = steadyShapeDecline(shape);
  if (decline !== null)
    return t(`common:pricePath.${market}.presets.steady`, { rate: steadyRateText(decline, t, locale) });
  return t(`common:pricePath.${market}.presets.imported`, { name: shape.name });
}

/**
 * The scenario's hardware or resale path: its name and source (today's price for hardware without a
 * path; for resale without one, "same as hardware").
 */
export function scenarioHardwarePathText(
  finance: Scenario['finance'],
  market: 'hardware' | 'resale',
  t: TFunction,
  locale: Locale,
): { name: string; source: string } {
  const shape = market === 'hardware' ? finance.hardwarePriceShape : finance.resalePriceShape;
  const preset = hardwarePresetOf(shape);
  if (preset === 'imported') {
    const own = shape as PriceShape;
    return { name: hardwarePathName(own, market, t, locale), source: own.source };
  }
  if (preset === 'steady')
    return {
      name: hardwarePathName(shape as PriceShape, market, t, locale),
      source: t(`common:pricePath.${market}.sources.steady`),
    };
  return {
    name: t(`common:pricePath.${market}.presets.${preset}`),
    // The presets' sources are the hardware prices they replay, for either market.
    source: t(`common:pricePath.${preset === 'none' ? market : 'hardware'}.sources.${preset}`),
  };
}

/**
 * "Hardware bought later follows …" and "Resale follows …" for the paths a scenario has (none when
 * hardware is at today's price and resale follows it).
 */
export function hardwarePathSentences(
  finance: Scenario['finance'],
  t: TFunction,
  locale: Locale,
  sep = ' ',
): string | null {
  const sentences: string[] = [];
  if (finance.hardwarePriceShape !== null)
    sentences.push(
      t('common:pricePath.hardware.onPath', {
        name: scenarioHardwarePathText(finance, 'hardware', t, locale).name,
      }),
    );
  if (finance.resalePriceShape !== null)
    sentences.push(
      t('common:pricePath.resale.onPath', {
        name: scenarioHardwarePathText(finance, 'resale', t, locale).name,
      }),
    );
  return sentences.length > 0 ? sentences.join(sep) : null;
}
