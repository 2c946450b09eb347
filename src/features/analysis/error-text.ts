import type { TFunction } from 'i18next';
import type { AnalysisKind } from '../../workers/messages';
import type { AnalysisState } from '../../workers/use-analysis';

/** The worker's failure as the analysis cards word it, or null while it has not failed. */
export function analysisErrorText(
  state: Pick<AnalysisState<AnalysisKind>, 'status' | 'error'>,
  t: TFunction,
): string | null {
  return state.status === 'error' && state.error
    ? t('error', { ns: 'analysis', message: state.error })
    : null;
}
