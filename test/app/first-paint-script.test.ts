import { readFileSync } from 'node:fs';
import { RESUME_KEY } from '../../src/scenario/resume-storage';
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
  /** This tab's own storage (sessionStorage). */
  tabStored?: Record<string, string>;
  storageThrows?: boolean;
  /** Other <meta name=…> of the built page: name → content. */
  metas?: Record<string, string>;
}

interface Run {
  attributes: Record<string, string>;
  /** Scripts the file added to <head> so far (their src). */
  added: string[];
  /** Draws the next frame (runs the animation-frame callbacks, then the timers they set). */
  frame: () => void;
  /** Runs every timer, as if a second had passed. */
  wait: () => void;
}

function run(page: Page, appEntry: string | null = null): Run {
  const attributes: Record<string, string> = {};
  const added: string[] = [];
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
    : { localStorage: storage, sessionStorage: { getItem: (key: string) => page.tabStored?.[key] ?? null } };
  const document = {
    documentElement: html,
    querySelector: (selector: string) => {
      if (selector === 'meta[name="gpu-tco:app"]')
        return appEntry === null ? null : { getAttribute: () => appEntry };
      const content = page.metas?.[/^meta\[name="([^"]+)"\]$/.exec(selector)?.[1] ?? ''];
      return content === undefined ? null : { getAttribute: () => content };
    },
    createElement: () => ({}) as Record<string, string>,
    // A script as `<type>:<src>`, a link as `<rel>:<href>`.
    head: {
      append: (el: Record<string, string>) =>
        added.push(el.rel ? `${el.rel}:${el.href}` : `${el.type}:${el.src}`),
    },
    // Early input is recorded from here (test/app/early-input.test.tsx runs that part in a DOM).
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  let frames: (() => void)[] = [];
  let timers: { fn: () => void; ms: number }[] = [];
  new Function('document', 'navigator', 'location', 'window', 'requestAnimationFrame', 'setTimeout', source)(
    document,
    { languages: page.languages },
    { hash: page.hash ?? '' },
    window,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms = 0) => timers.push({ fn, ms }),
  );
  const runTimers = (upToMs: number) => {
    const due = timers.filter((t) => t.ms <= upToMs);
    timers = timers.filter((t) => t.ms > upToMs);
    for (const t of due) t.fn();
  };
  return {
    attributes,
    added,
    frame: () => {
      const due = frames;
      frames = [];
      for (const fn of due) fn();
      runTimers(0);
    },
    wait: () => runTimers(Number.POSITIVE_INFINITY),
  };
}

describe('public/first-paint.js', () => {
  it.each([[['zh-CN', 'en']], [['zh-TW']], [['ZH']], [['en-US', 'zh-CN']], [['fr-FR']], [[]]])(
    'names the language the app will open in (%j), as detectLocale does',
    (languages) => {
      const { attributes } = run({ languages });
      expect(attributes['data-locale']).toBe(detectLocale(languages));
      expect(attributes.lang).toBe(detectLocale(languages));
    },
  );

  it('leaves the prerendered numbers as they are when there is no link and nothing kept', () => {
    expect(run({ languages: ['en'] }).attributes['data-prerender']).toBeUndefined();
    expect(run({ languages: ['en'], hash: '#' }).attributes['data-prerender']).toBeUndefined();
    expect(run({ languages: ['en'], storageThrows: true }).attributes['data-prerender']).toBeUndefined();
  });

  it('marks them pending for a link in the address', () => {
    expect(run({ languages: ['en'], hash: '#s=2.5-seedTeam.abc' }).attributes['data-prerender']).toBe(
      'pending',
    );
  });

  it('marks them pending when a scenario is kept under the app’s resume key', () => {
    expect(run({ languages: ['en'], stored: { [RESUME_KEY]: '{}' } }).attributes['data-prerender']).toBe(
      'pending',
    );
    expect(
      run({ languages: ['en'], stored: { 'other-key': '{}' } }).attributes['data-prerender'],
    ).toBeUndefined();
    // A reload of a tab resumes that tab's own copy (sessionStorage).
    expect(run({ languages: ['en'], tabStored: { [RESUME_KEY]: '{}' } }).attributes['data-prerender']).toBe(
      'pending',
    );
  });

  it('adds the app’s module script named by the built page only once the first frame is drawn', () => {
    const page = run({ languages: ['en'] }, './assets/index-abc.js');
    expect(page.added).toEqual([]);
    page.frame();
    expect(page.added).toEqual(['module:./assets/index-abc.js']);
    page.wait();
    expect(page.added).toHaveLength(1);
  });

  it('adds it after a second in a tab that draws no frames, and nothing without the built page’s entry', () => {
    const hidden = run({ languages: ['en'] }, './assets/index-abc.js');
    hidden.wait();
    expect(hidden.added).toEqual(['module:./assets/index-abc.js']);
    const dev = run({ languages: ['en'] });
    dev.frame();
    dev.wait();
    expect(dev.added).toEqual([]);
  });

  it('preloads, with the app’s script, the modules it imports and the strings of the reader’s language only', () => {
    const metas = {
      'gpu-tco:app-imports': './assets/react-a.js ./assets/zod-b.js',
      'gpu-tco:strings-en': './assets/bundle-en.js',
      'gpu-tco:strings-zh-CN': './assets/bundle-zh.js ./assets/offline-zh.js',
    };
    const zh = run({ languages: ['zh-CN'], metas }, './assets/index-abc.js');
    expect(zh.added).toEqual([]);
    zh.frame();
    expect(zh.added).toEqual([
      'modulepreload:./assets/bundle-zh.js',
      'modulepreload:./assets/offline-zh.js',
      'modulepreload:./assets/react-a.js',
      'modulepreload:./assets/zod-b.js',
      'module:./assets/index-abc.js',
    ]);
    const en = run({ languages: ['en'], metas }, './assets/index-abc.js');
    en.wait();
    expect(en.added.filter((a) => a.includes('bundle'))).toEqual(['modulepreload:./assets/bundle-en.js']);
  });
});
