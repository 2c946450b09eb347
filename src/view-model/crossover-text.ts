import type { TFunction } from 'i18next';
import { formatPercent, type MoneyFormat } from '../lib/format';
import { comparatorName, neverText } from './comparison-text';
import type { CrossoverNote } from './crossover-chart';

/**
 * The one wording of the crossover chart's notes (crossover-chart.ts emits them as codes), used by
 * the dashboard's chart and by the PDF's. Keys are in the `charts` namespace; rates to one decimal.
 */
export function crossoverNoteText(note: CrossoverNote, money: MoneyFormat, t: TFunction): string {
  const pct = (fraction: number) => formatPercent(fraction, money.locale, 1);
  switch (note.code) {
    case 'omitted':
      return t('charts:omittedNote', {
        name: t(`charts:strategy.${note.strategy}`),
        reason: t(`charts:ineligible.${note.reason}`),
      });
    case 'noRental':
      return t('charts:noRentalNote');
    case 'never':
      return t('charts:crossover.neverNote', {
        comparator: comparatorName(note.comparison.comparator, t),
        never: neverText(note.comparison, money, t),
      });
    case 'zero':
      return t('charts:crossover.zeroNote', { comparator: comparatorName(note.comparator, t) });
    case 'meet':
      return t('charts:crossover.meetNote', {
        comparator: comparatorName(note.comparator, t),
        rate: pct(note.loadRate),
      });
    case 'reach':
      return t(note.onPrem ? 'charts:crossover.reachNoteOnPrem' : 'charts:crossover.reachNote', {
        rate: pct(note.loadRate),
      });
    case 'band': {
      const values = {
        comparator: comparatorName(note.comparator, t),
        p10: pct(note.p10),
        p90: pct(note.p90),
      };
      return note.crossingShare === undefined
        ? t('charts:crossover.bandNoteAll', values)
        : t('charts:crossover.bandNote', { ...values, share: pct(note.crossingShare) });
    }
    case 'current':
      return t(note.onChart ? 'charts:crossover.currentNote' : 'charts:crossover.currentAboveNote', {
        rate: pct(note.loadRate),
      });
  }
}
