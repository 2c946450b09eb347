import type { TFunction } from 'i18next';

/**
 * The glossary: one list of the technical words the app uses, each explained in one sentence in
 * both languages (i18n namespace `glossary`). The page's `<Term>` buttons, the PDF's methodology
 * and the workbook's Glossary sheet all read this list, so a word means the same everywhere.
 * Order: the order the glossary is printed in (cost words first, then finance, then inputs).
 */
export const GLOSSARY_TERMS = [
  'usefulShare',
  'paidGpuHours',
  'usefulGpuHour',
  'pflopHour',
  'loadRate',
  'crossover',
  'rightSize',
  'overflow',
  'capex',
  'residualValue',
  'cashPayback',
  'discountedPayback',
  'npv',
  'irr',
  'priceDecline',
  'relativeSpeed',
  'pue',
  'publishedExample',
] as const;
export type GlossaryTermId = (typeof GLOSSARY_TERMS)[number];

export interface GlossaryEntry {
  id: GlossaryTermId;
  /** The plain word shown on the page. */
  term: string;
  /** The technical name finance or engineering may know it by. */
  technical: string;
  /** One sentence. */
  explanation: string;
}

export function glossaryEntry(id: GlossaryTermId, t: TFunction): GlossaryEntry {
  return {
    id,
    term: t(`glossary:terms.${id}.term`),
    technical: t(`glossary:terms.${id}.technical`),
    explanation: t(`glossary:terms.${id}.explanation`),
  };
}

/** The whole list, in print order. */
export function glossaryEntries(t: TFunction): GlossaryEntry[] {
  return GLOSSARY_TERMS.map((id) => glossaryEntry(id, t));
}

/**
 * One entry as a line of text: "Term (technical name): explanation". No export prints it now (the PDF
 * and the workbook lay the glossary out in columns); the tests hold the join's marks with it.
 * @internal exported for tests
 */
export function glossaryLine(entry: GlossaryEntry, t: TFunction): string {
  const term =
    entry.technical && entry.technical.toLowerCase() !== entry.term.toLowerCase()
      ? t('common:join.nameNote', { name: entry.term, note: entry.technical })
      : entry.term;
  return t('common:join.labelValue', { label: term, value: entry.explanation });
}

/**
 * Assumptions whose name is a glossary word: the field shows the word's "?" beside its label.
 * Keyed by the parameter's input path.
 */
export const PARAMETER_TERMS: Readonly<Record<string, GlossaryTermId>> = {
  'selfBuild.pue': 'pue',
  'selfBuild.residualFraction': 'residualValue',
  'selfBuild.siloedEfficiency': 'usefulShare',
  'selfBuild.pooledEfficiency': 'usefulShare',
  'rent.utilization': 'usefulShare',
  'platform.utilization': 'usefulShare',
  'finance.gpuTimePriceDeclineFractionPerYear': 'priceDecline',
  'finance.discountRateFractionPerYear': 'npv',
};
