import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine';
import {
  decodeScenarioHash,
  encodeScenarioHash,
  moneyInputShown,
  parseScenario,
  repriceUsdInputs,
  withMoneyInput,
} from '../../src/scenario';
import { createAppStore } from '../../src/state/store';
import { makeScenario } from '../factories';

const PATH = 'rent.priceCnyPerServerHour';

describe('money inputs in either currency', () => {
  it('keeps dollars exactly as typed and the CNY field at dollars × the rate', () => {
    const s = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7.2);
    expect(s.usdInputs).toEqual({ [PATH]: 55.04 });
    expect(s.rent.priceCnyPerServerHour).toBe(55.04 * 7.2);
    expect(moneyInputShown(s, PATH, 'USD', 7.2)).toBe(55.04);
    expect(moneyInputShown(s, PATH, 'CNY', 7.2)).toBe(55.04 * 7.2);
  });

  it('typing the amount in CNY forgets the dollars typed before', () => {
    const usd = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7.2);
    const cny = withMoneyInput(usd, PATH, 100, 'CNY', 7.2);
    expect(cny.usdInputs).toEqual({});
    expect(cny.rent.priceCnyPerServerHour).toBe(100);
  });

  it('a new exchange rate moves the CNY value of dollar inputs only', () => {
    const s = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7.2);
    const at7 = repriceUsdInputs(s, 7);
    expect(at7.rent.priceCnyPerServerHour).toBe(55.04 * 7);
    expect(at7.platform.priceCnyPerGpuHour).toBe(s.platform.priceCnyPerGpuHour);
    expect(moneyInputShown(at7, PATH, 'USD', 7)).toBe(55.04);
  });

  it('a link reproduces the typed dollars and the same numbers', () => {
    const s = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7.2);
    const decoded = decodeScenarioHash(encodeScenarioHash(s));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.scenario.usdInputs[PATH]).toBe(55.04);
    expect(evaluate(decoded.scenario).strategies.rent.monthlyCny).toBe(
      evaluate(s).strategies.rent.monthlyCny,
    );
  });

  it('the schema refuses dollars recorded for an input that is not money', () => {
    const r = parseScenario({ ...makeScenario(), usdInputs: { 'rent.utilization': 0.5 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ path: 'usdInputs.rent.utilization', code: 'notMoney' });
  });

  it('the store changes the rate and the dollar inputs in one undoable step, and refuses an out-of-range result', () => {
    const store = createAppStore();
    store.getState().commitScenario((s) => withMoneyInput(s, PATH, 55.04, 'USD', 7.2), { source: 'field' });
    const changed = store.getState().setCnyPerUsd(7);
    expect(changed.ok).toBe(true);
    expect(store.getState().scenario.rent.priceCnyPerServerHour).toBe(55.04 * 7);
    store.getState().undo();
    expect(store.getState().cnyPerUsd).toBe(7.2);
    expect(store.getState().scenario.rent.priceCnyPerServerHour).toBe(55.04 * 7.2);
    // 55.04 USD × 100 CNY/USD is 5,504 CNY per server-hour, above the 2,000 allowed: refused, nothing changes.
    const refused = store.getState().setCnyPerUsd(100);
    expect(refused.ok).toBe(false);
    expect(store.getState().cnyPerUsd).toBe(7.2);
    expect(store.getState().scenario.rent.priceCnyPerServerHour).toBe(55.04 * 7.2);
  });

  it('the door drops dollars that are not their CNY value at the rate, keeps the CNY value, and a rate change no longer moves it', () => {
    const store = createAppStore();
    const typed = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7.2);
    // A candidate whose CNY value moved while its dollars stayed (a catalogue pick before the fix).
    const picked = { ...typed, rent: { ...typed.rent, priceCnyPerServerHour: 300 } };
    const result = store.getState().commitScenario(picked, { source: 'choice' });
    expect(result).toMatchObject({ ok: true, droppedUsd: [PATH] });
    expect(store.getState().scenario.usdInputs).toEqual({});
    expect(moneyInputShown(store.getState().scenario, PATH, 'USD', 7.2)).toBeCloseTo(300 / 7.2, 9);
    store.getState().setCnyPerUsd(7);
    expect(store.getState().scenario.rent.priceCnyPerServerHour).toBe(300);
    // A control's own change is not news: only outside data gets a notice.
    expect(store.getState().notice).toBeNull();
  });

  it('a link or file whose dollars disagree with its CNY values opens on the CNY values, with a notice naming the inputs', () => {
    const store = createAppStore();
    const typed = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7);
    const result = store.getState().commitScenario(typed, { source: 'import' });
    expect(result).toMatchObject({ ok: true, droppedUsd: [PATH] });
    expect(store.getState().scenario.rent.priceCnyPerServerHour).toBe(55.04 * 7);
    expect(store.getState().notice).toEqual({ kind: 'usdReconciled', paths: [PATH] });
  });

  it('a link committed with its own exchange rate keeps its dollars and takes the rate in the same step', () => {
    const store = createAppStore();
    const before = store.temporal.getState().pastStates.length;
    const typed = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7);
    const result = store.getState().commitScenario(typed, { source: 'link', cnyPerUsd: 7 });
    expect(result.ok && result.droppedUsd).toBeFalsy();
    expect(store.getState().cnyPerUsd).toBe(7);
    expect(store.getState().scenario.usdInputs).toEqual({ [PATH]: 55.04 });
    expect(store.temporal.getState().pastStates.length).toBe(before + 1);
    expect(store.getState().notice).toBeNull();
  });

  it('a store opened on a link checks its dollars against the link’s rate', () => {
    const typed = withMoneyInput(makeScenario(), PATH, 55.04, 'USD', 7);
    expect(createAppStore({ scenario: typed, cnyPerUsd: 7 }).getState().scenario.usdInputs).toEqual({
      [PATH]: 55.04,
    });
    const wrongRate = createAppStore({ scenario: typed, cnyPerUsd: 7.2 }).getState();
    expect(wrongRate.scenario.usdInputs).toEqual({});
    expect(wrongRate.scenario.rent.priceCnyPerServerHour).toBe(55.04 * 7);
    expect(wrongRate.notice).toEqual({ kind: 'usdReconciled', paths: [PATH] });
  });
});
