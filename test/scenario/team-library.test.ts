import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultScenario, presets, type Scenario } from '../../src/engine';
import {
  applyMerge,
  libraryToJson,
  loadSaved,
  MAX_LIBRARY_BYTES,
  parseLibrary,
  planMerge,
  type SavedScenario,
  updateSaved,
} from '../../src/scenario';
import { scenarioFingerprint } from '../../src/scenario/budget-stamp';
import { CURRENT_SCHEMA_VERSION } from '../../src/scenario/migrate';
import { textHash } from '../../src/scenario/text-hash';
import { decodeScenarioHash } from '../../src/scenario/url-codec';
import { readBudgetFromHash } from '../../src/state/url-sync';
import { MemoryStorage } from './memory-storage';

/**
 * The team library file (issue 39 item 5): a versioned JSON document of saved entries with their
 * links and hashes; opened whole or refused with a named reason; merged into the saved list with every
 * conflict kept both unless the user chooses otherwise.
 */
const entry = (
  id: string,
  name: string,
  scenario: Scenario,
  savedAt: string,
  tags?: string[],
): SavedScenario => ({
  id,
  name,
  savedAt,
  scenario,
  ...(tags ? { tags } : {}),
});

const a = entry('a', 'Budget FY27', presets.largeLab as Scenario, '2026-11-02T09:00:00.000Z', ['FY27']);
const b = entry('b', 'Steady lab', presets.steadyLab as Scenario, '2026-11-03T09:00:00.000Z');
const page = 'https://intranet.example/tco/';

function library(entries: SavedScenario[], extraTags?: string[]): string {
  return libraryToJson(entries, { exportedAt: '2026-12-01T08:00:00.000Z', pageUrl: page, extraTags });
}

describe('team library file', () => {
  it('round-trips entries with their names, times, tags and scenarios; each link opens its scenario', () => {
    const text = library([a, b], ['infra', 'FY27']);
    const doc = JSON.parse(text);
    expect(doc.format).toBe('gpu-tco-team-library');
    expect(doc.version).toBe(1);
    expect(doc.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    // Tags of the entry first, then the export's, each once.
    expect(doc.entries[0].tags).toEqual(['FY27', 'infra']);
    expect(doc.entries[1].tags).toEqual(['infra', 'FY27']);
    for (const [i, e] of [a, b].entries()) {
      const link: string = doc.entries[i].link;
      expect(link.startsWith(`${page}#s=`)).toBe(true);
      const decoded = decodeScenarioHash(link.slice(link.indexOf('#') + 1));
      expect(decoded.ok && decoded.scenario).toEqual(e.scenario);
    }
    const read = parseLibrary(text);
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    expect(read.library.exportedAt).toBe('2026-12-01T08:00:00.000Z');
    expect(read.library.entries.map((e) => e.entry)).toEqual([
      { ...a, tags: ['FY27', 'infra'] },
      { ...b, tags: ['infra', 'FY27'] },
    ]);
  });

  it('refuses a damaged, edited, foreign, newer, oversized or over-deep file with a named reason', () => {
    const good = library([a, b]);
    const code = (text: string) => {
      const r = parseLibrary(text);
      return r.ok ? 'ok' : r.error;
    };
    expect(code(good.slice(0, good.length / 2))).toEqual({ code: 'notJson' });
    expect(code('{"format":"gpu-tco-saved-scenarios","version":1,"saved":[]}')).toEqual({
      code: 'notLibrary',
    });
    expect(code(good.replace('"version": 1', '"version": 2'))).toEqual({ code: 'newerLibrary', version: 2 });
    // One number edited by hand inside the second entry: its hash no longer matches.
    const doc = JSON.parse(good);
    doc.entries[1].scenario.horizonMonths = 48;
    expect(code(JSON.stringify(doc))).toEqual({ code: 'entryDamaged', index: 2, name: 'Steady lab' });
    // The hash covers more than the scenario: a time moved forward (to win "which is newer"), a tag or
    // a link edited by hand are each caught.
    for (const edit of [
      (e: Record<string, unknown>) => {
        e.savedAt = '2027-01-01T00:00:00.000Z';
      },
      (e: Record<string, unknown>) => {
        e.tags = ['approved'];
      },
      (e: Record<string, unknown>) => {
        e.link = 'https://elsewhere.example/#s=1.x';
      },
    ]) {
      const d = JSON.parse(good);
      edit(d.entries[0]);
      expect(code(JSON.stringify(d))).toEqual({ code: 'entryDamaged', index: 1, name: 'Budget FY27' });
    }
    // An entry made by a newer release, its hash right.
    const newer = JSON.parse(good);
    newer.entries[0].scenario = { ...newer.entries[0].scenario, schemaVersion: CURRENT_SCHEMA_VERSION + 1 };
    newer.entries[0].hash = hashOf(newer.entries[0]);
    expect(code(JSON.stringify(newer))).toEqual({
      code: 'entryNewer',
      index: 1,
      name: 'Budget FY27',
      version: CURRENT_SCHEMA_VERSION + 1,
    });
    // An entry whose scenario no longer validates (hash right): the field is named.
    const invalid = JSON.parse(good);
    invalid.entries[0].scenario.horizonMonths = -3;
    invalid.entries[0].hash = hashOf(invalid.entries[0]);
    const r = parseLibrary(JSON.stringify(invalid));
    expect(!r.ok && r.error.code === 'entryInvalid' && r.error.issue?.path).toBe('horizonMonths');
    expect(code(' '.repeat(MAX_LIBRARY_BYTES + 1))).toEqual({ code: 'tooLarge', limit: MAX_LIBRARY_BYTES });
    expect(code(`${'['.repeat(5_000)}${']'.repeat(5_000)}`)).toEqual({ code: 'tooDeep' });
    const twice = JSON.parse(good);
    twice.entries[1] = { ...twice.entries[0], name: 'Again' };
    expect(code(JSON.stringify(twice))).toEqual({ code: 'entryDuplicate', index: 2, name: 'Again' });
    expect(code('{"format":"gpu-tco-team-library","version":1,"entries":[{"id":"x"}]}')).toEqual({
      code: 'entryNotSaved',
      index: 1,
    });
  });

  it('an entry saved by an earlier schema version is migrated as a saved entry is', () => {
    const v9 = JSON.parse(
      readFileSync(new URL('../../src/scenario/link-bases/v9.json', import.meta.url), 'utf8'),
    );
    const old = {
      id: 'old',
      name: 'From last year',
      savedAt: '2026-01-01T00:00:00.000Z',
      link: '',
      scenario: v9.bases.steadyLab,
    };
    expect(old.scenario.schemaVersion).toBe(9);
    const text = JSON.stringify({
      format: 'gpu-tco-team-library',
      version: 1,
      entries: [{ ...old, hash: hashOf(old) }],
    });
    const read = parseLibrary(text);
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    const migrated = read.library.entries[0]?.entry.scenario;
    expect(migrated?.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    // v10 opened a v9 scenario in the accounting view it was priced in.
    expect(migrated?.finance.costView).toBe('accounting');
    expect(migrated?.horizonMonths).toBe(v9.bases.steadyLab.horizonMonths);
  });

  it('plans the merge: new, already saved, the same scenario under another entry, and a conflict with which is newer', () => {
    const edited = { ...a, name: 'Budget FY27 (v2)', savedAt: '2026-11-20T09:00:00.000Z' };
    const twin = entry('z', 'Copy of steady lab', b.scenario, '2026-10-01T00:00:00.000Z');
    const fresh = entry('c', 'Seed', defaultScenario, '2026-11-05T00:00:00.000Z');
    const read = parseLibrary(library([edited, twin, fresh, b]));
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    const rows = planMerge([a, b], read.library.entries);
    expect(rows.map((r) => r.kind)).toEqual(['conflict', 'duplicate', 'new', 'same']);
    expect(rows[0]?.kind === 'conflict' && rows[0].newer).toBe('library');
    expect(rows[1]?.kind === 'duplicate' && rows[1].saved.id).toBe('b');
  });

  it('after keeping both, the same library again is already saved: the kept copy is found, no conflict', () => {
    const edited = { ...a, name: 'Budget FY27 (v2)', scenario: presets.steadyLab as Scenario };
    const read = parseLibrary(library([edited]));
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    const options = { id: () => 'copy', conflictName: (e: SavedScenario) => `${e.name} · library` };
    const once = applyMerge([a], planMerge([a], read.library.entries), new Map(), options);
    const copy = once.find((e) => e.id === 'copy');
    // The copy opens under its own name: its scenario carries it, as every saved entry's does.
    expect(copy?.name).toBe('Budget FY27 (v2) · library');
    expect(copy?.scenario.name).toBe('Budget FY27 (v2) · library');
    const again = planMerge(once, read.library.entries);
    expect(again.map((r) => r.kind)).toEqual(['duplicate']);
    expect(again[0]?.kind === 'duplicate' && again[0].saved.id).toBe('copy');
    // The team tags that entry later: the tags reach the kept copy, nothing else changes.
    const tagged = parseLibrary(library([edited], ['approved']));
    if (!tagged.ok) throw new Error(JSON.stringify(tagged.error));
    const rows = planMerge(once, tagged.library.entries);
    expect(rows.map((r) => [r.kind, r.kind === 'tags' ? r.saved.id : null])).toEqual([['tags', 'copy']]);
    const after = applyMerge(once, rows, new Map(), options);
    expect(after.find((e) => e.id === 'copy')?.tags).toEqual(['FY27', 'approved']);
    expect(after).toHaveLength(2);
  });

  it('an entry saved alike but for tags only adds the library’s tags, never removes one', () => {
    const read = parseLibrary(library([a], ['infra']));
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    const rows = planMerge([a, b], read.library.entries);
    expect(rows.map((r) => r.kind)).toEqual(['tags']);
    const merged = applyMerge([a, b], rows, new Map(), { id: () => 'x', conflictName: (e) => e.name });
    expect(merged[0]).toEqual({ ...a, tags: ['FY27', 'infra'] });
    expect(merged).toHaveLength(2);
  });

  it('keeps both by default, never overwriting; "saved" and "library" choices do what they say', () => {
    const edited = { ...a, name: 'Budget FY27 (v2)', scenario: { ...a.scenario, horizonMonths: 48 } };
    const fresh = entry('c', 'Seed', defaultScenario, '2026-11-05T00:00:00.000Z');
    const read = parseLibrary(library([edited, fresh]));
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    const rows = planMerge([a, b], read.library.entries);
    let n = 0;
    const options = { id: () => `new-${++n}`, conflictName: (e: SavedScenario) => `${e.name} · library` };
    const both = applyMerge([a, b], rows, new Map(), options);
    expect(both.map((e) => [e.id, e.name])).toEqual([
      ['a', 'Budget FY27'],
      ['b', 'Steady lab'],
      // In the library's order: the conflict's copy, then the new entry.
      ['new-1', 'Budget FY27 (v2) · library'],
      ['c', 'Seed'],
    ]);
    expect(both[0]).toEqual(a);
    expect(both[2]?.scenario).toEqual({ ...edited.scenario, name: 'Budget FY27 (v2) · library' });
    const mine = applyMerge([a, b], rows, new Map([['a', 'saved']]), options);
    expect(mine.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(mine[0]).toEqual(a);
    const theirs = applyMerge([a, b], rows, new Map([['a', 'library']]), options);
    expect(theirs[0]).toEqual({ ...edited, id: 'a', tags: ['FY27'] });
  });

  it('merged through the saved list’s one door, a stored entry keeps its tags and nothing saved is lost', () => {
    const storage = new MemoryStorage();
    expect(updateSaved(storage, () => [a, b]).ok).toBe(true);
    const read = parseLibrary(
      library([entry('c', 'Seed', defaultScenario, '2026-11-05T00:00:00.000Z', ['team'])]),
    );
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    const result = updateSaved(storage, (list) =>
      applyMerge(list, planMerge(list, read.library.entries), new Map(), {
        id: () => 'x',
        conflictName: (e) => e.name,
      }),
    );
    expect(result.ok).toBe(true);
    const loaded = loadSaved(storage).entries;
    expect(loaded.map((e) => [e.name, e.tags])).toEqual([
      ['Budget FY27', ['FY27']],
      ['Steady lab', undefined],
      ['Seed', ['team']],
    ]);
  });
});

/** An entry's hash as a file holds it: its fields in a fixed order, absent ones empty. */
function hashOf(e: Record<string, unknown>): string {
  // FNV-1a over UTF-16 code units, written here independently of src/scenario/text-hash.ts.
  const text = JSON.stringify([
    e.id,
    e.name,
    e.savedAt ?? '',
    e.tags ?? [],
    e.presetId ?? '',
    e.link ?? '',
    e.scenario,
  ]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The entry hash as docs/features.md describes it: FNV-1a of its fields in order, then stamp and actuals. */
function entryHashOf(e: Record<string, unknown>): string {
  const fields = [e.id, e.name, e.savedAt ?? '', e.tags ?? [], e.presetId ?? '', e.link ?? '', e.scenario];
  const extras = [
    ...(e.budget === undefined ? [] : [e.budget]),
    ...(e.actuals === undefined ? [] : [e.actuals]),
  ];
  return textHash(JSON.stringify([...fields, ...extras]));
}

describe('team library with frozen budget versions', () => {
  const frozenScenario = { ...(presets.largeLab as Scenario), name: 'Budget FY27 · v1' };
  const stamp = {
    budgetId: 'fy27',
    label: 'Budget FY27',
    version: 1,
    frozenAt: '2026-11-02T09:00:00.000Z',
    preparedBy: 'Li Wei',
    hash: scenarioFingerprint(frozenScenario),
  };
  const frozen: SavedScenario = {
    id: 'v1',
    name: 'Budget FY27 · v1',
    savedAt: stamp.frozenAt,
    scenario: frozenScenario,
    budget: stamp,
  };

  it('carries the stamp in the file, covered by the entry’s hash, and in its link', () => {
    const text = library([frozen]);
    const read = parseLibrary(text);
    expect(read.ok && read.library.entries[0]?.entry.budget).toEqual(stamp);
    const link = read.ok ? (read.library.entries[0]?.link ?? '') : '';
    expect(readBudgetFromHash(link.slice(link.indexOf('#')))).toEqual({
      kind: 'frozen',
      stamp,
      actuals: null,
    });
    // An edit of the stamp (another preparer) breaks the entry's hash: refused.
    const edited = text.replace('"preparedBy": "Li Wei"', '"preparedBy": "Someone else"');
    expect(edited).not.toBe(text);
    expect(parseLibrary(edited)).toMatchObject({ ok: false, error: { code: 'entryDamaged', index: 1 } });
  });

  it('a conflict never replaces a frozen saved version, even when the library’s copy is chosen', () => {
    const { budget: _stamp, ...plain } = frozen;
    const other: SavedScenario = { ...plain, name: 'Budget FY27 · v1 (theirs)' };
    const read = parseLibrary(library([{ ...other, scenario: { ...frozenScenario, horizonMonths: 24 } }]));
    if (!read.ok) throw new Error('library did not open');
    const rows = planMerge([frozen], read.library.entries);
    expect(rows[0]?.kind).toBe('conflict');
    const merged = applyMerge([frozen], rows, new Map([['v1', 'library' as const]]), {
      id: () => 'copy',
      conflictName: (e) => `${e.name} · library`,
    });
    expect(merged[0]).toEqual(frozen);
    expect(merged.map((e) => e.id)).toEqual(['v1', 'copy']);
  });

  it('the copy of a frozen version kept beside a conflict stays that frozen version (its figures untouched)', () => {
    const storage = new MemoryStorage();
    const { budget: _stamp, ...plain } = frozen;
    const mine: SavedScenario = { ...plain, name: 'Mine', scenario: { ...frozenScenario, name: 'Mine' } };
    const read = parseLibrary(library([frozen]));
    if (!read.ok) throw new Error('library did not open');
    const rows = planMerge([mine], read.library.entries);
    expect(rows[0]?.kind).toBe('conflict');
    const merged = applyMerge([mine], rows, new Map(), {
      id: () => 'copy',
      conflictName: () => 'FY27 · library',
    });
    expect(updateSaved(storage, () => merged).ok).toBe(true);
    const loaded = loadSaved(storage);
    expect(loaded.quarantined).toEqual([]);
    const copy = loaded.entries.find((e) => e.id === 'copy');
    expect(copy?.name).toBe('FY27 · library');
    expect(copy?.budget).toEqual(stamp);
    expect(copy?.scenario).toEqual(frozenScenario);
  });

  it('a frozen version whose figures equal a saved draft’s is a version to add, not a duplicate', () => {
    const { budget: _stamp, ...plain } = frozen;
    const draft: SavedScenario = { ...plain, id: 'draft', name: 'Draft', scenario: frozenScenario };
    const read = parseLibrary(library([frozen]));
    if (!read.ok) throw new Error('library did not open');
    expect(planMerge([draft], read.library.entries)[0]?.kind).toBe('new');
  });

  it('refuses a library whose frozen entry no longer matches its fingerprint, naming the entry', () => {
    const text = library([frozen]);
    const doc = JSON.parse(text);
    const item = doc.entries[0];
    item.scenario = { ...item.scenario, horizonMonths: 24 };
    // Re-hash the entry the way a writer would, so only the stamp's check can catch the edit.
    item.link = '';
    const { hash: _h, ...fields } = item;
    item.hash = entryHashOf(fields);
    expect(parseLibrary(JSON.stringify(doc))).toMatchObject({
      ok: false,
      error: { code: 'entryBudgetAltered', index: 1 },
    });
  });

  it('a frozen entry upgraded on reading keeps its fingerprint, gains that of the figures written, and still reads as frozen', () => {
    // As if this release had migrated the stored figures (another horizon) after checking the stamp.
    const upgraded: SavedScenario = { ...frozen, scenario: { ...frozenScenario, horizonMonths: 48 } };
    const storage = new MemoryStorage();
    expect(updateSaved(storage, () => [upgraded]).ok).toBe(true);
    const loaded = loadSaved(storage);
    expect(loaded.quarantined).toEqual([]);
    expect(loaded.entries[0]?.budget?.hash).toBe(stamp.hash);
    expect(loaded.entries[0]?.budget?.upgradedHash).toBe(scenarioFingerprint(upgraded.scenario));
  });
});
