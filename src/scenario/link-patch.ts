/**
 * What a short link stores: the difference between a scenario and its frozen base, as plain JSON.
 * - A patch is an object holding, for each key that differs, either the new value or (where both
 *   sides are objects) the patch of that object; arrays are replaced whole.
 * - An array of numbers that is the base's array times one factor (the load-rate slider scales a
 *   weekly curve) is stored as that factor and, per week, how many representable doubles the product
 *   lies from the stored value (`{"x": factor, "u": [0, 1, -1, …]}`, `u` left out when all are 0).
 *   Repeated slider steps multiply the curve again and again, and products of doubles round, so a
 *   single factor rarely reproduces every week bit for bit; the distances are tiny integers that
 *   compress to almost nothing, where 52 arbitrary doubles cost ~900 characters.
 * - Keys of the base that the scenario lacks (a dollar amount, an uncertainty range) are listed
 *   separately as key paths.
 * Applying a patch never throws and never trusts it: anything malformed gives null.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface LinkPatch {
  patch: JsonObject;
  deletions: string[][];
}

export function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const other = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === other.length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

// --- distances between doubles, in representable steps (IEEE 754: the same on every engine) ---------

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
const SIGN = 0x7fffffffffffffffn;

/** A double's position on a line where neighbouring doubles are 1 apart (−0 and 0 both at 0). */
function ordinal(x: number): bigint {
  f64[0] = x;
  const bits = i64[0] ?? 0n;
  return bits < 0n ? -(bits & SIGN) : bits;
}

function fromOrdinal(n: bigint): number {
  i64[0] = n < 0n ? -n | ~SIGN : n;
  return f64[0] ?? Number.NaN;
}

/** Further apart than this and the array is not a scaled copy (and the steps stay exact integers). */
const MAX_STEPS = 1_000_000n;

/** The scaled form of `value` against `base`, or null when it is not one. */
function scaledArray(base: Json[], value: Json[]): JsonObject | null {
  if (base.length !== value.length || base.length === 0) return null;
  if (!base.every((x) => typeof x === 'number') || !value.every((x) => typeof x === 'number')) return null;
  const b = base as number[];
  const v = value as number[];
  let j = 0;
  for (let i = 1; i < b.length; i++) if (Math.abs(b[i] ?? 0) > Math.abs(b[j] ?? 0)) j = i;
  const factor = (v[j] ?? 0) / (b[j] ?? 0);
  if (!Number.isFinite(factor)) return null;
  const steps: number[] = [];
  for (let i = 0; i < b.length; i++) {
    const product = (b[i] ?? 0) * factor;
    const target = v[i] ?? 0;
    if (!Number.isFinite(product) || !Number.isFinite(target)) return null;
    const d = ordinal(target) - ordinal(product);
    if (d > MAX_STEPS || d < -MAX_STEPS) return null;
    steps.push(Number(d));
  }
  return steps.some((d) => d !== 0) ? { x: factor, u: steps } : { x: factor };
}

function arrayPatch(base: Json[], value: Json[]): Json {
  const scaled = scaledArray(base, value);
  return scaled && JSON.stringify(scaled).length < JSON.stringify(value).length ? scaled : value;
}

function applyScaled(base: Json, marker: JsonObject): Json[] | null {
  const { x, u } = marker;
  if (!Array.isArray(base) || typeof x !== 'number' || !Number.isFinite(x)) return null;
  if (u !== undefined && (!Array.isArray(u) || u.length !== base.length)) return null;
  const out: number[] = [];
  for (let i = 0; i < base.length; i++) {
    const b = base[i];
    const step = u === undefined ? 0 : u[i];
    if (typeof b !== 'number' || typeof step !== 'number' || !Number.isSafeInteger(step)) return null;
    const product = b * x;
    out.push(step === 0 ? product : fromOrdinal(ordinal(product) + BigInt(step)));
  }
  return out;
}

// --- diff and apply ------------------------------------------------------------------------------------

function diffObject(base: JsonObject, value: JsonObject, path: string[], deletions: string[][]): JsonObject {
  const patch: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    const b = base[key];
    if (!(key in base) || b === undefined) patch[key] = v;
    else if (isPlainObject(b) && isPlainObject(v)) {
      const sub = diffObject(b, v, [...path, key], deletions);
      if (Object.keys(sub).length > 0) patch[key] = sub;
    } else if (Array.isArray(b) && Array.isArray(v)) {
      if (!sameJson(b, v)) patch[key] = arrayPatch(b, v);
    } else if (!sameJson(b, v)) patch[key] = v;
  }
  for (const key of Object.keys(base))
    if (base[key] !== undefined && (!(key in value) || value[key] === undefined))
      deletions.push([...path, key]);
  return patch;
}

/** What `value` changes from `base` (both plain JSON data). */
export function diffFromBase(base: unknown, value: unknown): LinkPatch {
  const deletions: string[][] = [];
  const patch = isPlainObject(base) && isPlainObject(value) ? diffObject(base, value, [], deletions) : {};
  return { patch, deletions };
}

/** A key a patch may never write: assigning it would change an object's prototype. */
const UNSAFE_KEY = '__proto__';

function applyObject(base: JsonObject, patch: JsonObject): JsonObject | null {
  const out: JsonObject = { ...base };
  for (const [key, p] of Object.entries(patch)) {
    if (key === UNSAFE_KEY) return null;
    const b = base[key];
    if (isPlainObject(p) && isPlainObject(b)) {
      const sub = applyObject(b, p);
      if (!sub) return null;
      out[key] = sub;
    } else if (isPlainObject(p) && Array.isArray(b)) {
      const scaled = applyScaled(b, p);
      if (!scaled) return null;
      out[key] = scaled;
    } else out[key] = p;
  }
  return out;
}

function withoutPath(value: JsonObject, path: readonly string[]): JsonObject | null {
  const [head, ...rest] = path;
  if (head === undefined || head === UNSAFE_KEY || !(head in value)) return null;
  const out: JsonObject = { ...value };
  if (rest.length === 0) {
    delete out[head];
    return out;
  }
  const inner = value[head];
  if (!isPlainObject(inner)) return null;
  const changed = withoutPath(inner, rest);
  if (!changed) return null;
  out[head] = changed;
  return out;
}

/** The base with the patch applied, or null when the patch does not fit the base. Never throws. */
export function applyToBase(base: unknown, patch: unknown, deletions: unknown): JsonObject | null {
  if (!isPlainObject(base) || !isPlainObject(patch) || !Array.isArray(deletions)) return null;
  let out = applyObject(base, patch);
  for (const path of deletions) {
    if (!out || !Array.isArray(path) || !path.every((k) => typeof k === 'string')) return null;
    out = withoutPath(out, path as string[]);
  }
  return out;
}
