import { readFileSync } from 'node:fs';
import { renderPerfTable, TABLE_END, TABLE_START, withPerfTable } from '../../bench/perf-table';

const doc = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');
const results = JSON.parse(readFileSync(new URL('../../bench/results.json', import.meta.url), 'utf8'));

describe('docs/performance.md performance table', () => {
  it('shows the figures of bench/results.json (as `npm run bench` renders them)', () => {
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start, 'table start marker').toBeGreaterThanOrEqual(0);
    expect(end, 'table end marker').toBeGreaterThan(start);
    expect(doc.slice(start + TABLE_START.length, end).trim()).toBe(renderPerfTable(results));
  });

  it('says "missing" and "no" for a figure the bench could not take, never a pass', () => {
    const table = renderPerfTable({ ...results, sliderKpiP95Ms: null, sliderStepsMissing: 3 });
    const kpiRow = table.split('\n').find((l) => l.includes('`sliderKpiP95Ms`'));
    expect(kpiRow).toMatch(/missing \| no \|$/);
    const missingRow = table.split('\n').find((l) => l.includes('`sliderStepsMissing`'));
    expect(missingRow).toMatch(/\| 3 of .* \| no \|$/);
  });

  it('gives the interactive figures (issue 36) their budgets, and "missing" and "no" without them', () => {
    const within = renderPerfTable({ ...results, interactiveMs: 380, jsBeforeInteractiveGzipKb: 119 });
    const row = (table: string, key: string) => table.split('\n').find((l) => l.includes(`\`${key}\``));
    expect(row(within, 'interactiveMs')).toMatch(/\| ≤ 400 ms \| 380 ms .*\| yes \|$/);
    expect(row(within, 'jsBeforeInteractiveGzipKb')).toMatch(/\| ≤ 120 KB \| 119 KB .*\| yes \|$/);
    const missing = renderPerfTable({ ...results, interactiveMs: null, jsBeforeInteractiveGzipKb: null });
    expect(row(missing, 'interactiveMs')).toMatch(/\| missing .*\| no \|$/);
    expect(row(missing, 'jsBeforeInteractiveGzipKb')).toMatch(/\| missing .*\| no \|$/);
  });

  it('replaces only the text between the markers', () => {
    const doc = `before\n${TABLE_START}\nold\n${TABLE_END}\nafter`;
    const out = withPerfTable(doc, results);
    expect(out.startsWith(`before\n${TABLE_START}\n`)).toBe(true);
    expect(out.endsWith(`\n${TABLE_END}\nafter`)).toBe(true);
    expect(out).not.toContain('\nold\n');
  });
});
