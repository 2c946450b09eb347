import type { CatalogTable } from './types';

/**
 * Reads the catalogue markdown into its tables: every pipe table under a `##` or `###` heading, cells
 * trimmed and otherwise verbatim. The "At a glance" summary is derived from the other tables and is
 * left out.
 */
export function parseCatalogMarkdown(markdown: string): CatalogTable[] {
  const tables: CatalogTable[] = [];
  let heading = '';
  let current: CatalogTable | null = null;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const h = /^#{2,3}\s+(.*)$/.exec(line);
    if (h) {
      heading = h[1] ?? '';
      current = null;
      continue;
    }
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    const cells = splitRow(line);
    if (current === null) {
      if (heading.startsWith('At a glance')) continue;
      current = { heading, columns: cells, rows: [] };
      tables.push(current);
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    current.rows.push(cells);
  }
  return tables;
}

function splitRow(line: string): string[] {
  const inner = line.replace(/^\|/, '').replace(/\|$/, '');
  return inner.split('|').map((c) => c.trim());
}
