/**
 * The cheapest way to hold a term tier's GPUs as a dated plan needs them (docs/model.md §10): given
 * the steps (whole servers) a band must hold in each quarter, commitments that start at quarter
 * boundaries and each last `lengthQuarters` quarters, every one paid in full at its start's price.
 *
 * As an integer programme — minimise Σ cost_s × x_s with Σ_{s ≤ q < s + L} x_s ≥ need_q, x ≥ 0 — its
 * constraint matrix has consecutive ones in every column, so it is a network: subtracting each row
 * from the next turns it into a min-cost flow on the quarters' boundaries 0..n, where a commitment
 * starting at s is an arc from min(s + L, n) back to s costing cost_s, a quarter held beyond its need
 * is a free arc q → q + 1, and boundary q must take in need_q − need_{q−1}. The flow's optimum is
 * integral and exact, which a greedy "commit when short" is not once prices rise (an earlier, cheaper
 * start can be worth its idle quarters). Solved by successive shortest paths (Bellman–Ford: the
 * residual arcs cost less than nothing); a horizon has at most a few dozen quarters.
 */

interface Arc {
  from: number;
  to: number;
  cost: number;
  /** Infinite for the programme's arcs; the flow carried, for a residual (reverse) arc. */
  cap: number;
  /** The index of its paired arc (reverse of a forward one, and back). */
  pair: number;
  /** The commitment's start quarter when it is a forward commitment arc, else -1. */
  start: number;
}

/**
 * Commitments x_s (steps starting at quarter s, 0-based) holding `needSteps[q]` in every quarter at
 * least cost, where a start costs `costOfStart[s]` a step. Needs are whole steps (≥ 0).
 */
export function cheapestTermStarts(
  needSteps: readonly number[],
  lengthQuarters: number,
  costOfStart: readonly number[],
): number[] {
  const n = needSteps.length;
  const x = new Array<number>(n).fill(0);
  if (n === 0 || needSteps.every((v) => v <= 0)) return x;
  const L = Math.max(1, Math.round(lengthQuarters));
  // Nodes 0..n are the boundaries; n + 1 the super source, n + 2 the super sink.
  const source = n + 1;
  const sink = n + 2;
  const arcs: Arc[] = [];
  const addArc = (from: number, to: number, cost: number, cap: number, start: number) => {
    const i = arcs.length;
    arcs.push({ from, to, cost, cap, pair: i + 1, start });
    arcs.push({ from: to, to: from, cost: -cost, cap: 0, pair: i, start: -1 });
  };
  for (let q = 0; q < n; q++) addArc(q, q + 1, 0, Number.POSITIVE_INFINITY, -1);
  for (let s = 0; s < n; s++)
    addArc(Math.min(s + L, n), s, costOfStart[s] as number, Number.POSITIVE_INFINITY, s);
  // Boundary q takes in need_q − need_{q−1} (need_{−1} = need_n = 0): a rise is a sink, a fall a source.
  let toSend = 0;
  for (let q = 0; q <= n; q++) {
    const rise =
      (q < n ? Math.max(0, needSteps[q] as number) : 0) -
      (q > 0 ? Math.max(0, needSteps[q - 1] as number) : 0);
    if (rise > 0) addArc(q, sink, 0, rise, -1);
    else if (rise < 0) {
      addArc(source, q, 0, -rise, -1);
      toSend -= rise;
    }
  }
  const nodes = n + 3;
  while (toSend > 0) {
    // Bellman–Ford from the source over arcs with room.
    const dist = new Array<number>(nodes).fill(Number.POSITIVE_INFINITY);
    const via = new Array<number>(nodes).fill(-1);
    dist[source] = 0;
    for (let round = 0; round < nodes; round++) {
      let changed = false;
      for (let i = 0; i < arcs.length; i++) {
        const a = arcs[i] as Arc;
        if (a.cap <= 0) continue;
        const d = (dist[a.from] as number) + a.cost;
        if (d < (dist[a.to] as number) - 1e-12) {
          dist[a.to] = d;
          via[a.to] = i;
          changed = true;
        }
      }
      if (!changed) break;
    }
    if (!Number.isFinite(dist[sink] as number)) break; // every rise has a fall after it: never here
    let push = toSend;
    for (let v = sink; v !== source; v = (arcs[via[v] as number] as Arc).from)
      push = Math.min(push, (arcs[via[v] as number] as Arc).cap);
    for (let v = sink; v !== source; v = (arcs[via[v] as number] as Arc).from) {
      const a = arcs[via[v] as number] as Arc;
      a.cap -= push;
      (arcs[a.pair] as Arc).cap += push;
    }
    toSend -= push;
  }
  // A commitment arc's flow is what its reverse arc can give back.
  for (const a of arcs) if (a.start >= 0) x[a.start] = (arcs[a.pair] as Arc).cap;
  return x;
}
