import type { TFunction } from 'i18next';
import { WEEKLY_CURVE_WEEKS } from '../engine';
import { formatNumber, type Locale } from '../lib/format';
import type { ClusterLogError, ClusterLogNotes } from '../scenario/cluster-log-types';

/** A reader's error in the reader's language, with its line and column. */
export function clusterLogErrorText(t: TFunction, error: ClusterLogError, locale: Locale): string {
  const n = (v: number | undefined) => (v === undefined ? '' : formatNumber(v, locale));
  return t(`scenarios:clusterLogs.errors.${error.code}`, {
    line: n(error.line),
    column: error.column ?? '',
    value: error.value ?? '',
    expected: n(error.expected),
    weeks: n(error.weeks),
    max: n(WEEKLY_CURVE_WEEKS.max),
    gpus: error.gpus === undefined ? '' : formatNumber(error.gpus, locale, 1),
    limit: n(error.limit),
  });
}

const NOTE_KEYS = [
  'runningJobs',
  'notStartedJobs',
  'jobSteps',
  'cpuOnlyJobs',
  'samplesWithoutValue',
] as const satisfies readonly (keyof ClusterLogNotes)[];

/** What the reader left out or completed, one sentence each, only for what happened. */
export function clusterLogNoteTexts(t: TFunction, notes: ClusterLogNotes, locale: Locale): string[] {
  return NOTE_KEYS.filter((key) => notes[key] > 0).map((key) =>
    t(`scenarios:clusterLogs.notes.${key}`, { n: formatNumber(notes[key], locale) }),
  );
}
