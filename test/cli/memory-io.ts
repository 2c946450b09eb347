import type { CliIo, FileRead } from '../../src/cli/io';
import { runCli } from '../../src/cli/run';

/** Runs the command line in memory: files by name, standard input, what it wrote where. */
export function runInMemory(
  argv: readonly string[],
  files: Record<string, string> = {},
  stdin: string | null = null,
): { code: number; stdout: string; stderr: string; written: Record<string, string> } {
  let stdout = '';
  let stderr = '';
  const written: Record<string, string> = {};
  const read = (text: string | undefined, maxBytes: number): FileRead =>
    text === undefined
      ? { ok: false, reason: 'missing' }
      : text.length > maxBytes
        ? { ok: false, reason: 'tooLarge' }
        : { ok: true, text };
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readFile: (path, maxBytes) => read(files[path], maxBytes),
    readStdin: (maxBytes) => (stdin === null ? null : read(stdin, maxBytes)),
    writeFile: (path, text) => {
      if (path.startsWith('/no-such-dir/')) return { ok: false, reason: 'ENOENT' };
      written[path] = text;
      return { ok: true };
    },
  };
  const code = runCli(argv, io, { version: '0.0.0-test', today: new Date('2026-12-03T12:00:00Z') });
  return { code, stdout, stderr, written };
}
