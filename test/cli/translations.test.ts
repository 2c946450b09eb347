import en from '../../src/i18n/en/cli.json';
import zh from '../../src/i18n/zh-CN/cli.json';
import { flatten, type Tree } from '../i18n/translation-tree';

/**
 * The command line's own texts (`cli` namespace, loaded only by the command line): both languages
 * have the same keys and the same {{placeholders}}, and the Chinese is translated and polite, as
 * test/i18n.test.ts and test/i18n-polite.test.ts require of the page's namespaces.
 */

const enTexts = flatten(en as Tree);
const zhTexts = flatten(zh as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the command line’s texts', () => {
  it('every English key exists in Chinese and the other way round', () => {
    expect([...zhTexts.keys()].sort()).toEqual([...enTexts.keys()].sort());
  });

  it('both languages use the same {{placeholders}} in each text', () => {
    const differing = [...enTexts].filter(([key, value]) => {
      const other = zhTexts.get(key) ?? '';
      return placeholders(other).join() !== placeholders(value).join();
    });
    expect(differing).toEqual([]);
  });

  it('no Chinese text with words is the English one, and none says 你', () => {
    const same = [...enTexts].filter(
      ([key, value]) => /\p{L}{2,}/u.test(value) && zhTexts.get(key) === value,
    );
    expect(same).toEqual([]);
    expect([...zhTexts.values()].filter((v) => v.includes('你'))).toEqual([]);
  });
});
