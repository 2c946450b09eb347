/**
 * Shared by the browser benchmarks: build the app (unless BENCH_SKIP_BUILD=1), serve it with
 * `vite preview` on a free loopback port, and the Chromium flags this machine needs (docs/testing.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function freePort() {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
  });
}

/** Builds (unless skipped) and serves the app; resolves once it answers, with its URL and a stop. */
export async function startPreview() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) process.exit(1);
  }
  const port = await freePort();
  const server = spawn(
    'npx',
    ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: root,
      detached: true,
      stdio: 'ignore',
    },
  );
  // The preview runs in its own process group: kill the group when done (or when the bench exits).
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  const baseUrl = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(baseUrl)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, stop };
}

/** Merges figures into bench/results.json, keeping the other benches' keys (less `drop`, retired ones). */
export function mergeResults(figures, drop = []) {
  const path = join(root, 'bench/results.json');
  let existing = {};
  try {
    existing = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    existing = {};
  }
  for (const key of drop) delete existing[key];
  writeFileSync(path, `${JSON.stringify({ ...existing, ...figures }, null, 2)}\n`);
}
