/**
 * Where a slider step's time goes, from a Chromium timeline trace (DevTools protocol, the same
 * `devtools.timeline` events the Performance panel shows): for each of `steps` arrow-key presses on
 * the focused slider,
 * - the task that handled the key press (the script: the page's handlers, the store, React's render
 *   and commit, in one task), and
 * - the rendering work of the first frame after it (style, layout, pre-paint, paint, layerize and the
 *   commit to the compositor), as the union of those events' spans, so nested events count once.
 * The presses are spaced out (`gapMs`), so each frame is the step's own. Diagnostic figures for the
 * docs/performance.md's reasons, taken on the app and on the floor's reference page alike; not budgets.
 */

const FRAME_EVENTS = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit']);

/** Length of the union of [start, end) spans, in the spans' unit. */
export function unionLength(spans) {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [s, e] of sorted) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

/**
 * Per key press: the handling task's duration and the first frame's rendering work (ms), from trace
 * events (`ph: 'X'` complete events with `ts`/`dur` in µs). The thread is the one that dispatched the
 * key presses; the first frame after a task ends with its first compositor `Commit`.
 */
export function stepCosts(events) {
  const keys = events.filter(
    (e) => e.ph === 'X' && e.name === 'EventDispatch' && e.args?.data?.type === 'keydown',
  );
  const out = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const thread = (e) => e.pid === key.pid && e.tid === key.tid && e.ph === 'X';
    const task = events.find(
      (e) => thread(e) && e.name === 'RunTask' && e.ts <= key.ts && e.ts + e.dur >= key.ts + key.dur,
    );
    if (!task) continue;
    const taskEnd = task.ts + task.dur;
    const nextKey = keys[i + 1]?.ts ?? Number.POSITIVE_INFINITY;
    const after = events
      .filter((e) => thread(e) && FRAME_EVENTS.has(e.name) && e.ts >= taskEnd && e.ts < nextKey)
      .sort((a, b) => a.ts - b.ts);
    const commit = after.find((e) => e.name === 'Commit');
    if (!commit) continue;
    const frame = after.filter((e) => e.ts <= commit.ts).map((e) => [e.ts, e.ts + e.dur]);
    out.push({ taskMs: task.dur / 1000, frameMs: unionLength(frame) / 1000 });
  }
  return out;
}

/** Traces `steps` arrow-key presses on the page's focused element; returns stepCosts' list. */
export async function traceKeySteps(page, { steps = 20, gapMs = 150 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  for (let i = 0; i < steps; i++) {
    // Five steps up, five down: the value stays inside the slider's range.
    await page.keyboard.press(Math.floor(i / 5) % 2 ? 'ArrowLeft' : 'ArrowRight');
    await page.waitForTimeout(gapMs);
  }
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return stepCosts(events);
}
