import { readFileSync } from 'node:fs';
import { RESUME_KEY } from '../../src/scenario';
import { detectLocale } from '../../src/state/store';

/**
 * public/first-paint.js runs before the app (no module, no imports: a plain file the CSP allows), so
 * it restates two of the app's facts: how the reader's language is chosen (detectLocale) and where
 * the resumable scenario is kept (RESUME_KEY). These run the file itself and hold it to both.
 */
const source = readFileSync(new URL('../../public/first-paint.js', import.meta.url), 'utf8');

interface Page {
  languages: readonly string[];
  hash?: string;
  stored?: Record<string, string>;
  storageThrows?: boolean;
}

function run(page: Page): Record<string, string> {
  const attributes: Record<string, string> = {};
  const html = {
    setAttribute: (name: string, value: string) => {
      attributes[name] = value;
    },
    set lang(value: string) {
      attributes.lang = value;
    },
  };
  const storage = {
    getItem: (key: string) => {
      if (page.storageThrows) throw new Error('storage disabled');
      return page.stored?.[key] ?? null;
    },
  };
  const window = page.storageThrows
    ? {
        get localStorage(): never {
          throw new Error('storage disabled');
        },
      }
    : { localStorage: storage };
  new Function('document', 'navigator', 'location', 'window', source)(
    { documentElement: html },
    { languages: page.languages },
    { hash: page.hash ?? '' },
    window,
  );
  return attributes;
}

describe('public/first-paint.js', () => {
  it.each([[['zh-CN', 'en']], [['zh-TW']], [['ZH']], [['en-US', 'zh-CN']], [['fr-FR']], [[]]])(
    'names the language the app will open in (%j), as detectLocale does',
    (languages) => {
      const attributes = run({ languages });
      expect(attributes['data-locale']).toBe(detectLocale(languages));
      expect(attributes.lang).toBe(detectLocale(languages));
    },
  );

  it('leaves the prerendered numbers as they are when there is no link and nothing kept', () => {
    expect(run({ languages: ['en'] })['data-prerender']).toBeUndefined();
    expect(run({ languages: ['en'], hash: '#' })['data-prerender']).toBeUndefined();
    expect(run({ languages: ['en'], storageThrows: true })['data-prerender']).toBeUndefined();
  });

  it('marks them pending for a link in the address', () => {
    expect(run({ languages: ['en'], hash: '#s=2.5-seedTeam.abc' })['data-prerender']).toBe('pending');
  });

  it('marks them pending when a scenario is kept under the app’s resume key', () => {
    expect(run({ languages: ['en'], stored: { [RESUME_KEY]: '{}' } })['data-prerender']).toBe('pending');
    expect(run({ languages: ['en'], stored: { 'other-key': '{}' } })['data-prerender']).toBeUndefined();
  });
});
