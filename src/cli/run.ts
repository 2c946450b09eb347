import type { Locale } from '../lib/format';
import { evaluateCommand } from './commands/evaluate';
import { ladderCommand } from './commands/ladder';
import { linkCommand } from './commands/link';
import { logsCommand } from './commands/logs';
import { openCostCommand } from './commands/opencost';
import { planCommand } from './commands/plan';
import type { CommandResult } from './commands/result';
import { schemaCommand } from './commands/schema';
import { sweepCommand } from './commands/sweep';
import { type CliContext, presetIds } from './context';
import type { CliIo, ExitCode } from './io';
import { parseOptions } from './options';
import { cliTranslator } from './translate';

/** The package's version, printed by --version (set by the build from package.json). */
export interface RunEnvironment {
  version: string;
  today: Date;
}

const COMMANDS = ['evaluate', 'sweep', 'plan', 'ladder', 'logs', 'link', 'opencost', 'schema'] as const;
type Command = (typeof COMMANDS)[number];

/**
 * Runs one command line (the arguments after the program's name) and returns its exit code. A
 * command's output is written only when it is whole — to standard output, or with --output to a file
 * written under a temporary name and renamed — and a refused input writes only its message, on
 * standard error, in the page's words; never a stack trace.
 */
export function runCli(argv: readonly string[], io: CliIo, env: RunEnvironment): ExitCode {
  const translators = new Map<Locale, ReturnType<typeof cliTranslator>>();
  const tFor = (locale: Locale) => {
    let t = translators.get(locale);
    if (!t) {
      t = cliTranslator(locale);
      translators.set(locale, t);
    }
    return t;
  };
  const parsed = parseOptions(argv, tFor);
  if (!parsed.ok) {
    io.stderr(`${parsed.message}\n`);
    return 2;
  }
  const options = parsed.options;
  const t = tFor(options.locale);
  if (options.version) {
    io.stdout(`${env.version}\n`);
    return 0;
  }
  const command = options.positionals[0];
  if (options.help || command === undefined || command === 'help') {
    io.stdout(`${t('cli:help', { presets: presetIds() })}\n`);
    return command === undefined && !options.help ? 2 : 0;
  }
  if (!(COMMANDS as readonly string[]).includes(command)) {
    io.stderr(`${t('cli:unknownCommand', { command })}\n`);
    return 2;
  }
  const ctx: CliContext = { t, options, io };
  let result: CommandResult;
  try {
    result = dispatch(command as Command, ctx, env);
  } catch (error) {
    // A bug, not an input: one line naming it, never a stack trace for the user to read.
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (!result.ok) {
    io.stderr(`${result.message}\n`);
    return result.code;
  }
  if (result.notes) io.stderr(result.notes);
  if (options.output !== null) {
    const written = io.writeFile(options.output, result.text);
    if (!written.ok) {
      io.stderr(`${t('cli:writeFailed', { file: options.output, reason: written.reason })}\n`);
      return 1;
    }
    return 0;
  }
  io.stdout(result.text);
  return 0;
}

function dispatch(command: Command, ctx: CliContext, env: RunEnvironment): CommandResult {
  switch (command) {
    case 'evaluate':
      return evaluateCommand(ctx);
    case 'sweep':
      return sweepCommand(ctx);
    case 'plan':
      return planCommand(ctx);
    case 'ladder':
      return ladderCommand(ctx);
    case 'logs':
      return logsCommand(ctx);
    case 'link':
      return linkCommand(ctx);
    case 'opencost':
      return openCostCommand(ctx, env.today);
    case 'schema':
      return schemaCommand();
  }
}
