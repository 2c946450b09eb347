import { deflateSync, Inflate, strFromU8, strToU8 } from 'fflate';
import type { Scenario } from '../engine';
import { couldBeScenario } from './json-shape';
import { type MigrationNote, migrateScenario } from './migrate';
import type { ScenarioIssue } from './parse';

/**
 * Share links: `#s=<format>.<payload>`, payload = base64url(deflate(JSON of the scenario)), format `1`.
 * The format prefix versions the encoding itself (so a later compression change can still read old
 * links); the scenario's schemaVersion versions its content and runs through the migrations.
 */
export const LINK_FORMAT = '1';
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

/** The hash fragment (without `#`) that encodes the scenario. */
export function encodeScenarioHash(scenario: Scenario): string {
  const json = JSON.stringify(scenario);
  return `${HASH_KEY}=${LINK_FORMAT}.${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`;
}

/** Reads a scenario from a hash fragment (with or without `#`). Never throws. */
export function decodeScenarioHash(hash: string): DecodeResult {
  const fail = (error: LinkDecodeError, issues: ScenarioIssue[] = []): DecodeResult => ({
    ok: false,
    error,
    issues,
  });
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(raw);
  const value = params.get(HASH_KEY);
  if (!value) return fail('empty');
  if (value.length > MAX_PAYLOAD_CHARS) return fail('tooLarge');
  const dot = value.indexOf('.');
  if (dot < 0 || value.slice(0, dot) !== LINK_FORMAT) return fail('unknownFormat');
  const bytes = fromBase64Url(value.slice(dot + 1));
  if (!bytes || bytes.length === 0) return fail('badEncoding');
  const inflated = inflateCapped(bytes);
  if (inflated === 'tooLarge') return fail('tooLarge');
  if (!inflated) return fail('badCompression');
  const json = strFromU8(inflated);
  // Thousands of values or deep nesting: no scenario, and parsing it would block the page.
  if (!couldBeScenario(json)) return fail('tooLarge');
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return fail('badJson');
  }
  const result = migrateScenario(parsed);
  if (!result.ok) return fail('invalid', result.issues);
  return result.notes
    ? { ok: true, scenario: result.scenario, notes: result.notes }
    : { ok: true, scenario: result.scenario };
}

/** Whether a hash fragment carries a scenario at all (an empty hash is not an error). */
export function hasScenarioHash(hash: string): boolean {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  return new URLSearchParams(raw).has(HASH_KEY);
}
