import { readFileSync } from 'node:fs';
import { createI18n } from '../../src/i18n';
import { glossaryEntries } from '../../src/view-model/glossary';

const doc = readFileSync(new URL('../../docs/features.md', import.meta.url), 'utf8');

describe('docs/features.md glossary table', () => {
  it('lists the term list’s words and technical names, in order', () => {
    const section = doc.split('\n## Glossary: plain words\n')[1]?.split('\n## ')[0] ?? '';
    const rows = section
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| Word') && !l.startsWith('| ---'))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    const entries = glossaryEntries(createI18n('en').t);
    expect(rows).toEqual(entries.map((e) => [e.term, e.technical]));
  });
});
