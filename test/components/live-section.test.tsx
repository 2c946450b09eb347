// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { LiveSection, OFFSCREEN_SETTLE_MS } from '../../src/components/deferred';

/** A stand-in IntersectionObserver the test drives: `report(true|false)` tells every observer. */
class FakeObserver {
  static all: FakeObserver[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  static report(isIntersecting: boolean) {
    for (const o of FakeObserver.all)
      o.callback([{ isIntersecting } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
}

function Harness() {
  const [value, setValue] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setValue((v) => v + 1)}>
        step
      </button>
      <LiveSection value={value}>
        {(v) => (
          <label>
            shown {v}
            <input aria-label="inside" />
          </label>
        )}
      </LiveSection>
    </>
  );
}

describe('LiveSection', () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('in view, draws each new value in the same render', () => {
    render(<Harness />);
    act(() => FakeObserver.report(true));
    fireEvent.click(screen.getByText('step'));
    expect(screen.getByText('shown 2')).toBeInTheDocument();
  });

  it('out of view, keeps its last drawing until the value has rested, then catches up', () => {
    render(<Harness />);
    act(() => FakeObserver.report(false));
    fireEvent.click(screen.getByText('step'));
    fireEvent.click(screen.getByText('step'));
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(OFFSCREEN_SETTLE_MS - 10));
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getByText('shown 3')).toBeInTheDocument();
  });

  it('scrolled into view, draws the current value at once', () => {
    render(<Harness />);
    act(() => FakeObserver.report(false));
    fireEvent.click(screen.getByText('step'));
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    act(() => FakeObserver.report(true));
    expect(screen.getByText('shown 2')).toBeInTheDocument();
  });

  it('focus inside makes it current before the observer reports it in view', () => {
    render(<Harness />);
    act(() => FakeObserver.report(false));
    fireEvent.click(screen.getByText('step'));
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    fireEvent.focus(screen.getByLabelText('inside'));
    expect(screen.getByText('shown 2')).toBeInTheDocument();
  });
});
