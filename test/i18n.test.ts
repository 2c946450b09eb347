import { PARAMETERS } from '../src/engine';
import { NAMESPACES, resources } from '../src/i18n';
import { flatten, type Tree } from './i18n/translation-tree';

/** Units and symbols that read the same in both languages (a value made only of these may be equal). */
const SHARED_TOKENS = new Set(['kW', 'kWh', 'h', 'GPU', 'GPUs', 'CNY', 'USD', 'PUE', 'TCO', 'NVIDIA']);

/** Whether a value contains words that a translation must change (not only numbers, symbols, units). */
function hasWords(value: string): boolean {
  const withoutPlaceholders = value.replace(/\{\{[^}]+\}\}/g, '');
  const words = withoutPlaceholders.match(/\p{L}+/gu) ?? [];
  return words.some((w) => !SHARED_TOKENS.has(w));
}

describe('translations', () => {
  for (const ns of NAMESPACES) {
    const en = flatten(resources.en[ns] as Tree);
    const zh = flatten(resources['zh-CN'][ns] as Tree);

    it(`namespace ${ns}: every English key exists in Chinese and the other way round`, () => {
      expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    });

    it(`namespace ${ns}: no Chinese value with words is identical to the English value`, () => {
      const untranslated = [...en].filter(([key, value]) => hasWords(value) && zh.get(key) === value);
      expect(untranslated).toEqual([]);
    });

    it(`namespace ${ns}: both languages use the same {{placeholders}} in each value`, () => {
      const placeholders = (v: string | undefined) =>
        [...(v ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const mismatched = [...en].filter(([key, value]) => {
        const a = placeholders(value);
        const b = placeholders(zh.get(key));
        return JSON.stringify(a) !== JSON.stringify(b);
      });
      expect(mismatched).toEqual([]);
    });
  }

  it('has a label and a translated source for every engine parameter, and the English source is the engine source', () => {
    const en = flatten(resources.en.common as Tree);
    const zh = flatten(resources['zh-CN'].common as Tree);
    for (const meta of PARAMETERS) {
      expect(en.get(`params.${meta.path}`), meta.path).toBeTruthy();
      expect(zh.get(`params.${meta.path}`), meta.path).toBeTruthy();
      expect(en.get(`sources.${meta.path}`), meta.path).toBe(meta.source);
      expect(zh.get(`sources.${meta.path}`), meta.path).toBeTruthy();
    }
  });
});
