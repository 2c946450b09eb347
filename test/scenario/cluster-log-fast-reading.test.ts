import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCsvFieldReader, splitCsvLine } from '../../src/scenario/cluster-log-csv-line';
import { gpusFromTres } from '../../src/scenario/cluster-log-slurm';
import { parseLogTimeMs } from '../../src/scenario/cluster-log-time';
import { createLogTimeReader } from '../../src/scenario/cluster-log-time-reader';

/** Texts near the shapes logs write: digits and separators in the places a time has them, or not. */
const arbNearTime = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.option(fc.integer({ min: 0, max: 999 }), { nil: null }),
    fc.constantFrom('-', '/', '.', 'x'),
    fc.constantFrom('-', '/'),
    fc.constantFrom('T', ' ', 't', '_'),
    fc.constantFrom('.', ',', ':'),
    fc.constantFrom('', 'Z', '+08:00', ' ', '\t'),
  )
  .map(([y, mo, d, h, mi, s, ms, sep1, sep2, between, frac, tail]) => {
    const p = (v: number, n = 2) => String(v).padStart(n, '0');
    const fraction = ms === null ? '' : `${frac}${p(ms, 3)}`;
    return `${p(y, 4)}${sep1}${p(mo)}${sep2}${p(d)}${between}${p(h)}:${p(mi)}:${p(s)}${fraction}${tail}`;
  });

describe('the log time reader (parseLogTimeMs, faster)', () => {
  it('answers exactly as parseLogTimeMs for texts near the shapes logs write, in any order and repeated', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(arbNearTime, fc.string({ maxLength: 25 })), { maxLength: 40 }),
        (texts) => {
          const read = createLogTimeReader();
          for (const text of [...texts, ...texts]) expect(read(text)).toBe(parseLogTimeMs(text));
        },
      ),
      { numRuns: 400, seed: 20_261_203 },
    );
  });

  it('reads sacct and nvidia-smi times, and refuses 31 February and a 25th hour as parseLogTimeMs does', () => {
    const read = createLogTimeReader();
    expect(read('2026-01-05T10:00:00')).toBe(Date.UTC(2026, 0, 5, 10));
    expect(read('2026/01/05 10:00:00.250')).toBe(Date.UTC(2026, 0, 5, 10, 0, 0, 250));
    expect(read('2026-02-31T10:00:00')).toBeNull();
    expect(read('2026-01-05T25:00:00')).toBeNull();
    expect(read('2026-01-05T10:00:00+08:00')).toBe(Date.UTC(2026, 0, 5, 2));
  });
});

/** AllocTRES as it was read before the faster reading (issue 36): every entry split out. */
function gpusFromTresBySplit(value: string) {
  let untyped: number | null = null;
  let typed = 0;
  for (const entry of value.split(',')) {
    const eq = entry.indexOf('=');
    const key = entry.slice(0, eq).trim();
    if (key !== 'gres/gpu' && !key.startsWith('gres/gpu:')) continue;
    const count = entry.slice(eq + 1).trim();
    if (!/^\d+$/.test(count)) return { ok: false, entry: entry.trim() };
    if (key === 'gres/gpu') untyped = Number(count);
    else typed += Number(count);
  }
  return { ok: true, gpus: untyped ?? typed };
}

describe('AllocTRES read without splitting every entry', () => {
  it('gives the counts and the bad entry that splitting every entry gave (counts within the cluster limit)', () => {
    const entry = fc.oneof(
      fc.constantFrom('billing=8', 'cpu=4', 'mem=64G', 'node=1', 'x=gres/gpu', 'gres/gpu', ' gres/gpu=2 '),
      fc.integer({ min: 0, max: 9999 }).map((n) => `gres/gpu=${n}`),
      fc
        .tuple(fc.constantFrom('a100', 'h100', 'l40s'), fc.integer({ min: 0, max: 999 }))
        .map(([t, n]) => `gres/gpu:${t}=${n}`),
      fc.constantFrom('gres/gpu=eight', 'gres/gpu:a100=', 'gres/gpu=-1'),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        const value = entries.join(',');
        expect(gpusFromTres(value)).toEqual(gpusFromTresBySplit(value));
      }),
      { numRuns: 500, seed: 20_261_203 },
    );
  });
});

describe('telemetry fields cut out one at a time', () => {
  it('are the fields splitCsvLine gives, for lines with spaces, tabs, no-break spaces and quotes', () => {
    const piece = fc.constantFrom(
      '0',
      ' 1',
      '87 %',
      ' ',
      '\t',
      '\u00a0',
      '"a,b"',
      '""',
      'x y',
      ',',
      '2026/01/05 10:00:00.000',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const line = pieces.join('');
        const expected = splitCsvLine(line);
        const reader = createCsvFieldReader();
        expect(reader.read(line)).toBe(expected.length);
        for (let i = -1; i <= expected.length; i++) expect(reader.field(i)).toBe(expected[i] ?? '');
      }),
      { numRuns: 500, seed: 20_261_203 },
    );
  });
});
