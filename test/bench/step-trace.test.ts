import { stepCosts, type TraceEvent, unionLength } from '../../bench/step-trace.mjs';

const X = (name: string, ts: number, dur: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  pid: 1,
  tid: 1,
  ts,
  dur,
  ...extra,
});
const key = (ts: number, dur: number) => X('EventDispatch', ts, dur, { args: { data: { type: 'keydown' } } });

describe('unionLength', () => {
  it('counts overlapping and nested spans once and gaps not at all', () => {
    expect(unionLength([])).toBe(0);
    expect(
      unionLength([
        [0, 10],
        [5, 8],
        [8, 12],
        [20, 25],
      ]),
    ).toBe(17);
  });
});

describe('stepCosts', () => {
  it("takes the key press's task and the first frame's rendering up to its commit", () => {
    const events = [
      X('RunTask', 1000, 6000),
      key(1100, 5000),
      // First frame: layout, a paint nested in another, the commit; then a second frame, not counted.
      X('Layout', 10_000, 1000),
      X('Paint', 11_000, 800),
      X('Paint', 11_100, 500),
      X('Commit', 12_000, 400),
      X('Layout', 30_000, 2000),
      X('Commit', 33_000, 400),
      // Another thread's frame at the same time is not this page's.
      X('Layout', 10_000, 9000, { tid: 2 }),
    ];
    expect(stepCosts(events)).toEqual([{ taskMs: 6, frameMs: 2.2 }]);
  });

  it('ends each step at the next key press and skips a step with no frame before it', () => {
    const events = [
      X('RunTask', 0, 2000),
      key(100, 1000),
      X('RunTask', 5000, 3000),
      key(5100, 2000),
      X('Paint', 9000, 500),
      X('Commit', 9600, 100),
    ];
    expect(stepCosts(events)).toEqual([{ taskMs: 3, frameMs: 0.6 }]);
  });
});
