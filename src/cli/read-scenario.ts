import type { TFunction } from 'i18next';
import { presets, type Scenario } from '../engine';
import type { Locale } from '../lib/format';
import { decodeLink } from '../package/link';
import { MAX_FILE_BYTES, scenarioFromJson } from '../scenario/json-file';
import type { MigrationNote } from '../scenario/migrate';
import { issuesText } from '../view-model/import-messages';

/**
 * Where a command's scenario comes from: a preset by its id, a share link (the whole address, its
 * `#s=…` fragment), a scenario file exported from the page (or a bare scenario object), or the same
 * text on standard input. Read through the page's own doors (link codec, file reader, migrations), so
 * the command line accepts and refuses exactly what the page does, with the page's messages.
 */
export type ScenarioSource = { kind: 'preset'; id: string } | { kind: 'text'; text: string; origin: string };

export type ReadScenario =
  | { ok: true; scenario: Scenario; notes: readonly MigrationNote[] }
  | { ok: false; message: string };

/** A share link, as opposed to a file's JSON: the address or fragment the page writes. */
export function looksLikeLink(text: string): boolean {
  const trimmed = text.trim();
  return /^(https?:\/\/|#|s=)/i.test(trimmed) && !trimmed.startsWith('{');
}

export function readScenario(source: ScenarioSource, t: TFunction, locale: Locale): ReadScenario {
  if (source.kind === 'preset') {
    const scenario = presets[source.id];
    if (!scenario)
      return {
        ok: false,
        message: t('cli:unknownPreset', { id: source.id, ids: Object.keys(presets).join(', ') }),
      };
    return { ok: true, scenario, notes: [] };
  }
  if (looksLikeLink(source.text)) {
    const decoded = decodeLink(source.text);
    if (decoded.ok) return { ok: true, scenario: decoded.scenario, notes: decoded.notes ?? [] };
    return {
      ok: false,
      message: `${t('scenarios:link.title')}: ${t(`scenarios:link.error.${decoded.error}`, {
        issues: issuesText(t, decoded.issues, locale),
      })}`,
    };
  }
  if (source.text.length > MAX_FILE_BYTES)
    return { ok: false, message: t('scenarios:files.json.tooLarge', { file: source.origin }) };
  const result = scenarioFromJson(source.text);
  if (result.ok) return { ok: true, scenario: result.scenario, notes: result.notes ?? [] };
  return {
    ok: false,
    message: t(`scenarios:files.json.${result.error}`, {
      file: source.origin,
      issues: issuesText(t, result.issues, locale),
    }),
  };
}
