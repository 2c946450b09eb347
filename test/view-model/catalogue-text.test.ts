import { describe, expect, it } from 'vitest';
import { GPU_MODELS, REPORTED_HOURS_OVERHEAD } from '../../src/engine';
import { mfuDefaultFor } from '../../src/engine/training-plan/defaults';
import {
  catalogueDate,
  catalogueSource,
  chineseCatalogueDate,
  gpuNameIn,
  gpuShortNameIn,
  mfuSourceIn,
} from '../../src/view-model/catalogue-text';
import { englishProse } from '../english-prose';

/** Every source note and "as of" date the catalogue's models cite (values and availability). */
function cited(): { sources: Set<string>; dates: Set<string> } {
  const sources = new Set<string>();
  const dates = new Set<string>();
  const walk = (o: unknown): void => {
    if (!o || typeof o !== 'object') return;
    const r = o as Record<string, unknown>;
    if (typeof r.source === 'string' && typeof r.asOf === 'string') {
      sources.add(r.source);
      dates.add(r.asOf);
    }
    for (const v of Object.values(r)) walk(v);
  };
  walk(GPU_MODELS);
  return { sources, dates };
}

describe('catalogue text in Chinese', () => {
  const { sources, dates } = cited();

  it('has a Chinese note for every source the catalogue cites, with no English prose left in it', () => {
    expect(sources.size).toBeGreaterThan(50);
    for (const s of sources) {
      const zh = catalogueSource(s, 'zh-CN');
      expect(zh, s).not.toBe(s);
      expect(englishProse(zh), zh).toEqual([]);
    }
  });

  it('keeps the English note in English', () => {
    for (const s of sources) expect(catalogueSource(s, 'en')).toBe(s);
  });

  it('writes the dates the review found as "2023 年 10 月"', () => {
    expect(chineseCatalogueDate('Oct 2023')).toBe('2023 年 10 月');
    expect(chineseCatalogueDate('Mar 2023')).toBe('2023 年 3 月');
    expect(chineseCatalogueDate('Oct–Nov 2026')).toBe('2026 年 10–11 月');
    expect(chineseCatalogueDate('Feb 2024 / 2025')).toBe('2024 年 2 月、2025 年');
    expect(chineseCatalogueDate('late 2024')).toBe('2024 年末');
    expect(chineseCatalogueDate('2025–26')).toBe('2025–2026 年');
    expect(chineseCatalogueDate('2022')).toBe('2022 年');
    expect(chineseCatalogueDate('—')).toBe('—');
    expect(chineseCatalogueDate('2026-03')).toBe('2026 年 3 月');
    expect(catalogueDate('Oct 2023', 'en')).toBe('Oct 2023');
  });

  it('leaves no Latin letter in any catalogue date in Chinese', () => {
    for (const d of dates) expect(chineseCatalogueDate(d), d).not.toMatch(/[A-Za-z]/);
  });

  it('cites every MFU default (every size band) and the reported-hours overhead in Chinese without English prose outside the quoted titles', () => {
    const all = new Set([
      ...GPU_MODELS.flatMap((m) => [
        ...[7, 70, 405].map((size) => mfuDefaultFor(m.id, false, size).source),
        mfuDefaultFor(m.id, true).source,
      ]),
      REPORTED_HOURS_OVERHEAD.source,
    ]);
    expect(all.size).toBeGreaterThanOrEqual(7);
    for (const s of all) {
      const zh = mfuSourceIn(s, 'zh-CN');
      expect(zh, s).not.toBe(s);
      expect(englishProse(zh), zh).toEqual([]);
      expect(zh, s).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
    }
  });

  it('names the Ascend 910B as Chinese buyers do, the catalogue name in brackets', () => {
    expect(gpuNameIn('Ascend 910B', 'zh-CN')).toBe('昇腾 910B（Ascend 910B）');
    expect(gpuNameIn('Ascend 910B', 'en')).toBe('Ascend 910B');
    expect(gpuNameIn('H100 SXM', 'zh-CN')).toBe('H100 SXM');
    expect(gpuShortNameIn('Ascend 910B', 'zh-CN')).toBe('昇腾 910B');
    expect(gpuShortNameIn('Ascend 910B', 'en')).toBe('Ascend 910B');
    expect(GPU_MODELS.some((m) => m.name === 'Ascend 910B')).toBe(true);
  });
});

describe('englishProse', () => {
  it('finds common words and month names, not model names, units or quoted titles', () => {
    expect(englishProse('derived: same platform (Oct 2023)')).toEqual(['derived', 'same', 'platform', 'Oct']);
    expect(englishProse('8×H100 HGX，A100 80GB，10.2 kW')).toEqual([]);
    expect(englishProse('Meta，“The Llama 3 Herd of Models”，2024 年 7 月')).toEqual([]);
    expect(englishProse('IT 运维；As of May 2025')).toEqual(['As', 'of', 'May']);
  });
});
