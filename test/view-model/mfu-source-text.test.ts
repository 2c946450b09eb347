import { describe, expect, it } from 'vitest';
import { GPU_MODELS, mfuDefaultFor } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { mfuSourceIn } from '../../src/view-model/catalogue-text';
import { mfuSourceText } from '../../src/view-model/mfu-source-text';

describe('every catalogue GPU’s MFU default says where it comes from', () => {
  it('has a non-empty source (publisher, title, date) for every model, dense and mixture of experts', () => {
    for (const m of GPU_MODELS) {
      for (const moe of [false, true]) {
        const d = mfuDefaultFor(m.id, moe);
        expect({ id: m.id, moe, source: d.source.trim().length > 0 }).toEqual({
          id: m.id,
          moe,
          source: true,
        });
        // A citation names a year.
        expect(d.source).toMatch(/20\d\d/);
      }
    }
  });

  it('the hint beside the field carries that source in both languages, never an empty one', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createI18n(locale).t;
      for (const m of GPU_MODELS) {
        const d = mfuDefaultFor(m.id);
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
