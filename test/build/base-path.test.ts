import { describe, expect, it } from 'vitest';
import { basePath } from '../../build/base-path';

describe('basePath (BASE_PATH → Vite base)', () => {
  it('is relative when unset or empty, so one build works at any path', () => {
    expect(basePath(undefined)).toBe('./');
    expect(basePath('')).toBe('./');
    expect(basePath('  ')).toBe('./');
    expect(basePath('./')).toBe('./');
  });

  it('makes a sub-path absolute with a slash at each end', () => {
    expect(basePath('/tools/gpu-tco/')).toBe('/tools/gpu-tco/');
    expect(basePath('tools/gpu-tco')).toBe('/tools/gpu-tco/');
    expect(basePath('/tools/gpu-tco')).toBe('/tools/gpu-tco/');
    expect(basePath('/')).toBe('/');
  });
});
