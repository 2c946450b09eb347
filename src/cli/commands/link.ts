import { encodeLink } from '../../package/link';
import { scenarioToJson } from '../../scenario/json-file';
import { type CliContext, loadScenario } from '../context';
import type { CommandResult } from './result';
import { notesText } from './result';

/**
 * `gpu-tco link <input> [--url address]`: a scenario (file, preset, stdin) to the share link the page
 * writes for it (the fragment alone, or after --url); a share link to the scenario file the page's
 * "Export JSON" writes. Both ways go through the page's codec and door.
 */
export function linkCommand(ctx: CliContext): CommandResult {
  const arg = ctx.options.positionals[1];
  const loaded = loadScenario(ctx, arg);
  if (!loaded.ok) return loaded;
  const notes = notesText(ctx, loaded.value.notes);
  if (loaded.value.fromLink) return { ok: true, text: scenarioToJson(loaded.value.scenario), notes };
  return { ok: true, text: `${encodeLink(loaded.value.scenario, ctx.options.url ?? '')}\n`, notes };
}
