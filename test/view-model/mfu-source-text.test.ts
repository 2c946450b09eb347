import { describe, expect, it } from 'vitest';
import { GPU_MODELS, REPORTED_HOURS_OVERHEAD } from '../../src/engine';
import { mfuDefaultFor } from '../../src/engine/training-plan/defaults';
import { createI18n } from '../../src/i18n';
import { mfuSourceIn } from '../../src/view-model/catalogue-text';
import { mfuSourceText, overheadSourceText } from '../../src/view-model/mfu-source-text';

/** Sizes that reach every band of every GPU (Hopper: below 20B, 20–150B, 150B and up). */
const SIZES = [7, 70, 405, null] as const;

describe('every catalogue GPU’s MFU default says where it comes from', () => {
  it('has a non-empty source (publisher, title, date) for every model and size, dense and mixture of experts', () => {
    for (const m of GPU_MODELS) {
      for (const moe of [false, true]) {
        for (const size of SIZES) {
          const d = mfuDefaultFor(m.id, moe, size);
          expect({ id: m.id, moe, size, source: d.source.trim().length > 0 }).toEqual({
            id: m.id,
            moe,
            size,
            source: true,
          });
          // A citation names a year.
          expect(d.source).toMatch(/20\d\d/);
        }
      }
    }
  });

  it('a default for a band of sizes names the band, in both languages', () => {
    const en = createI18n('en').t;
    const zh = createI18n('zh-CN').t;
    const text = (size: number, t: typeof en, locale: 'en' | 'zh-CN') =>
      mfuSourceText(mfuDefaultFor('h800', false, size), false, t, locale);
    expect(text(7, en, 'en')).toMatch(
      /^Blank: the default 30 % for a dense model of under 20 B parameters on this GPU — Ai2/,
    );
    expect(text(70, en, 'en')).toMatch(
      /^Blank: the default 35 % for a dense model of 20–150 B parameters on this GPU — Ai2/,
    );
    expect(text(405, en, 'en')).toBe(
      'Blank: the default 40 % for a dense model of 150 B parameters or more on this GPU — Meta, "The Llama 3 Herd of Models", Jul 2024',
    );
    expect(text(7, zh, 'zh-CN')).toMatch(/^留空即该 GPU 上参数量不足 20B 的稠密模型的默认值 30%（Ai2/);
    expect(text(405, zh, 'zh-CN')).toBe(
      '留空即该 GPU 上参数量 150B 及以上的稠密模型的默认值 40%（Meta，“The Llama 3 Herd of Models”，2024 年 7 月）',
    );
  });

  it('the overhead’s line says what it holds, that interruptions are the failure cost’s, and its sources, in both languages', () => {
    const en = overheadSourceText(REPORTED_HOURS_OVERHEAD, createI18n('en').t, 'en');
    expect(en).toContain('interruptions are not in it, the failure cost holds them');
    expect(en).toContain(REPORTED_HOURS_OVERHEAD.source);
    const zh = overheadSourceText(REPORTED_HOURS_OVERHEAD, createI18n('zh-CN').t, 'zh-CN');
    expect(zh).toContain('不含故障中断');
    expect(zh).toContain(mfuSourceIn(REPORTED_HOURS_OVERHEAD.source, 'zh-CN'));
    expect(zh).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  });

  it('the hint beside the field carries that source in both languages, never an empty one', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createI18n(locale).t;
      for (const [m, size] of GPU_MODELS.flatMap((g) => SIZES.map((z) => [g, z] as const))) {
        const d = mfuDefaultFor(m.id, false, size);
        const text = mfuSourceText(d, false, t, locale);
        // Chinese cites it in Chinese (the publisher and date translated, the quoted title kept).
        expect(text).toContain(mfuSourceIn(d.source, locale));
        if (locale === 'zh-CN')
          expect(text).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
        expect(text).not.toMatch(/[—–]\s*$/);
      }
    }
  });

  it('B200: an estimate, and the hint says so and cites the published runs it is set from', () => {
    const d = mfuDefaultFor('b200');
    expect(d.mfuFraction).toBe(0.35);
    expect(d.confidence).toBe('L');
    expect(d.source).toContain('Meta, "The Llama 3 Herd of Models", Jul 2024');
    const en = mfuSourceText(d, false, createI18n('en').t, 'en');
    expect(en).toBe(
      `Blank: the default 35 %, an estimate until a published large run on this GPU exists, set below the published runs on other GPUs (${d.source})`,
    );
    expect(mfuSourceText(d, false, createI18n('zh-CN').t, 'zh-CN')).toContain('估计值');
  });
});
