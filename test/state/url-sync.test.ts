import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import { decodeScenarioHash, encodeScenarioHash } from '../../src/scenario';
import { createAppStore } from '../../src/state/store';
import {
  readDisplayFromHash,
  readScenarioFromHash,
  shareUrlFor,
  startUrlSync,
  URL_WRITE_DELAY_MS,
} from '../../src/state/url-sync';

function fakeWindow() {
  const timers = new Map<number, () => void>();
  let next = 1;
  const calls: string[] = [];
  return {
    calls,
    flush: () => {
      for (const [id, fn] of [...timers]) {
        timers.delete(id);
        fn();
      }
    },
    pending: () => timers.size,
    options: {
      location: { hash: '', pathname: '/app/', search: '' },
      history: {
        replaceState: (_d: unknown, _t: string, url?: string | URL | null) => calls.push(String(url)),
      },
      setTimeout: (fn: () => void, ms: number) => {
        expect(ms).toBe(URL_WRITE_DELAY_MS);
        const id = next++;
        timers.set(id, fn);
        return id;
      },
      clearTimeout: (id: number) => timers.delete(id),
    },
  };
}

describe('address sync', () => {
  it('writes the address at start, at once on a change after a quiet spell, then once after a burst of changes', () => {
    const store = createAppStore();
    const w = fakeWindow();
    let clock = 1_000;
    startUrlSync(store, { ...w.options, now: () => clock });
    expect(w.calls).toHaveLength(1);
    // A burst 10 ms apart: the first change is written at once (a reload right after keeps it), the
    // rest once after the pause.
    for (const rate of [0.1, 0.2, 0.3, 0.4]) {
      store.getState().setLoadRate(rate);
      clock += 10;
    }
    expect(w.calls).toHaveLength(2);
    expect(decodeScenarioHash(w.calls[1]!.split('#')[1]!)).toMatchObject({ ok: true });
    expect(w.pending()).toBe(1);
    w.flush();
    expect(w.calls).toHaveLength(3);
    // A change after a quiet spell is written at once, with nothing left pending.
    clock += URL_WRITE_DELAY_MS;
    store.getState().setLoadRate(0.6);
    expect(w.calls).toHaveLength(4);
    expect(w.pending()).toBe(0);
    expect(decodeScenarioHash(w.calls[3]!.split('#')[1]!)).toEqual({
      ok: true,
      scenario: store.getState().scenario,
    });
    store.getState().setLoadRate(0.4);
    w.flush();
    const hash = w.calls.at(-1)!.split('#')[1]!;
    expect(w.calls.at(-1)!.startsWith('/app/#s=2.')).toBe(true);
    expect(decodeScenarioHash(hash)).toEqual({ ok: true, scenario: store.getState().scenario });
  });

  it('carries the currency and exchange rate in the address, but not the language', () => {
    const store = createAppStore();
    const w = fakeWindow();
    startUrlSync(store, w.options);
    store.getState().setCurrency('USD');
    store.getState().setCnyPerUsd(7.05);
    w.flush();
    const hash = w.calls.at(-1)!.split('#')[1]!;
    expect(readDisplayFromHash(hash)).toEqual({ currency: 'USD', cnyPerUsd: 7.05 });
    const before = w.calls.length;
    store.getState().setLocale('zh-CN');
    w.flush();
    expect(w.calls).toHaveLength(before);
  });

  it('ignores display settings in the address that are missing or out of range', () => {
    expect(readDisplayFromHash('#s=1.x&cur=EUR&fx=0')).toEqual({});
    expect(readDisplayFromHash('#s=1.x&fx=abc')).toEqual({});
    expect(readDisplayFromHash('#s=1.x&fx=')).toEqual({});
    expect(readDisplayFromHash('')).toEqual({});
  });

  it('reads a scenario from the hash, reports a damaged one, and ignores a hash without one', () => {
    expect(readScenarioFromHash(`#${encodeScenarioHash(presets.steadyLab!)}`)).toEqual({
      ok: true,
      scenario: presets.steadyLab,
    });
    expect(readScenarioFromHash('#s=1.broken')).toMatchObject({ ok: false });
    expect(readScenarioFromHash('')).toBeNull();
  });

  it('builds a share link that decodes to the scenario', () => {
    const url = shareUrlFor(
      presets.seedTeam!,
      { currency: 'CNY', cnyPerUsd: 7.2 },
      {
        origin: 'http://localhost:4173',
        pathname: '/',
        search: '',
      },
    );
    expect(url.startsWith('http://localhost:4173/#s=2.')).toBe(true);
    expect(decodeScenarioHash(new URL(url).hash)).toEqual({ ok: true, scenario: presets.seedTeam });
  });
});

describe('a rejected link in the address', () => {
  it('is left in the address until the scenario changes, then replaced by the current scenario', () => {
    const store = createAppStore();
    const w = fakeWindow();
    startUrlSync(store, { ...w.options, keepAddressUntilChange: true });
    expect(w.calls).toEqual([]);
    store.getState().setLoadRate(0.5);
    w.flush();
    expect(w.calls).toHaveLength(1);
    expect(decodeScenarioHash(w.calls[0]!.split('#')[1]!)).toEqual({
      ok: true,
      scenario: store.getState().scenario,
    });
  });
});
