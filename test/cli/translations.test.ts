import en from '../../src/i18n/en/cli.json';
import zh from '../../src/i18n/zh-CN/cli.json';

/**
 * The command line's own texts (`cli` namespace, loaded only by the command line): both languages
 * have the same keys and the same {{placeholders}}, and the Chinese is translated and polite, as
 * test/i18n.test.ts and test/i18n-polite.test.ts require of the page's namespaces.
 */
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

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
