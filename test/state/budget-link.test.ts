import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import { decodeScenarioHash, encodeScenarioHash } from '../../src/scenario';
import { type BudgetStamp, canonicalJson, stampToParam } from '../../src/scenario/budget-stamp';
import type { StoredActuals } from '../../src/scenario/stored-actuals';
import { textHash } from '../../src/scenario/text-hash';
import { openPastedLink } from '../../src/state/pasted-link';
import { planStart } from '../../src/state/start-up';
import { createAppStore, isFrozenView } from '../../src/state/store';
import { appHash, readBudgetFromHash, shownActuals, shownStamp } from '../../src/state/url-sync';

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
    expect(readBudgetFromHash(`#${hash}`)).toEqual({ kind: 'frozen', stamp, actuals: null });
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

describe('a frozen version’s actuals in its link', () => {
  const actuals: StoredActuals = {
    file: 'bills.csv',
    importedAt: '2027-04-02T08:00:00.000Z',
    firstMonth: '2027-01',
    bills: {
      monthKind: 'calendar',
      rows: 1,
      usdRows: 0,
      months: [
        {
          month: '2027-01',
          way: 'platform',
          spendByCategoryCny: { compute: 31_000, energy: 0, time: 0, ops: 0, failure: 0, iteration: 0 },
          heldGpuHours: 1_000,
          usefulGpuHours: 900,
        },
      ],
    },
  };

  it('travels compressed beside the stamp and reads back equal', () => {
    const hash = appHash(scenario, display, stamp, actuals);
    const param = new URLSearchParams(hash).get('a');
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    // Compressed: shorter than the JSON it carries.
    expect(param?.length).toBeLessThan(JSON.stringify(actuals).length);
    expect(readBudgetFromHash(`#${hash}`)).toEqual({ kind: 'frozen', stamp, actuals });
  });

  it('is never written without the stamp (a draft’s link carries neither)', () => {
    expect(appHash(scenario, display, null, actuals)).not.toContain('&a=');
  });

  it('damaged actuals are said, and the version still opens as frozen', () => {
    const hash = `${appHash(scenario, display, stamp)}&a=not-deflate`;
    expect(readBudgetFromHash(hash)).toEqual({ kind: 'frozen', stamp, actuals: 'damaged' });
    const plan = planStart(
      decodeScenarioHash(hash),
      {},
      { kind: 'none' },
      `https://x/#${hash}`,
      readBudgetFromHash(hash),
    );
    expect(plan.budget).toEqual(stamp);
    expect(plan.budgetActuals).toBeUndefined();
    expect(plan.notice).toEqual({ kind: 'budgetActualsDamaged', label: 'Budget FY27' });
  });

  it('actuals that inflate but do not validate are damaged too', () => {
    const bad = { ...actuals, firstMonth: 'January' };
    const hash = appHash(scenario, display, stamp, bad as StoredActuals);
    expect(readBudgetFromHash(hash)).toEqual({ kind: 'frozen', stamp, actuals: 'damaged' });
  });

  it('start-up opens the version with the link’s actuals, and the store writes them back only while it is shown frozen', () => {
    const hash = appHash(scenario, display, stamp, actuals);
    const plan = planStart(
      decodeScenarioHash(hash),
      {},
      { kind: 'none' },
      `https://x/#${hash}`,
      readBudgetFromHash(hash),
    );
    expect(plan.budgetActuals).toEqual(actuals);
    const store = createAppStore();
    store.getState().commitScenario(scenario, { source: 'link' });
    store.getState().setBudget(stamp, plan.budgetActuals);
    expect(shownActuals(store.getState())).toEqual(actuals);
    store
      .getState()
      .commitScenario((s) => ({ ...s, horizonMonths: s.horizonMonths + 12 }), { source: 'field' });
    expect(shownActuals(store.getState())).toBeNull();
  });
});

describe('a version’s actuals and undo', () => {
  it('belong to the version: undo and redo across its edits keep the actuals read in a draft', () => {
    const actuals: StoredActuals = {
      file: 'bills.csv',
      importedAt: '2027-04-02T08:00:00.000Z',
      firstMonth: '2027-01',
      bills: { monthKind: 'calendar', rows: 0, usdRows: 0, months: [] },
    };
    const store = createAppStore();
    store.getState().commitScenario(scenario, { source: 'link' });
    store.getState().setBudget(stamp);
    store
      .getState()
      .commitScenario((s) => ({ ...s, horizonMonths: s.horizonMonths + 12 }), { source: 'field' });
    store.getState().setBudgetActuals(actuals);
    store.getState().undo();
    expect(isFrozenView(store.getState())).toBe(true);
    expect(store.getState().budget?.actuals).toEqual(actuals);
    expect(shownActuals(store.getState())).toEqual(actuals);
    store.getState().redo();
    expect(store.getState().budget?.actuals).toEqual(actuals);
  });
});
