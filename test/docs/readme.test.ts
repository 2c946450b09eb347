import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAMETERS } from '../../src/engine';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('gives the two set-up commands', () => {
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toContain('npm test');
  });

  it('lists every parameter with its source, as the engine table has it', () => {
    for (const m of PARAMETERS) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${m.path}\` |`));
      expect(row, m.path).toBeDefined();
      expect(row).toContain(m.source);
    }
  });
});
