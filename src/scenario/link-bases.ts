// The attribute lets Node (the browser tests import the codec) load JSON as the bundler does.
import v5 from './link-bases/v5.json' with { type: 'json' };
import v6 from './link-bases/v6.json' with { type: 'json' };
import v7 from './link-bases/v7.json' with { type: 'json' };
import v8 from './link-bases/v8.json' with { type: 'json' };
import v9 from './link-bases/v9.json' with { type: 'json' };
import v10 from './link-bases/v10.json' with { type: 'json' };
import v11 from './link-bases/v11.json' with { type: 'json' };
import v12 from './link-bases/v12.json' with { type: 'json' };
import v13 from './link-bases/v13.json' with { type: 'json' };
import v14 from './link-bases/v14.json' with { type: 'json' };
import v15 from './link-bases/v15.json' with { type: 'json' };
import v16 from './link-bases/v16.json' with { type: 'json' };
import v17 from './link-bases/v17.json' with { type: 'json' };

/**
 * The frozen bases short links are written against (issue 21): for each schema version, its presets
 * as they were when that version shipped (the seed example is also the defaults). Data, not code:
 * a link says "preset P of version V, with these changes", so it keeps its meaning when presets or
 * defaults change later — its base never does (test/scenario/link-bases.test.ts fails if one
 * changes). A new schema version adds a file next to v5.json with its own presets, frozen the day it
 * ships; links of older versions still open through their own base and the migrations.
 */
interface FrozenBases {
  schemaVersion: number;
  bases: Record<string, unknown>;
}

const FROZEN: readonly FrozenBases[] = [v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17];

/** A base's key in a link: `<schema version>-<preset id>`, e.g. `5-steadyLab`. */
export function baseKey(schemaVersion: number, id: string): string {
  return `${schemaVersion}-${id}`;
}

/** Every frozen base by key. */
export const LINK_BASES: ReadonlyMap<string, unknown> = new Map(
  FROZEN.flatMap((f) => Object.entries(f.bases).map(([id, base]) => [baseKey(f.schemaVersion, id), base])),
);

/** The keys of the bases frozen for one schema version (empty when none were). */
export function baseKeysFor(schemaVersion: number): string[] {
  const f = FROZEN.find((x) => x.schemaVersion === schemaVersion);
  return f ? Object.keys(f.bases).map((id) => baseKey(f.schemaVersion, id)) : [];
}
