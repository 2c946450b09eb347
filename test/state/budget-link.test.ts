import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import { decodeScenarioHash, encodeScenarioHash } from '../../src/scenario';
import { type BudgetStamp, canonicalJson, stampToParam } from '../../src/scenario/budget-stamp';
import { textHash } from '../../src/scenario/text-hash';
import { openPastedLink } from '../../src/state/pasted-link';
import { planStart } from '../../src/state/start-up';
import { createAppStore, isFrozenView } from '../../src/state/store';
import { appHash, readBudgetFromHash, shownStamp } from '../../src/state/url-sync';

const display = { currency: 'CNY' as const, cnyPerUsd: 7.2 };
const scenario = { ...presets.largeLab!, name: 'Budget FY27 · v1' };
// The fingerprint worked out here from its definition: FNV-1a of the canonical JSON.
const stamp: BudgetStamp = {
  budgetId: 'fy27',
  label: 'Budget FY27',
  version: 1,
  frozenAt: '2026-12-03T09:00:00.000Z',
  preparedBy: 'Li Wei',
  hash: textHash(canonicalJson(scenario)),
};

describe('a frozen version in a link', () => {
  it('carries its stamp beside the scenario and reads back as that frozen version', () => {
    const hash = appHash(scenario, display, stamp);
    expect(hash).toContain(`&b=${encodeURIComponent(stampToParam(stamp))}`);
    expect(readBudgetFromHash(`#${hash}`)).toEqual({ kind: 'frozen', stamp });
    expect(decodeScenarioHash(`#${hash}`)).toEqual({ ok: true, scenario });
  });

  it('a link without a stamp carries none', () => {
    expect(appHash(scenario, display)).not.toContain('&b=');
    expect(readBudgetFromHash(`#${appHash(scenario, display)}`)).toEqual({ kind: 'none' });
  });

  it('a stamp whose fingerprint does not match the figures the link holds is a mismatch, named by its label', () => {
    const edited = { ...scenario, horizonMonths: scenario.horizonMonths + 12 };
    const forged = `${encodeScenarioHash(edited)}&b=${encodeURIComponent(stampToParam(stamp))}`;
    expect(readBudgetFromHash(forged)).toEqual({ kind: 'mismatch', label: 'Budget FY27' });
  });

  it('an unreadable stamp is a mismatch without a label', () => {
    expect(readBudgetFromHash(`${encodeScenarioHash(scenario)}&b=%5B1%2C2%5D`)).toEqual({
      kind: 'mismatch',
      label: null,
    });
  });

  it('start-up opens a matching stamp as the frozen version, and says so when it does not match', () => {
    const resume = { kind: 'none' } as const;
    const good = `#${appHash(scenario, display, stamp)}`;
    const plan = planStart(decodeScenarioHash(good), {}, resume, good, readBudgetFromHash(good));
    expect(plan.budget).toEqual(stamp);
    expect(plan.notice).toBeUndefined();
    const bad = `#${encodeScenarioHash({ ...scenario, name: 'x' })}&b=${encodeURIComponent(stampToParam(stamp))}`;
    const badPlan = planStart(decodeScenarioHash(bad), {}, resume, bad, readBudgetFromHash(bad));
    expect(badPlan.budget).toBeUndefined();
    expect(badPlan.scenario?.name).toBe('x');
    expect(badPlan.notice).toEqual({ kind: 'budgetMismatch', label: 'Budget FY27' });
  });
});

describe('the frozen version in the store', () => {
  it('is frozen while the scenario is the one frozen, a draft after an edit, frozen again after undo', () => {
    const store = createAppStore({ scenario });
    store.getState().setBudget(stamp);
    expect(isFrozenView(store.getState())).toBe(true);
    expect(shownStamp(store.getState())).toEqual(stamp);
    store.getState().commitScenario((s) => ({ ...s, horizonMonths: 48 }), { source: 'field' });
    expect(store.getState().budget?.stamp).toEqual(stamp);
    expect(isFrozenView(store.getState())).toBe(false);
    expect(shownStamp(store.getState())).toBeNull();
    store.getState().undo();
    expect(isFrozenView(store.getState())).toBe(true);
  });

  it('undo back past the version’s opening forgets it; redo brings it back', () => {
    const store = createAppStore();
    const before = store.getState().scenario;
    store.getState().commitScenario(scenario, { source: 'saved' });
    store.getState().setBudget(stamp);
    store.getState().undo();
    expect(store.getState().scenario).toBe(before);
    expect(store.getState().budget).toBeNull();
    store.getState().redo();
    expect(isFrozenView(store.getState())).toBe(true);
  });

  it('undo from one version opened over another brings back the first, its figures and its stamp', () => {
    const store = createAppStore();
    store.getState().commitScenario(scenario, { source: 'saved' });
    store.getState().setBudget(stamp);
    const second = { ...scenario, horizonMonths: 48, name: 'Budget FY27 · v2' };
    store.getState().commitScenario(second, { source: 'saved' });
    store.getState().setBudget({ ...stamp, version: 2, hash: textHash(canonicalJson(second)) });
    store.getState().undo();
    expect(store.getState().scenario).toEqual(scenario);
    expect(store.getState().budget?.stamp).toEqual(stamp);
    expect(isFrozenView(store.getState())).toBe(true);
  });

  it('a version whose figures are not the fingerprinted ones is shown, but its links do not claim the stamp', () => {
    const store = createAppStore({ scenario: { ...scenario, horizonMonths: 24 } });
    store.getState().setBudget(stamp);
    expect(isFrozenView(store.getState())).toBe(true);
    expect(store.getState().budget?.exact).toBe(false);
    expect(shownStamp(store.getState())).toBeNull();
  });

  it('opening another scenario (a preset, a saved entry, a link, a file) forgets the version', () => {
    for (const source of ['preset', 'saved', 'link', 'import', 'resume'] as const) {
      const store = createAppStore({ scenario });
      store.getState().setBudget(stamp);
      store.getState().commitScenario(presets.seedTeam!, { source });
      expect(store.getState().budget).toBeNull();
    }
  });

  it('a refused change keeps the version as it was', () => {
    const store = createAppStore({ scenario });
    store.getState().setBudget(stamp);
    const result = store.getState().commitScenario((s) => ({ ...s, horizonMonths: -1 }), { source: 'link' });
    expect(result.ok).toBe(false);
    expect(isFrozenView(store.getState())).toBe(true);
  });

  it('a pasted link with its stamp opens as the frozen version; one with a wrong stamp says so', () => {
    const store = createAppStore();
    const writes: number[] = [];
    const address = { writeNow: () => writes.push(1) };
    const hash = `#${appHash(scenario, display, stamp)}`;
    openPastedLink(store, { hash, href: `https://x/${hash}` }, address);
    expect(store.getState().budget?.stamp).toEqual(stamp);
    expect(isFrozenView(store.getState())).toBe(true);
    const forged = `#${encodeScenarioHash(presets.seedTeam!)}&b=${encodeURIComponent(stampToParam(stamp))}`;
    openPastedLink(store, { hash: forged, href: `https://x/${forged}` }, address);
    expect(store.getState().budget).toBeNull();
    expect(store.getState().notice).toEqual({ kind: 'budgetMismatch', label: 'Budget FY27' });
  });
});
