import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parameterTableRows } from './parameter-table';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm test');
  });

  it('lists every parameter with its default, unit, allowed range, source and confidence, as the engine has them', () => {
    const start = readme.indexOf('<!-- parameters:start -->');
    const end = readme.indexOf('<!-- parameters:end -->');
    expect(start).toBeGreaterThan(0);
    const table = readme
      .slice(start, end)
      .split('\n')
      .slice(1)
      .filter((line) => line.startsWith('|'));
    expect(table).toEqual(parameterTableRows());
  });
});
