import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parameterTableRows } from './parameter-table';

const doc = readFileSync(new URL('../../docs/data-sources.md', import.meta.url), 'utf8');

describe('docs/data-sources.md', () => {
  it('lists every input with its default, unit, allowed range, source and confidence, as the engine has them', () => {
    const start = doc.indexOf('<!-- parameters:start -->');
    const end = doc.indexOf('<!-- parameters:end -->');
    expect(start).toBeGreaterThan(0);
    const table = doc
      .slice(start, end)
      .split('\n')
      .filter((line) => line.startsWith('|'));
    expect(table).toEqual(parameterTableRows());
  });
});
