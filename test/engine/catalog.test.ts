import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GPU_MODELS } from '../../src/engine';
import { numbersIn, rowOf, tableOf } from '../../src/engine/catalog/lookup';
import { parseCatalogMarkdown } from '../../src/engine/catalog/parse-markdown';
import { CATALOG_TABLES } from '../../src/engine/catalog/rows.generated';

// Tests run from the repo root: the catalogue of record is the repository's docs/data/gpu-catalog.md.
const COPY = resolve(process.cwd(), 'docs/data/gpu-catalog.md');
const copy = readFileSync(COPY, 'utf8');

function allValues(m: (typeof GPU_MODELS)[number]) {
  return [
    m.memoryGbPerGpu,
    m.denseTflopsPerGpu,
    m.powerMaxKw,
    m.powerBusyKw,
    m.powerIdleKw,
    ...m.serverPrices,
    ...m.rentPrices,
    ...m.platformPrices,
  ];
}

describe('GPU catalogue in the engine', () => {
  it('is the catalogue markdown in the repository', () => {
    expect(copy.startsWith('# GPU catalogue')).toBe(true);
  });

  it("holds the copy's tables row by row, verbatim", () => {
    const parsed = parseCatalogMarkdown(copy);
    expect(CATALOG_TABLES.map((t) => t.heading)).toEqual(parsed.map((t) => t.heading));
    parsed.forEach((table, i) => {
      const engine = CATALOG_TABLES[i]!;
      expect(engine.columns, table.heading).toEqual(table.columns);
      expect(engine.rows.length, table.heading).toBe(table.rows.length);
      table.rows.forEach((row, j) => {
        expect(engine.rows[j], `${table.heading} row ${j + 1}`).toEqual(row);
      });
    });
  });

  it('has the ten catalogue models, eight of them NVIDIA/Ascend 8-GPU training server types', () => {
    expect(GPU_MODELS.map((m) => m.name)).toEqual([
      'H100 SXM',
      'H800',
      'H20',
      'H200',
      'B200',
      'A100 80GB SXM',
      'A800',
      'L40S',
      'RTX 4090',
      'Ascend 910B',
    ]);
    expect(GPU_MODELS.filter((m) => m.kind === 'trainingServer')).toHaveLength(8);
    for (const m of GPU_MODELS) expect(tableOf(m.heading), m.name).toBeDefined();
  });

  it("reads every figure from a row that prints it, with that row's source, date and confidence", () => {
    for (const m of GPU_MODELS) {
      for (const v of [...allValues(m), m.availability.ref]) {
        const label = `${m.name}: ${v.table} / ${v.row} / ${v.fromText}`;
        const row = rowOf(v);
        expect(row, label).toBeDefined();
        if (!row) continue;
        expect(row.join(' | '), label).toContain(v.fromText);
        const table = tableOf(v.table)!;
        const cell = (name: string) => row[table.columns.indexOf(name)];
        expect(v.source, label).toBe(cell('source'));
        expect(v.asOf, label).toBe(cell('as of'));
        expect(cell('conf'), label).toContain(v.confidence);
      }
    }
  });

  it('converts each printed figure by its stated unit change only (USD × 7.2, per month ÷ 730, ...)', () => {
    for (const m of GPU_MODELS) {
      for (const v of allValues(m)) {
        const nums = numbersIn(v.fromText);
        const base = v.derivations.includes('midpoint')
          ? nums.reduce((a, b) => a + b, 0) / nums.length
          : v.derivations.includes('upper')
            ? Math.max(...nums)
            : nums[0]!;
        expect(v.value, `${m.name} ${v.row}`).toBeCloseTo(base * v.factor, 9);
        if (!v.derivations.some((d) => d !== 'midpoint' && d !== 'upper' && d !== 'sameAsSibling'))
          expect(v.factor, `${m.name} ${v.row}`).toBe(v.fromText === '1.4–1.5' ? 1e6 : 1);
      }
    }
  });

  it('pins the figures the issue names: H20 and H100 servers, their power and throughput', () => {
    const h20 = GPU_MODELS.find((m) => m.id === 'h20')!;
    const h100 = GPU_MODELS.find((m) => m.id === 'h100')!;
    expect(h20.serverPrices[0]).toMatchObject({ value: 1_200_000, asOf: 'Jul 2024', confidence: 'M' });
    expect(h20.denseTflopsPerGpu.value).toBe(148);
    expect(h20.powerMaxKw).toMatchObject({ value: 7.15, confidence: 'L' });
    expect(h100.denseTflopsPerGpu).toMatchObject({ value: 989, confidence: 'H', asOf: '2022' });
    expect(h100.powerMaxKw.value).toBe(10.2);
    expect(h100.rentPrices[0]!.value).toBeCloseTo(75_000 / 730, 9);
    expect(h100.rentPrices[1]!.value).toBeCloseTo(31.92 * 7.2, 9);
  });

  it('gives every model an availability status with its date', () => {
    for (const m of GPU_MODELS) expect(m.availability.ref.asOf, m.name).not.toBe('');
    expect(GPU_MODELS.find((m) => m.id === 'ascend910b')!.availability.status).toBe('available');
    expect(GPU_MODELS.find((m) => m.id === 'h800')!.availability.status).toBe('discontinued');
  });
});
