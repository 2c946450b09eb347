import { displacedScenario, presetIdOf } from './start-up';
import { type AppStore, sameData } from './store';
import { readBudgetFromHash, readDisplayFromHash, readScenarioFromHash, type UrlSync } from './url-sync';

/**
 * A link pasted into the address bar of an open tab (a hashchange). It opens as one undo step, the
 * scenario and its exchange rate together (never an intermediate state that did not exist), with the
 * scenario it replaced offered back. One that does not open is reported, and the address goes back
 * to the scenario still shown, so a reload never loses the edits the damaged link would have hidden.
 * An address without a scenario (a bare section link) gets the scenario written back beside it.
 */
export function openPastedLink(
  store: AppStore,
  location: Pick<Location, 'hash' | 'href'>,
  address: Pick<UrlSync, 'writeNow'>,
): void {
  const read = readScenarioFromHash(location.hash);
  if (read === null) {
    address.writeNow();
    return;
  }
  const state = store.getState();
  if (!read.ok) {
    state.setNotice({ kind: 'linkError', error: read.error, issues: read.issues, link: location.href });
    address.writeNow();
    return;
  }
  const previous = {
    scenario: state.scenario,
    currency: state.currency,
    cnyPerUsd: state.cnyPerUsd,
    presetId: state.presetId,
  };
  const display = readDisplayFromHash(location.hash);
  // Cleared first: the door may report dollars it had to drop from the link.
  state.setNotice(null);
  const result = state.commitScenario(read.scenario, {
    source: 'link',
    // A link does not say which preset it was made from: it is known when the link is one, untouched,
    // and the same scenario again keeps what was known.
    presetId: sameData(read.scenario, state.scenario) ? state.presetId : presetIdOf(read.scenario),
    ...(display.cnyPerUsd === undefined ? {} : { cnyPerUsd: display.cnyPerUsd }),
  });
  if (!result.ok) {
    state.setNotice({ kind: 'linkError', error: 'invalid', issues: result.issues, link: location.href });
    address.writeNow();
    return;
  }
  if (display.currency) state.setCurrency(display.currency);
  if (read.notes) state.setNotice({ kind: 'upgraded', notes: read.notes });
  const budget = readBudgetFromHash(location.hash);
  if (budget.kind === 'frozen') {
    state.setBudget(budget.stamp, budget.actuals === 'damaged' ? null : budget.actuals);
    if (budget.actuals === 'damaged')
      state.setNotice({ kind: 'budgetActualsDamaged', label: budget.stamp.label });
  }
  if (budget.kind === 'mismatch') state.setNotice({ kind: 'budgetMismatch', label: budget.label });
  const displaced = displacedScenario(previous, read.scenario);
  state.setOffer(displaced ? { kind: 'replaced', previous: displaced } : null);
}
