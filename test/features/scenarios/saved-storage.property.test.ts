import fc from 'fast-check';
import { defaultScenario, presets, type Scenario } from '../../../src/engine';
import {
  addSaved,
  deleteSaved,
  duplicateSaved,
  renameSaved,
  resetSavedToPreset,
} from '../../../src/features/scenarios/saved-scenarios';
import { type LoadedSaves, loadSaved, type SavedScenario, updateSaved } from '../../../src/scenario';
import { QUARANTINE_KEY } from '../../../src/scenario/kept-aside';
import { LEGACY_LIST_KEY as SAVED_KEY } from '../../../src/scenario/storage';
import { MemoryStorage } from '../../scenario/memory-storage';

/**
 * Issue 12: for any stored blob (valid lists, truncated JSON, broken entries, duplicate ids, a
 * damaged kept-aside list) and any sequence of save / rename / duplicate / delete / reset with the
 * storage sometimes full, no saved or kept-aside entry disappears unless the user deleted it.
 */

const T = '2026-12-01T00:00:00.000Z';
const steady = presets.steadyLab as Scenario;

const validItem = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'a-2'),
  name: fc.string({ minLength: 1, maxLength: 12 }),
  savedAt: fc.constant(T),
  scenario: fc.constantFrom(defaultScenario, steady),
});

const brokenItem = fc.oneof(
  fc.record({
    id: fc.constantFrom('a', 'b', 'z'),
    name: fc.string({ maxLength: 8 }),
    scenario: fc.constant({ ...defaultScenario, horizonMonths: -1 }),
  }),
  fc.record({ id: fc.integer() }),
  fc.integer(),
  fc.constant(null),
  fc.string({ maxLength: 8 }),
);

type Item = { kind: 'valid'; value: unknown } | { kind: 'broken'; value: unknown };
const item: fc.Arbitrary<Item> = fc.oneof(
  { weight: 2, arbitrary: validItem.map((value) => ({ kind: 'valid' as const, value })) },
  { weight: 1, arbitrary: brokenItem.map((value) => ({ kind: 'broken' as const, value })) },
);

/** What SAVED_KEY holds at the start, and what any correct load must find in it. */
type Blob = { text: string | null; validCount: number; mustKeepRaws: string[] };
const savedBlob: fc.Arbitrary<Blob> = fc.oneof(
  fc.constant<Blob>({ text: null, validCount: 0, mustKeepRaws: [] }),
  fc.array(item, { maxLength: 6 }).map((items) => ({
    text: JSON.stringify(items.map((i) => i.value)),
    validCount: items.filter((i) => i.kind === 'valid').length,
    mustKeepRaws: items.filter((i) => i.kind === 'broken').map((i) => JSON.stringify(i.value)),
  })),
  fc.tuple(fc.array(validItem, { minLength: 1, maxLength: 4 }), fc.nat()).map(([items, cut]) => {
    const whole = JSON.stringify(items);
    const text = whole.slice(0, 1 + (cut % (whole.length - 1)));
    return { text, validCount: 0, mustKeepRaws: [text] };
  }),
);

const quarantineBlob = fc.constantFrom(
  null,
  '[]',
  JSON.stringify([{ raw: '{"id":"old"}', reason: 'not a saved scenario', code: 'notSaved' }]),
  '[{"raw": "cut off',
);

const fullMode = fc.constantFrom<MemoryStorage['full']>('no', 'growing', 'all');

type Op =
  | { op: 'save'; name: string }
  | { op: 'rename'; pick: number; name: string }
  | { op: 'duplicate'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'reset'; pick: number }
  | { op: 'full'; mode: MemoryStorage['full'] };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('save' as const), name: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({
    op: fc.constant('rename' as const),
    pick: fc.nat(),
    name: fc.string({ minLength: 1, maxLength: 8 }),
  }),
  fc.record({ op: fc.constant('duplicate' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('reset' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('full' as const), mode: fullMode }),
);

const pairs = (list: readonly SavedScenario[]) => list.map((e) => [e.id, e.name]);
const raws = (loaded: LoadedSaves) => new Set(loaded.quarantined.map((q) => q.raw));

describe('saved scenarios under random stored data, edits and a full storage', () => {
  it('never loses a saved or kept-aside entry the user did not delete', () => {
    fc.assert(
      fc.property(
        savedBlob,
        quarantineBlob,
        fullMode,
        fc.array(op, { maxLength: 12 }),
        (blob, q, full, ops) => {
          const storage = new MemoryStorage();
          if (blob.text !== null) storage.setItem(SAVED_KEY, blob.text);
          if (q !== null) storage.setItem(QUARANTINE_KEY, q);
          storage.full = full;

          const first = loadSaved(storage);
          // Independent of the code under test: what the generated blob holds must all be found.
          expect(first.entries).toHaveLength(blob.validCount);
          const kept = raws(first);
          for (const raw of blob.mustKeepRaws) expect(kept.has(raw)).toBe(true);
          if (q !== null && q !== '[]') expect(first.quarantined.length).toBeGreaterThan(0);

          // The model: the saved entries the user should see, in order.
          let model: SavedScenario[] = first.entries;
          let fresh = 0;
          for (const step of ops) {
            if (step.op === 'full') {
              storage.full = step.mode;
              continue;
            }
            const target =
              model.length > 0 ? model[('pick' in step ? step.pick : 0) % model.length] : undefined;
            let edit: ((list: readonly SavedScenario[]) => SavedScenario[]) | null = null;
            let removing: string[] = [];
            if (step.op === 'save') {
              const entry = { id: `n${fresh++}`, name: step.name, savedAt: T, scenario: steady };
              edit = (list) => addSaved(list, entry);
            } else if (target && step.op === 'rename') {
              edit = (list) => renameSaved(list, target.id, step.name, T);
            } else if (target && step.op === 'duplicate') {
              const copy = { id: `n${fresh++}`, name: `${target.name} (copy)`, savedAt: T };
              edit = (list) => duplicateSaved(list, target.id, copy);
            } else if (target && step.op === 'delete') {
              edit = (list) => deleteSaved(list, target.id);
              removing = [target.id];
            } else if (target && step.op === 'reset') {
              edit = (list) =>
                resetSavedToPreset(list, target.id, { id: 'seedTeam', scenario: defaultScenario }, T);
            }
            if (!edit) continue;
            const result = updateSaved(storage, edit, { removing });
            if (result.ok) model = edit(model);
            else expect(result.error).toBe('quota');

            // A reload (with the storage as full as it is now) shows exactly the model...
            const reloaded = loadSaved(storage);
            expect(pairs(reloaded.entries)).toEqual(pairs(model));
            // ...and every entry ever kept aside is still kept aside.
            const now = raws(reloaded);
            for (const raw of kept) expect(now.has(raw)).toBe(true);
            for (const raw of now) kept.add(raw);
          }
        },
      ),
    );
  });
});
