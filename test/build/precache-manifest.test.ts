import { describe, expect, it } from 'vitest';
import { precacheManifest, SERVICE_WORKER_FILE } from '../../build/precache-manifest';

const build = [
  { fileName: 'index.html', bytes: '<!doctype html>' },
  { fileName: 'assets/index-abc.js', bytes: 'console.log(1)' },
  { fileName: 'assets/analysis.worker-def.js', bytes: 'onmessage=()=>{}' },
  { fileName: 'assets/harfbuzz-subset-123.wasm', bytes: new Uint8Array([0, 97, 115, 109]) },
  { fileName: 'assets/NotoSansSC_400Regular-456.ttf', bytes: new Uint8Array([0, 1, 0, 0]) },
  { fileName: 'favicon.svg', bytes: '<svg/>' },
  { fileName: SERVICE_WORKER_FILE, bytes: 'self.addEventListener()' },
];

describe('precacheManifest', () => {
  it('lists every file of the build but the service worker itself, sorted', () => {
    expect(precacheManifest(build).files).toEqual([
      'assets/NotoSansSC_400Regular-456.ttf',
      'assets/analysis.worker-def.js',
      'assets/harfbuzz-subset-123.wasm',
      'assets/index-abc.js',
      'favicon.svg',
      'index.html',
    ]);
  });

  it('has the same version for the same build, whatever the order of its files', () => {
    expect(precacheManifest([...build].reverse()).version).toBe(precacheManifest(build).version);
    expect(precacheManifest(build).version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('has a new version when any file changes, even one whose name stays (index.html)', () => {
    const changed = build.map((f) => (f.fileName === 'index.html' ? { ...f, bytes: '<!doctype html>!' } : f));
    expect(precacheManifest(changed).version).not.toBe(precacheManifest(build).version);
    const renamed = build.map((f) => (f.fileName === 'favicon.svg' ? { ...f, fileName: 'icon.svg' } : f));
    expect(precacheManifest(renamed).version).not.toBe(precacheManifest(build).version);
  });

  it('ignores the service worker file when versioning (it carries the version)', () => {
    const other = build.map((f) => (f.fileName === SERVICE_WORKER_FILE ? { ...f, bytes: 'other' } : f));
    expect(precacheManifest(other).version).toBe(precacheManifest(build).version);
  });
});
