import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import type { Scenario } from '../engine';
import { scenarioFingerprint } from './budget-stamp';
import { couldBeScenario } from './json-shape';
import { baseKeysFor, LINK_BASES } from './link-bases';
import { applyToBase, diffFromBase, sameJson } from './link-patch';
import { CURRENT_SCHEMA_VERSION, type MigrationNote, migrateScenario } from './migrate';
import type { ScenarioIssue } from './parse';

/**
 * Share links, two formats told apart by their prefix:
 * - `#s=2.<base>.<payload>` (written since issue 21): payload = base64url(deflate(JSON of what
 *   differs from a frozen base)), base = `<schema version>-<preset>` (link-bases.ts). A preset with
 *   a few edits is a few hundred characters where the whole scenario was ~1,800, and the link keeps
 *   its meaning when presets or defaults change, because its base is frozen.
 * - `#s=1.<payload>`: payload = base64url(deflate(JSON of the whole scenario)); still read exactly
 *   as before, and written when a scenario's schema version has no frozen base.
 * The format prefix versions the encoding itself; the scenario's schemaVersion versions its content,
 * and every decoded scenario runs through the migrations and the schema like any other.
 */
export const LINK_FORMAT = '1';
export const SHORT_LINK_FORMAT = '2';
export const HASH_KEY = 's';
/** Chat tools often cut links around 2,000 characters; warn above this, still produce the link. */
export const LINK_WARN_LENGTH = 2_000;
/** Limits that keep a hostile link from exhausting memory. */
const MAX_PAYLOAD_CHARS = 200_000;
export const MAX_JSON_BYTES = 2_000_000;

export type LinkDecodeError =
  | 'empty'
  | 'unknownFormat'
  | 'badEncoding'
  | 'badCompression'
  | 'tooLarge'
  | 'badJson'
  | 'invalid';

export type DecodeResult =
  /** `notes`: what an upgrade from an older link assumed (absent when nothing was). */
  | { ok: true; scenario: Scenario; notes?: MigrationNote[] }
  | { ok: false; error: LinkDecodeError; issues: ScenarioIssue[] };

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Compressed bytes fed to the inflater per push (see inflateCapped). */
const INFLATE_SLICE_BYTES = 1_024;

/**
 * Inflates with a size cap (a small link must not expand into gigabytes). The input goes in small
 * slices because fflate inflates a whole push at once: one push of a 195 kB link could allocate
 * hundreds of MB before the cap is seen. Deflate expands at most ~1,032×, so one slice yields at most
 * ~1 MB more than the cap before reading stops.
 */
function inflateCapped(bytes: Uint8Array): Uint8Array | 'tooLarge' | null {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > MAX_JSON_BYTES) tooLarge = true;
    else chunks.push(chunk);
  });
  try {
    for (let start = 0; start < bytes.length && !tooLarge; start += INFLATE_SLICE_BYTES) {
      const end = start + INFLATE_SLICE_BYTES;
      inflater.push(bytes.subarray(start, end), end >= bytes.length);
    }
  } catch {
    return tooLarge ? 'tooLarge' : null;
  }
  if (tooLarge) return 'tooLarge';
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

function deflated(json: string): string {
  return toBase64Url(deflateSync(strToU8(json), { level: 9 }));
}

/**
 * Any JSON value as a link parameter: base64url(deflate(JSON)) — the scenario's own encoding, for what
 * travels beside it (a budget version's actuals, `&a=`).
 */
export function jsonToParam(value: unknown): string {
  return deflated(JSON.stringify(value));
}

/** A parameter written by `jsonToParam` read back; null when it is damaged or expands too far. */
export function jsonFromParam(text: string): unknown {
  if (text.length > MAX_PAYLOAD_CHARS) return null;
  const bytes = fromBase64Url(text);
  if (bytes === null) return null;
  const inflated = inflateCapped(bytes);
  if (inflated === null || inflated === 'tooLarge') return null;
  try {
    return JSON.parse(strFromU8(inflated)) as unknown;
  } catch {
    return null;
  }
}

/** The whole scenario, format 1. */
export function encodeFullScenarioHash(scenario: Scenario): string {
  return `${HASH_KEY}=${LINK_FORMAT}.${deflated(JSON.stringify(scenario))}`;
}

/** The patch payload's JSON: `[patch]`, or `[patch, deletions]` when keys of the base are gone. */
function patchJson(base: unknown, scenario: Scenario): string {
  const { patch, deletions } = diffFromBase(base, scenario);
  return JSON.stringify(deletions.length > 0 ? [patch, deletions] : [patch]);
}

/**
 * The hash fragment (without `#`) that encodes the scenario: against whichever frozen base of its
 * schema version differs least from it, checked to decode back to the same scenario (else, and when
 * no base is frozen for its version, the whole scenario in format 1).
 */
export function encodeScenarioHash(scenario: Scenario): string {
  let best: { key: string; json: string } | null = null;
  for (const key of baseKeysFor(scenario.schemaVersion)) {
    const json = patchJson(LINK_BASES.get(key), scenario);
    if (!best || json.length < best.json.length) best = { key, json };
  }
  if (best) {
    const [patch, deletions] = JSON.parse(best.json) as [unknown, unknown?];
    const back = applyToBase(LINK_BASES.get(best.key), patch, deletions ?? []);
    if (back && sameJson(back, scenario))
      return `${HASH_KEY}=${SHORT_LINK_FORMAT}.${best.key}.${deflated(best.json)}`;
  }
  return encodeFullScenarioHash(scenario);
}

/** Reads a scenario from a hash fragment (with or without `#`). Never throws. */
export function decodeScenarioHash(hash: string): DecodeResult {
  const raw = linkPayload(hash);
  return 'error' in raw ? { ok: false, error: raw.error, issues: [] } : opened(raw.value);
}

/**
 * The fingerprint (budget-stamp.ts) of the scenario a link holds, as it holds it — before the
 * migrations of this release, so a budget version frozen by an earlier release still matches its
 * stamp. Null when the link holds no readable scenario.
 */
export function linkFingerprint(hash: string): string | null {
  const raw = linkPayload(hash);
  return 'error' in raw ? null : scenarioFingerprint(raw.value);
}

type Payload = { value: unknown } | { error: LinkDecodeError };

/** The scenario's JSON value a link carries (not yet migrated or validated), or what is wrong. */
function linkPayload(hash: string): Payload {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(raw);
  const value = params.get(HASH_KEY);
  if (!value) return { error: 'empty' };
  if (value.length > MAX_PAYLOAD_CHARS) return { error: 'tooLarge' };
  const dot = value.indexOf('.');
  const format = dot < 0 ? value : value.slice(0, dot);
  if (format === SHORT_LINK_FORMAT) return shortPayload(value.slice(dot + 1));
  if (format !== LINK_FORMAT) return { error: 'unknownFormat' };
  return jsonPayload(value.slice(dot + 1));
}

/** A deflated JSON payload, parsed. */
function jsonPayload(payload: string): Payload {
  const inflated = inflatePayload(payload);
  if (typeof inflated === 'string') return { error: inflated };
  // Thousands of values or deep nesting: no scenario, and parsing it would block the page.
  if (!couldBeScenario(inflated.text)) return { error: 'tooLarge' };
  try {
    return { value: JSON.parse(inflated.text) };
  } catch {
    return { error: 'badJson' };
  }
}

/** The payload's text, or what is wrong with it. */
function inflatePayload(payload: string): { text: string } | 'badEncoding' | 'badCompression' | 'tooLarge' {
  const bytes = fromBase64Url(payload);
  if (!bytes || bytes.length === 0) return 'badEncoding';
  const inflated = inflateCapped(bytes);
  if (inflated === 'tooLarge') return 'tooLarge';
  if (!inflated) return 'badCompression';
  return { text: strFromU8(inflated) };
}

/** A decoded scenario through the migrations and the schema, like every other outside data. */
function opened(parsed: unknown): DecodeResult {
  const result = migrateScenario(parsed);
  if (!result.ok) return { ok: false, error: 'invalid', issues: result.issues };
  return result.notes
    ? { ok: true, scenario: result.scenario, notes: result.notes }
    : { ok: true, scenario: result.scenario };
}

/** Format 2: `<base>.<payload>`, the payload a patch of the frozen base. */
function shortPayload(rest: string): Payload {
  const dot = rest.indexOf('.');
  if (dot < 0) return { error: 'unknownFormat' };
  const key = rest.slice(0, dot);
  const base = LINK_BASES.get(key);
  if (base === undefined) {
    // A base of a later schema version: made by a newer app (say so, as for a whole scenario).
    const version = Number(key.slice(0, key.indexOf('-')));
    if (Number.isInteger(version) && version > CURRENT_SCHEMA_VERSION)
      return { value: { schemaVersion: version } };
    return { error: 'unknownFormat' };
  }
  const read = jsonPayload(rest.slice(dot + 1));
  if ('error' in read) return read;
  const parsed = read.value;
  if (!Array.isArray(parsed) || parsed.length < 1 || parsed.length > 2) return { error: 'badJson' };
  const scenario = applyToBase(base, parsed[0], parsed[1] ?? []);
  if (!scenario) return { error: 'badJson' };
  return { value: scenario };
}

/** Whether a hash fragment carries a scenario at all (an empty hash is not an error). */
export function hasScenarioHash(hash: string): boolean {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  return new URLSearchParams(raw).has(HASH_KEY);
}
