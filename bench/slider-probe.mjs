/**
 * In-page probe of the browser bench (bench/browser.mjs): how long one slider step takes until the
 * reader SEES the new numbers. Installed with `page.evaluate(installSliderProbe)` once every section
 * is rendered; then, per step, `__sliderProbe.arm()` before the input and `__sliderProbe.result()` after.
 *
 * - Input time: `timeStamp` of the first keydown / pointerdown / pointermove after arming (the
 *   browser's own input timestamp, same clock as performance.now()), and the moment the page began
 *   handling it (the script's share of a step is measured from there).
 * - A change is a change of what the reader reads, compared with the state at arming: the KPI cards'
 *   text, and the crossover chart's drawn geometry (curve paths, reference lines and dots — not the
 *   Monte Carlo band, which the analysis worker redraws later on its own schedule).
 * - Shown: for each of the two, the end of the first frame produced after the mutation that changed
 *   it (see the frame clock below). Sample = shown − input time.
 * A step whose KPI or chart did not change within the timeout has no sample and is reported missing.
 */
export function installSliderProbe() {
  const kpiRoot = document.querySelector('.kpi-grid');
  const chartRoot = document.querySelector('[data-chart="crossover"]');
  if (!kpiRoot || !chartRoot) throw new Error('slider probe: KPI cards or crossover chart not rendered');
  const kpiSignature = () => kpiRoot.textContent ?? '';
  const chartSignature = () => {
    const parts = [];
    for (const p of chartRoot.querySelectorAll('svg path.crossover-curve')) parts.push(p.getAttribute('d'));
    for (const l of chartRoot.querySelectorAll('svg line.crossover-line, svg line.crossover-current'))
      parts.push(`${l.getAttribute('x1')},${l.getAttribute('x2')}`);
    for (const c of chartRoot.querySelectorAll('svg circle.crossover-mark'))
      parts.push(`${c.getAttribute('cx')},${c.getAttribute('cy')}`);
    return parts.join('|');
  };
  // Frame clock: every frame, a message posted from its requestAnimationFrame runs once that frame's
  // style, layout and paint are done. A change made before that moment (in an input handler, or in
  // the frame's own animation-frame callbacks, where the chart library applies its updates) is in
  // that frame; the first such frame after a change is the one that shows it.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.now();
    if (!state) return;
    let changed = false;
    for (const key of ['kpi', 'chart']) {
      if (state[`${key}ChangedAt`] !== null && state[`${key}ShownAt`] === null) {
        state[`${key}ShownAt`] = now;
        changed = true;
      }
    }
    if (changed) state.check();
  };
  const frame = () => {
    channel.port2.postMessage(0);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  let state = null;
  const onInput = (event) => {
    if (state && state.inputAt === null) {
      state.inputAt = event.timeStamp;
      // When the page starts handling it: a pointer move waits for the next frame to be dispatched
      // (the browser aligns continuous input with frames), a key press only for the main thread.
      state.dispatchedAt = performance.now();
      state.inputType = event.type;
    }
  };
  for (const type of ['keydown', 'pointerdown', 'pointermove'])
    window.addEventListener(type, onInput, { capture: true, passive: true });

  const watch = (root, signature, key) =>
    new MutationObserver(() => {
      if (!state || state[`${key}ChangedAt`] !== null) return;
      if (signature() === state[`${key}Before`]) return;
      state[`${key}ChangedAt`] = performance.now();
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  watch(kpiRoot, kpiSignature, 'kpi');
  watch(chartRoot, chartSignature, 'chart');

  window.__sliderProbe = {
    arm() {
      let resolve;
      const done = new Promise((r) => {
        resolve = r;
      });
      state = {
        inputAt: null,
        dispatchedAt: null,
        inputType: null,
        kpiBefore: kpiSignature(),
        chartBefore: chartSignature(),
        kpiChangedAt: null,
        chartChangedAt: null,
        kpiShownAt: null,
        chartShownAt: null,
        check() {
          if (this.kpiShownAt !== null && this.chartShownAt !== null) resolve();
        },
        done,
      };
    },
    /** Waits until both were shown (or `timeoutMs`), then returns the step's record. */
    async result(timeoutMs) {
      const s = state;
      await Promise.race([s.done, new Promise((r) => setTimeout(r, timeoutMs))]);
      state = null;
      const since = (t) => (t === null || s.inputAt === null ? null : t - s.inputAt);
      const sinceDispatch = (t) => (t === null || s.dispatchedAt === null ? null : t - s.dispatchedAt);
      return {
        inputType: s.inputType,
        kpiMs: since(s.kpiShownAt),
        chartMs: since(s.chartShownAt),
        kpiCommitMs: since(s.kpiChangedAt),
        chartCommitMs: since(s.chartChangedAt),
        kpiScriptMs: sinceDispatch(s.kpiChangedAt),
      };
    },
  };
}

/**
 * In-page: records requestAnimationFrame intervals until stopped, for the drag test (a frame that
 * took longer than 1.5 display frames is a dropped frame).
 */
export function installFrameRecorder() {
  const intervals = [];
  let last = null;
  let running = true;
  const tick = (t) => {
    if (last !== null) intervals.push(t - last);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__frameRecorder = {
    stop() {
      running = false;
      return intervals;
    },
  };
}

/**
 * A page that does nothing but what the probe watches: a range input whose `input` handler writes its
 * value into a KPI-like text and a path's geometry, synchronously. Stepped exactly like the app, it
 * gives this machine's floor: the wait for the next display frame (up to one 16.7 ms frame) plus that
 * frame's own work, which no page can go below.
 */
export const REFERENCE_PAGE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title></head>
<body style="font-family: sans-serif; padding: 24px">
<label>Reference <input type="range" min="0" max="100" value="50" style="width: 360px"></label>
<ul class="kpi-grid"><li>50</li></ul>
<figure data-chart="crossover"><svg width="300" height="100"><path class="crossover-curve" d="M0,0L50,50" stroke="black"/></svg></figure>
<script>
const input = document.querySelector('input');
input.addEventListener('input', () => {
  document.querySelector('.kpi-grid li').textContent = input.value;
  document.querySelector('path').setAttribute('d', 'M0,0L' + input.value + ',50');
});
</script></body></html>`;
