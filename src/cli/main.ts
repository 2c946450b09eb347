import {
  closeSync,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { CliIo, FileRead } from './io';
import { runCli } from './run';

/**
 * The command line's entry (bin/gpu-tco.mjs runs the built file): real files and streams for
 * runCli. The version is the package's, written in by the library build.
 */
declare const __PACKAGE_VERSION__: string;

function readPath(path: string, maxBytes: number): FileRead {
  try {
    if (statSync(path).size > maxBytes) return { ok: false, reason: 'tooLarge' };
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (error) {
    return {
      ok: false,
      reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable',
    };
  }
}

/** Standard input, read whole; null when it is a terminal (nothing was piped in). */
function readStdin(maxBytes: number): FileRead | null {
  if (process.stdin.isTTY) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(1 << 16);
  try {
    fstatSync(0);
    for (;;) {
      let n: number;
      try {
        n = readSync(0, buffer, 0, buffer.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
        if ((error as NodeJS.ErrnoException).code === 'EOF') break;
        throw error;
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) return { ok: false, reason: 'tooLarge' };
      chunks.push(Buffer.from(buffer.subarray(0, n)));
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}

function writeWhole(path: string, text: string): { ok: true } | { ok: false; reason: string } {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeFileSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return { ok: true };
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // Nothing was created.
    }
    return { ok: false, reason: (error as NodeJS.ErrnoException).code ?? 'error' };
  }
}

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: readPath,
  readStdin,
  writeFile: writeWhole,
};

// Run from source (tests: `node --import tsx src/cli/main.ts`) the build's constant is absent.
const version = typeof __PACKAGE_VERSION__ === 'string' ? __PACKAGE_VERSION__ : 'source';
process.exitCode = runCli(process.argv.slice(2), io, { version, today: new Date() });
