import { parseLogTimeMs } from './cluster-log-time';
import type { ClusterLogError, ClusterLogResult, LineParser } from './cluster-log-types';
import { windowsSummary } from './cluster-log-windows';

/**
 * OpenCost's allocation export: the JSON of its allocation API (`/allocation/compute?window=…&step=1w
 * &accumulate=false&aggregate=namespace`), one set of allocations per step window, each allocation
 * with its window and the GPU-hours it was allocated (`gpuHours`; `gpuCount` is that average over the
 * window). Useful GPU-hours are the allocated ones of every allocation but `__idle__`; the cluster's
 * GPU-hours are those plus `__idle__`'s (OpenCost's idle is the cluster's capacity nobody was
 * allocated), so an export without idle (includeIdle=false) cannot say what the cluster held and is
 * refused. Each window's allocated GPU-hours are spread evenly over it and summed into the log's weeks.
 * The text is read whole (a JSON document has no lines to stream); never throws.
 */

const IDLE = '__idle__';

interface Window {
  startMs: number;
  endMs: number;
  allocatedGpuHours: number;
  idleGpuHours: number;
}

/** The first line of an OpenCost allocation export: a JSON object. */
export function isOpenCostStart(line: string): boolean {
  return line.trimStart().startsWith('{');
}

export function createOpenCostParser(): LineParser {
  const lines: string[] = [];
  return {
    line(text) {
      lines.push(text);
      return true;
    },
    finish: () => readOpenCost(lines.join('\n')),
  };
}

function readOpenCost(text: string): ClusterLogResult {
  const refuse = (error: ClusterLogError): ClusterLogResult => ({ ok: false, errors: [error] });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse({ code: 'opencostNotAllocation' });
  }
  const data = (json as { data?: unknown }).data;
  const sets = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : null;
  if (sets === null) return refuse({ code: 'opencostNotAllocation' });
  const windows = new Map<string, Window>();
  let idleSeen = false;
  let allocations = 0;
  let busyGpuHours = 0;
  let coveredGpuHours = 0;
  for (const set of sets) {
    if (!set || typeof set !== 'object') continue;
    for (const [key, value] of Object.entries(set as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') continue;
      const a = value as {
        name?: unknown;
        window?: { start?: unknown; end?: unknown };
        start?: unknown;
        end?: unknown;
        gpuHours?: unknown;
        gpuAllocation?: { gpuUsageAverage?: unknown } | null;
      };
      const startText = String(a.window?.start ?? a.start ?? '');
      const endText = String(a.window?.end ?? a.end ?? '');
      const startMs = parseLogTimeMs(startText);
      const endMs = parseLogTimeMs(endText);
      if (startMs === null)
        return refuse({
          code: 'opencostBadValue',
          column: `${key}.window.start`,
          value: startText.slice(0, 40),
        });
      if (endMs === null || endMs <= startMs)
        return refuse({ code: 'opencostBadValue', column: `${key}.window.end`, value: endText.slice(0, 40) });
      const gpuHours = a.gpuHours ?? 0;
      if (typeof gpuHours !== 'number' || !Number.isFinite(gpuHours) || gpuHours < 0)
        return refuse({
          code: 'opencostBadValue',
          column: `${key}.gpuHours`,
          value: String(gpuHours).slice(0, 40),
        });
      const id = `${startMs}-${endMs}`;
      const w = windows.get(id) ?? { startMs, endMs, allocatedGpuHours: 0, idleGpuHours: 0 };
      windows.set(id, w);
      const name = typeof a.name === 'string' ? a.name : key;
      if (name === IDLE || key === IDLE) {
        idleSeen = true;
        w.idleGpuHours += gpuHours;
      } else {
        allocations++;
        w.allocatedGpuHours += gpuHours;
        const share = busyShare(a.gpuAllocation);
        if (share !== null && gpuHours > 0) {
          busyGpuHours += share * gpuHours;
          coveredGpuHours += gpuHours;
        }
      }
    }
  }
  if (windows.size === 0) return refuse({ code: 'opencostNotAllocation' });
  if (!idleSeen) return refuse({ code: 'opencostNoIdle' });
  const list = [...windows.values()];
  if (list.reduce((sum, w) => sum + w.allocatedGpuHours, 0) <= 0) return refuse({ code: 'noGpuJobs' });
  const usage = list.map((w) => ({ ...w, heldGpuHours: w.allocatedGpuHours + w.idleGpuHours }));
  const summary = windowsSummary('opencost', 'gpuHours', usage, allocations);
  return {
    ok: true,
    summary: coveredGpuHours > 0 ? { ...summary, busy: { busyGpuHours, coveredGpuHours } } : summary,
  };
}

/**
 * The share of an allocation's GPU-hours its GPUs were busy: OpenCost's `gpuUsageAverage`, the DCGM
 * engine activity (DCGM_FI_PROF_GR_ENGINE_ACTIVE) averaged over the container's GPUs and its time, a
 * fraction 0–1 whatever the number of GPUs. An aggregate (by namespace, say) may add its containers'
 * averages, which can pass 1 and no longer say a share: such an allocation is left out (not covered),
 * as is one that reports no usage (no DCGM exporter, or an OpenCost before `gpuAllocation`) — null.
 */
function busyShare(gpu: { gpuUsageAverage?: unknown } | null | undefined): number | null {
  if (!gpu || typeof gpu !== 'object') return null;
  const used = gpu.gpuUsageAverage;
  if (typeof used !== 'number' || !Number.isFinite(used) || used < 0 || used > 1) return null;
  return used;
}
