/**
 * What a command may touch, passed in so tests run commands in memory: its output is written only
 * once it is whole (a failing command prints its message and nothing else), files are written to a
 * temporary name and renamed into place.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A file's text; a missing or unreadable file is an error the command reports. */
  readFile(path: string, maxBytes: number): FileRead;
  /** Standard input's text, or null when it is a terminal (nothing piped in). */
  readStdin(maxBytes: number): FileRead | null;
  /** Writes a whole file (temporary name, then rename), or says why it could not. */
  writeFile(path: string, text: string): { ok: true } | { ok: false; reason: string };
}

export type FileRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'unreadable' | 'tooLarge' };

/** A command's exit code: 0 done, 1 refused input, 2 a usage error (unknown option, missing value). */
export type ExitCode = 0 | 1 | 2;
