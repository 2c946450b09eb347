import type { MigrationNote } from '../../scenario/migrate';
import type { CliContext } from '../context';

/** What a command produced: its whole output, or the message that refused it (exit 1, or 2 for usage). */
export type CommandResult =
  | { ok: true; text: string; notes?: string }
  | { ok: false; message: string; code: 1 | 2 };

/** What an upgrade from an older file or link assumed, as the page's notice says it (for stderr). */
export function notesText(ctx: CliContext, notes: readonly MigrationNote[]): string {
  return notes
    .map((note) => `${ctx.t('cli:notes', { text: ctx.t(`scenarios:upgraded.note.${note}`) })}\n`)
    .join('');
}
