import type { TFunction } from 'i18next';
import { presets, type Scenario } from '../engine';
import { MAX_FILE_BYTES } from '../scenario/json-file';
import type { MigrationNote } from '../scenario/migrate';
import { parseScenario } from '../scenario/parse';
import { issuesText } from '../view-model/import-messages';
import type { CliIo, FileRead } from './io';
import type { CliOptions } from './options';
import { looksLikeLink, readScenario } from './read-scenario';

/** What every command is run with. */
export interface CliContext {
  t: TFunction;
  options: CliOptions;
  io: CliIo;
}

export type Loaded<T> = { ok: true; value: T } | { ok: false; message: string; code: 1 | 2 };

/** A file's text, "-" for standard input; the failure in the page's words. */
export function readText(ctx: CliContext, path: string, maxBytes = MAX_FILE_BYTES): Loaded<string> {
  const read: FileRead | null = path === '-' ? ctx.io.readStdin(maxBytes) : ctx.io.readFile(path, maxBytes);
  const file = path === '-' ? 'stdin' : path;
  if (read === null) return { ok: false, code: 2, message: ctx.t('cli:noInput') };
  if (read.ok) return { ok: true, value: read.text };
  if (read.reason === 'missing') return { ok: false, code: 1, message: ctx.t('cli:fileMissing', { file }) };
  if (read.reason === 'tooLarge')
    return { ok: false, code: 1, message: ctx.t('scenarios:files.json.tooLarge', { file }) };
  return { ok: false, code: 1, message: ctx.t('cli:fileUnreadable', { file }) };
}

/**
 * The command's scenario: --preset, a share link or a file given as `arg`, or standard input when
 * nothing is given and something is piped in. --view is applied through the one door (the schema),
 * as the page's cost-view switch is.
 */
export function loadScenario(
  ctx: CliContext,
  arg: string | undefined,
): Loaded<{ scenario: Scenario; notes: readonly MigrationNote[]; fromLink: boolean }> {
  const { t, options } = ctx;
  let read: ReturnType<typeof readScenario>;
  let fromLink = false;
  if (arg === undefined && options.preset !== null) {
    read = readScenario({ kind: 'preset', id: options.preset }, t, options.locale);
  } else {
    let text: string;
    let origin: string;
    if (arg !== undefined && looksLikeLink(arg)) {
      text = arg;
      origin = 'link';
    } else {
      const loaded = readText(ctx, arg ?? '-');
      if (!loaded.ok) return loaded;
      text = loaded.value;
      origin = arg === undefined || arg === '-' ? 'stdin' : arg;
    }
    fromLink = looksLikeLink(text);
    read = readScenario({ kind: 'text', text, origin }, t, options.locale);
  }
  if (!read.ok) return { ok: false, code: 1, message: read.message };
  let scenario = read.scenario;
  if (options.view !== null && options.view !== scenario.finance.costView) {
    const parsed = parseScenario({ ...scenario, finance: { ...scenario.finance, costView: options.view } });
    if (!parsed.ok) return { ok: false, code: 1, message: issuesText(t, parsed.issues, options.locale) };
    scenario = parsed.scenario;
  }
  return { ok: true, value: { scenario, notes: read.notes, fromLink } };
}

/** The preset ids, for the help text and messages. */
export function presetIds(): string {
  return Object.keys(presets).join(', ');
}
