import { describe, expect, it } from 'vitest';
import { presets, type Scenario } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import type { MoneyFormat } from '../../src/lib/format';
import { compareScenarios } from '../../src/view-model/scenario-compare';
import { compareValueText } from '../../src/view-model/scenario-compare-text';

const cnyFormat: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
const t = createI18n('en').t;
const column = (key: string) => ({ key, label: key, scenario: presets[key] as Scenario });

describe('compare four: every cell that differs from the first column is marked, and only those', () => {
  it('marks each cell whose shown value differs from the first column’s, in every row', () => {
    const cmp = compareScenarios(['seedTeam', 'steadyLab', 'largeLab', 'seedTeam'].map(column));
    let marked = 0;
    for (const row of cmp.rows) {
      const first = row.cells[0];
      if (!first) continue;
      const firstText = compareValueText(first.value, cnyFormat, t);
      row.cells.forEach((cell, i) => {
        const differs = i > 0 && compareValueText(cell.value, cnyFormat, t) !== firstText;
        expect({ row: row.key, column: i, differs: cell.differs }).toEqual({
          row: row.key,
          column: i,
          differs,
        });
        if (cell.differs) marked++;
      });
    }
    // Far more than one row differs between the seed team and the two labs: costs, cash, inputs.
    const markedRows = cmp.rows.filter((r) => r.cells.some((c) => c.differs)).map((r) => r.group);
    expect(new Set(markedRows)).toEqual(
      new Set(['result', 'strategies', 'ladder', 'focus', 'categories', 'cash', 'energy', 'inputs']),
    );
    expect(marked).toBeGreaterThan(cmp.rows.length);
    // The fourth column is the first scenario again: nothing in it is marked.
    expect(cmp.rows.every((r) => r.cells[3]?.differs === false)).toBe(true);
  });
});
