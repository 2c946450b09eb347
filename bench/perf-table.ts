/**
 * The performance table of docs/performance.md, rendered from bench/results.json (the last step of
 * `npm run bench` rewrites it between the markers; test/docs/perf-table.test.ts checks the doc and the
 * results agree). Every row: what is measured, the budget, the figure, pass/fail. How each is taken is
 * said in docs/performance.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { MONTE_CARLO_FLOOR_RATIO_MAX } from './monte-carlo-floor';
import {
  FLOOR_MEDIAN_MARGIN_MS,
  FLOOR_P95_MARGIN_MS,
  type SliderKind,
  slidersWithinFloorBudget,
  worstSlider,
} from './slider-budget.mjs';

export const TABLE_START = '<!-- perf-table:start (rendered from bench/results.json by `npm run bench`) -->';
export const TABLE_END = '<!-- perf-table:end -->';

export type BenchResults = Record<string, unknown>;

interface Row {
  what: string;
  keys: string[];
  /** Budget text and check, or null when the figure has no budget. */
  budget: { text: string; within: (r: BenchResults) => boolean | null } | null;
  value: (r: BenchResults) => string;
}

function num(r: BenchResults, key: string): number | null {
  const v = r[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function fmt(v: number | null, unit: string, digits = 1): string {
  return v === null ? 'missing' : `${Number(v.toFixed(digits))}${unit}`;
}

/** a ÷ b, or null when either figure is missing (never counted as fast). */
function ratio(r: BenchResults, a: string, b: string): number | null {
  const x = num(r, a);
  const y = num(r, b);
  return x === null || y === null || y <= 0 ? null : x / y;
}

function ratioText(r: BenchResults, a: string, b: string): string {
  const x = ratio(r, a, b);
  return `${x === null ? 'missing' : `${x.toFixed(2)} ×`} (${fmt(num(r, a), ' ms', 0)} ÷ floor ${fmt(num(r, b), ' ms', 0)})`;
}

const atMost =
  (key: string, limit: number) =>
  (r: BenchResults): boolean | null => {
    const v = num(r, key);
    return v === null ? false : v <= limit;
  };

/** Within the floor-relative budget for every slider and input, and the overall figures present. */
const floorBudget =
  (kind: SliderKind, keys: string[]) =>
  (r: BenchResults): boolean =>
    keys.every((k) => num(r, k) !== null) && slidersWithinFloorBudget(r, [kind]);

const FLOOR_BUDGET_TEXT = `median ≤ floor + ${FLOOR_MEDIAN_MARGIN_MS} ms, p95 ≤ floor + ${FLOOR_P95_MARGIN_MS} ms, every slider and input`;

/** The 1-minute load average, start → end, of the run that took the interactive figures. */
function loadText(r: BenchResults): string {
  const load = r.interactiveLoadAverage;
  return `load ${Array.isArray(load) ? load.join(' → ') : 'missing'}`;
}

type Spread = { medianMs?: unknown; p95Ms?: unknown };

/** "median / p95" of a `{ medianMs, p95Ms }` record, each figure or "missing". */
function spreadText(f: Spread | undefined): string {
  const v = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  return `${fmt(v(f?.medianMs), ' ms')} / ${fmt(v(f?.p95Ms), ' ms')}`;
}

function byInput(r: BenchResults, key: string): string {
  const by = r[key] as Record<string, Spread> | undefined;
  return `keyboard ${spreadText(by?.keyboard)}, pointer ${spreadText(by?.pointer)}`;
}

function traceText(r: BenchResults): string {
  const t = r.sliderTrace as Record<string, Spread | number> | undefined;
  const spread = (k: string) => spreadText(t?.[k] as Spread | undefined);
  return `task ${spread('taskMs')} (floor ${spread('floorTaskMs')}); frame ${spread('frameMs')} (floor ${spread('floorFrameMs')})`;
}

const ROWS: Row[] = [
  {
    what: 'Slider step → KPI cards show the new numbers, every section rendered, median / p95',
    keys: ['sliderKpiMedianMs', 'sliderKpiP95Ms'],
    budget: { text: FLOOR_BUDGET_TEXT, within: floorBudget('kpi', ['sliderKpiMedianMs', 'sliderKpiP95Ms']) },
    value: (r) => `${fmt(num(r, 'sliderKpiMedianMs'), ' ms')} / ${fmt(num(r, 'sliderKpiP95Ms'), ' ms')}`,
  },
  {
    what: 'Slider step → crossover chart shows the new numbers, every section rendered, median / p95',
    keys: ['sliderChartMedianMs', 'sliderChartP95Ms'],
    budget: {
      text: FLOOR_BUDGET_TEXT,
      within: floorBudget('chart', ['sliderChartMedianMs', 'sliderChartP95Ms']),
    },
    value: (r) => `${fmt(num(r, 'sliderChartMedianMs'), ' ms')} / ${fmt(num(r, 'sliderChartP95Ms'), ' ms')}`,
  },
  {
    what: 'Slider steps: the slider and input furthest over its floor, median / p95 above the floor',
    keys: ['sliderBySlider', 'sliderFloorByInput'],
    budget: {
      text: `≤ ${FLOOR_MEDIAN_MARGIN_MS} / ${FLOOR_P95_MARGIN_MS} ms`,
      within: (r) => slidersWithinFloorBudget(r),
    },
    value: (r) => {
      const w = worstSlider(r);
      return w === null ? 'missing' : `${w.key}: ${fmt(w.medianOverMs, ' ms')} / ${fmt(w.p95OverMs, ' ms')}`;
    },
  },
  {
    what: 'Slider step: the page starts handling the input → KPI text changed in the DOM (the script share, before the frame), median / p95, all and by input',
    keys: ['sliderCommitMedianMs', 'sliderCommitP95Ms', 'sliderCommitByInput'],
    budget: { text: 'p95 ≤ 8 ms', within: atMost('sliderCommitP95Ms', 8) },
    value: (r) =>
      `${fmt(num(r, 'sliderCommitMedianMs'), ' ms')} / ${fmt(num(r, 'sliderCommitP95Ms'), ' ms')}; ${byInput(r, 'sliderCommitByInput')}`,
  },
  {
    what: "The same from the input's own timestamp (adds the browser's wait to dispatch it: a pointer move waits for the next frame), median / p95",
    keys: ['sliderInputToDomMedianMs', 'sliderInputToDomP95Ms'],
    budget: null,
    value: (r) =>
      `${fmt(num(r, 'sliderInputToDomMedianMs'), ' ms')} / ${fmt(num(r, 'sliderInputToDomP95Ms'), ' ms')}`,
  },
  {
    what: "Where a step's time goes, traced load-rate key presses, the app and the floor's page: the task that handles the key press, and the next frame's style, layout, paint and commit, median / p95",
    keys: ['sliderTrace'],
    budget: null,
    value: (r) => traceText(r),
  },
  {
    what: "The same steps on a page that only writes the slider's value (this machine's floor: the wait for the next frame plus that frame), median / p95, all and by input",
    keys: ['sliderFloorMedianMs', 'sliderFloorP95Ms', 'sliderFloorByInput'],
    budget: null,
    value: (r) =>
      `${fmt(num(r, 'sliderFloorMedianMs'), ' ms')} / ${fmt(num(r, 'sliderFloorP95Ms'), ' ms')}; ${byInput(r, 'sliderFloorByInput')}`,
  },
  {
    what: 'Slider steps without a sample (of all steps)',
    keys: ['sliderStepsMissing', 'sliderSteps'],
    budget: { text: '0', within: atMost('sliderStepsMissing', 0) },
    value: (r) => `${fmt(num(r, 'sliderStepsMissing'), '', 0)} of ${fmt(num(r, 'sliderSteps'), '', 0)}`,
  },
  {
    what: 'Dropped frames while dragging at display rate',
    keys: ['dragDroppedFrames', 'dragFrames'],
    budget: { text: '0', within: atMost('dragDroppedFrames', 0) },
    value: (r) => `${fmt(num(r, 'dragDroppedFrames'), '', 0)} of ${fmt(num(r, 'dragFrames'), '', 0)}`,
  },
  {
    what: 'The commitment ladder and its plan by quarter, solved in the analysis worker (the section keeps its last plan meanwhile): 52-week curve; the large lab (1,530-GPU peak); a 60-run training plan',
    keys: ['ladder52WeeksMs', 'ladderLargeLabMs', 'ladderPlan60Ms'],
    budget: null,
    value: (r) =>
      `${fmt(num(r, 'ladder52WeeksMs'), ' ms', 1)}; ${fmt(num(r, 'ladderLargeLabMs'), ' ms', 1)}; ${fmt(num(r, 'ladderPlan60Ms'), ' ms', 1)}`,
  },
  {
    what: '10,000-draw Monte Carlo, default scenario',
    keys: ['monteCarlo10kMs'],
    budget: { text: '≤ 100 ms', within: atMost('monteCarlo10kMs', 100) },
    value: (r) => fmt(num(r, 'monteCarlo10kMs'), ' ms', 0),
  },
  {
    what: '10,000-draw Monte Carlo, 52-week curve',
    keys: ['monteCarlo10kWeeklyMs'],
    budget: { text: '≤ 100 ms', within: atMost('monteCarlo10kWeeklyMs', 100) },
    value: (r) => fmt(num(r, 'monteCarlo10kWeeklyMs'), ' ms', 0),
  },
  {
    what: '10,000-draw Monte Carlo ÷ its floor (the same draws priced by the same kernel calls in a bare loop, measured in turns): 52-week curve; 20-run training plan',
    keys: [
      'monteCarlo10kWeeklyPairedMs',
      'monteCarloFloor10kWeeklyMs',
      'monteCarlo10kPlanMs',
      'monteCarloFloor10kPlanMs',
    ],
    budget: {
      text: `≤ ${MONTE_CARLO_FLOOR_RATIO_MAX} × the floor, both`,
      within: (r) => {
        const ratios = [
          ratio(r, 'monteCarlo10kWeeklyPairedMs', 'monteCarloFloor10kWeeklyMs'),
          ratio(r, 'monteCarlo10kPlanMs', 'monteCarloFloor10kPlanMs'),
        ];
        // A missing figure is never a fast one.
        return ratios.every((x) => x !== null && x <= MONTE_CARLO_FLOOR_RATIO_MAX);
      },
    },
    value: (r) =>
      `${ratioText(r, 'monteCarlo10kWeeklyPairedMs', 'monteCarloFloor10kWeeklyMs')}; ${ratioText(r, 'monteCarlo10kPlanMs', 'monteCarloFloor10kPlanMs')}`,
  },
  {
    what: 'Machine during the engine run: cores, 1-minute load average at start → end',
    keys: ['engineCores', 'engineLoadAverage'],
    budget: null,
    value: (r) => {
      const load = Array.isArray(r.engineLoadAverage) ? r.engineLoadAverage.join(' → ') : 'missing';
      return `${fmt(num(r, 'engineCores'), '', 0)} cores, load ${load}`;
    },
  },
  {
    what: 'Sizing curve with its 2,000-draw P10–P90 band, largest preset curve (38 sizes)',
    keys: ['sizingBandMs'],
    budget: { text: '≤ 300 ms', within: atMost('sizingBandMs', 300) },
    value: (r) => fmt(num(r, 'sizingBandMs'), ' ms', 0),
  },
  {
    what: '`evaluate`, default scenario, median once warmed up (2,000 calls)',
    keys: ['evaluateMs'],
    budget: { text: '≤ 0.2 ms', within: atMost('evaluateMs', 0.2) },
    value: (r) => fmt(num(r, 'evaluateMs'), ' ms', 3),
  },
  {
    what: '`evaluate`, default scenario, median of the first 1,000 calls',
    keys: ['evaluateFirstMs'],
    budget: null,
    value: (r) => fmt(num(r, 'evaluateFirstMs'), ' ms', 3),
  },
  {
    what: 'Time to first result: the KPI cards show a monthly cost, cold load (median of 5)',
    keys: ['firstResultMs'],
    budget: { text: '≤ 400 ms', within: atMost('firstResultMs', 400) },
    value: (r) => fmt(num(r, 'firstResultMs'), ' ms', 0),
  },
  {
    what: 'JavaScript before the first result, main thread (gzip)',
    keys: ['jsBeforeFirstResultGzipKb'],
    budget: { text: '≤ 150 KB', within: atMost('jsBeforeFirstResultGzipKb', 150) },
    value: (r) => fmt(num(r, 'jsBeforeFirstResultGzipKb'), ' KB'),
  },
  {
    what: 'Time until the app has taken the prerendered page over (hydrated, answers input), cold load (median of 5)',
    keys: ['appLiveMs'],
    budget: null,
    value: (r) => fmt(num(r, 'appLiveMs'), ' ms', 0),
  },
  {
    what: 'JavaScript before the app has taken the page over, main thread (gzip)',
    keys: ['jsBeforeAppLiveGzipKb'],
    budget: null,
    value: (r) => fmt(num(r, 'jsBeforeAppLiveGzipKb'), ' KB'),
  },
  {
    what: "Interactive (issue 36): first paint → a slider step answered — the load-rate slider stepped with the arrow key as soon as the page has painted, answered once the app has taken the page over and the KPI cards show the new numbers; cold load (median of 5), beside this machine's first-paint floor and the load",
    keys: [
      'interactiveMs',
      'interactiveFirstPaintMs',
      'interactiveAnsweredMs',
      'interactivePaintFloorMs',
      'interactiveLoadAverage',
    ],
    budget: { text: '≤ 400 ms', within: atMost('interactiveMs', 400) },
    value: (r) =>
      `${fmt(num(r, 'interactiveMs'), ' ms', 0)} (first paint at ${fmt(num(r, 'interactiveFirstPaintMs'), ' ms', 0)}, answered at ${fmt(num(r, 'interactiveAnsweredMs'), ' ms', 0)}; floor ${fmt(num(r, 'interactivePaintFloorMs'), ' ms', 0)}; ${loadText(r)})`,
  },
  {
    what: 'Main-thread JavaScript before that point: the interactive figure above (gzip)',
    keys: ['jsBeforeInteractiveGzipKb', 'interactiveLoadAverage'],
    budget: { text: '≤ 120 KB', within: atMost('jsBeforeInteractiveGzipKb', 120) },
    value: (r) => `${fmt(num(r, 'jsBeforeInteractiveGzipKb'), ' KB')} (${loadText(r)})`,
  },
  {
    what: 'First-visit JavaScript: every main-thread script a first visit fetches until the network is idle, no scrolling (gzip; the analysis worker on its own)',
    keys: ['firstVisitJsGzipKb', 'firstVisitWorkerJsGzipKb'],
    budget: { text: '≤ 250 KB', within: atMost('firstVisitJsGzipKb', 250) },
    value: (r) =>
      `${fmt(num(r, 'firstVisitJsGzipKb'), ' KB')} (worker ${fmt(num(r, 'firstVisitWorkerJsGzipKb'), ' KB')})`,
  },
  {
    what: "A one-line page's first paint, cold load (this machine's floor for a first result, median of 5)",
    keys: ['firstPaintFloorMs'],
    budget: null,
    value: (r) => fmt(num(r, 'firstPaintFloorMs'), ' ms', 0),
  },
  {
    what: 'Time to first chart: the crossover chart drawn on screen, cold load (median of 5)',
    keys: ['firstChartMs'],
    budget: { text: '≤ 1,000 ms', within: atMost('firstChartMs', 1000) },
    value: (r) => fmt(num(r, 'firstChartMs'), ' ms', 0),
  },
  {
    what: 'PDF export in English, first / later (median of 5)',
    keys: ['pdfExportColdMs', 'pdfExportMs'],
    budget: {
      text: '≤ 4,000 / 1,500 ms',
      within: (r) =>
        (atMost('pdfExportColdMs', 4000)(r) ?? false) && (atMost('pdfExportMs', 1500)(r) ?? false),
    },
    value: (r) => `${fmt(num(r, 'pdfExportColdMs'), ' ms', 0)} / ${fmt(num(r, 'pdfExportMs'), ' ms', 0)}`,
  },
  {
    what: 'PDF export in Chinese, later (median of 5)',
    keys: ['pdfExportZhMs'],
    budget: { text: '≤ 1,500 ms', within: atMost('pdfExportZhMs', 1500) },
    value: (r) => fmt(num(r, 'pdfExportZhMs'), ' ms', 0),
  },
  {
    what: 'Excel export in English, first / later (median of 5)',
    keys: ['excelExportColdMs', 'excelExportMs'],
    budget: {
      text: '≤ 4,000 / 1,500 ms',
      within: (r) =>
        (atMost('excelExportColdMs', 4000)(r) ?? false) && (atMost('excelExportMs', 1500)(r) ?? false),
    },
    value: (r) => `${fmt(num(r, 'excelExportColdMs'), ' ms', 0)} / ${fmt(num(r, 'excelExportMs'), ' ms', 0)}`,
  },
  {
    what: 'Excel export in Chinese, later (median of 5)',
    keys: ['excelExportZhMs'],
    budget: { text: '≤ 1,500 ms', within: atMost('excelExportZhMs', 1500) },
    value: (r) => fmt(num(r, 'excelExportZhMs'), ' ms', 0),
  },
  {
    what: 'Cluster-log import in Chromium, a 50 MB file, choose → preview, median of the runs: Slurm; nvidia-smi — beside each, the floor page (a page that only reads the same file in a worker)',
    keys: [
      'clusterLogSlurmMbPerS',
      'clusterLogTelemetryMbPerS',
      'clusterLogFloorSlurmMbPerS',
      'clusterLogFloorTelemetryMbPerS',
      'clusterLogRuns',
    ],
    budget: {
      text: '≥ 30 MB/s each',
      within: (r) =>
        ['clusterLogSlurmMbPerS', 'clusterLogTelemetryMbPerS'].every((k) => (num(r, k) ?? 0) >= 30),
    },
    value: (r) =>
      `${fmt(num(r, 'clusterLogSlurmMbPerS'), ' MB/s')} (floor ${fmt(num(r, 'clusterLogFloorSlurmMbPerS'), ' MB/s')}); ${fmt(num(r, 'clusterLogTelemetryMbPerS'), ' MB/s')} (floor ${fmt(num(r, 'clusterLogFloorTelemetryMbPerS'), ' MB/s')}); ${fmt(num(r, 'clusterLogRuns'), '', 0)} runs each`,
  },
  {
    what: 'Cluster-log import: main-thread tasks over 50 ms while the worker reads (both files, every run)',
    keys: ['clusterLogLongTasks'],
    budget: { text: '0', within: atMost('clusterLogLongTasks', 0) },
    value: (r) => fmt(num(r, 'clusterLogLongTasks'), '', 0),
  },
  {
    what: 'Machine during the cluster-log run: 1-minute load average at start → end',
    keys: ['clusterLogLoadAverage'],
    budget: null,
    value: (r) =>
      Array.isArray(r.clusterLogLoadAverage) ? `load ${r.clusterLogLoadAverage.join(' → ')}` : 'missing',
  },
  {
    what: 'Machine during the browser run: cores, 1-minute load average at start → end',
    keys: ['benchCores', 'benchLoadAverage'],
    budget: null,
    value: (r) => {
      const load = Array.isArray(r.benchLoadAverage) ? r.benchLoadAverage.join(' → ') : 'missing';
      return `${fmt(num(r, 'benchCores'), '', 0)} cores, load ${load}`;
    },
  },
];

/** The table's markdown (without the markers). */
export function renderPerfTable(results: BenchResults): string {
  const lines = ['| metric (`bench/results.json` keys) | budget | measured | within |', '|---|---|---|---|'];
  for (const row of ROWS) {
    const within = row.budget ? row.budget.within(results) : null;
    const keys = row.keys.map((k) => `\`${k}\``).join(', ');
    lines.push(
      `| ${row.what} (${keys}) | ${row.budget?.text ?? '—'} | ${row.value(results)} | ${within === null ? '—' : within ? 'yes' : 'no'} |`,
    );
  }
  return lines.join('\n');
}

/** A document with the table between the markers replaced by the one rendered from `results`. */
export function withPerfTable(doc: string, results: BenchResults): string {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/performance.md has no performance table markers');
  return `${doc.slice(0, start + TABLE_START.length)}\n${renderPerfTable(results)}\n${doc.slice(end)}`;
}

// `node --import tsx bench/perf-table.ts`: rewrite docs/performance.md's table from bench/results.json.
if (process.argv[1]?.endsWith('perf-table.ts')) {
  const docUrl = new URL('../docs/performance.md', import.meta.url);
  const results = JSON.parse(
    readFileSync(new URL('./results.json', import.meta.url), 'utf8'),
  ) as BenchResults;
  writeFileSync(docUrl, withPerfTable(readFileSync(docUrl, 'utf8'), results));
  console.log('docs/performance.md performance table rendered from bench/results.json');
}
