import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withIsolatedName } from '../../components/isolated-name';
import { defaultScenario } from '../../engine';
import { useAppStore, useAppStoreApi } from '../../state/store-context';
import { scenarioTitle } from '../../view-model/scenario-name';

/** The preset the app opens on when there is nothing to resume (engine `defaultScenario`). */
const EXAMPLE_PRESET_ID = 'seedTeam';

/**
 * Where the scenario came from, when that matters (issue 21): resumed from the last visit, with
 * "Start from an example"; or replaced by a link, with "Restore my previous scenario". Both act
 * through the one door as one undo step, so Undo goes back as well.
 */
export function ResumeOffer() {
  const { t } = useTranslation(['scenarios', 'common']);
  const store = useAppStoreApi();
  const offer = useAppStore((s) => s.offer);
  const name = useAppStore((s) => scenarioTitle(s.scenario, t));
  const [done, setDone] = useState<string | null>(null);

  const dismiss = () => store.getState().setOffer(null);

  const startExample = () => {
    const result = store
      .getState()
      .commitScenario(defaultScenario, { source: 'resume', presetId: EXAMPLE_PRESET_ID });
    if (!result.ok) return;
    dismiss();
    setDone(t('resume.startedExample'));
  };

  const restore = () => {
    if (offer?.kind !== 'replaced') return;
    const { previous } = offer;
    const state = store.getState();
    const result = state.commitScenario(previous.scenario, {
      source: 'resume',
      cnyPerUsd: previous.cnyPerUsd,
      presetId: previous.presetId,
    });
    if (!result.ok) return;
    state.setCurrency(previous.currency);
    dismiss();
    setDone(t('resume.restored'));
  };

  return (
    <div role="status" className="resume-offer">
      {offer?.kind === 'resumed' ? (
        <div className="notice" data-testid="resume-offer">
          <div className="notice__text">
            <p className="notice__title">
              {withIsolatedName((n) => t('resume.resumedTitle', { name: n }), name)}
            </p>
            <p>{t('resume.resumedHint')}</p>
          </div>
          <button type="button" className="button button--primary" onClick={startExample}>
            {t('resume.startExample')}
          </button>
          <button type="button" className="button" onClick={dismiss}>
            {t('resume.dismiss')}
          </button>
        </div>
      ) : null}
      {offer?.kind === 'replaced' ? (
        <div className="notice" data-testid="resume-offer">
          <div className="notice__text">
            <p className="notice__title">
              {withIsolatedName(
                (n) => t('resume.replacedTitle', { name: n }),
                scenarioTitle(offer.previous.scenario, t),
              )}
            </p>
            <p>{t('resume.replacedHint')}</p>
          </div>
          <button type="button" className="button button--primary" onClick={restore}>
            {t('resume.restore')}
          </button>
          <button type="button" className="button" onClick={dismiss}>
            {t('resume.dismiss')}
          </button>
        </div>
      ) : null}
      {offer === null && done !== null ? (
        <p className="notice notice--ok">
          <span>{done}</span>
          <button type="button" className="button" onClick={() => setDone(null)}>
            {t('resume.dismiss')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
