import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { stableTranslationPlugin } from '../build/stable-translation-plugin.ts';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The app's script is fetched after the first paint, not with the page: the prerendered answer needs
 * no script, and the page's HTML and CSS then have the connection (and the main thread) to themselves.
 * Vite's entry tag becomes <meta name="gpu-tco:app">, which public/first-paint.js turns into the module
 * script once the first frame is drawn. Vite's module preloads (the entry's imports) become
 * <meta name="gpu-tco:app-imports">, and each language's first-visit strings (the chunk src/main.tsx
 * loads before the first render) <meta name="gpu-tco:strings-<locale>">: first-paint.js preloads those
 * with the entry, the reader's language only, so the browser fetches them all at once instead of
 * finding each level of imports only after the one above it has arrived.
 */
function deferAppScript(page: string, strings: Record<string, readonly string[]>): string {
  const entry = ENTRY_SCRIPT.exec(page);
  if (!entry) throw new Error('prerender: index.html has no module entry script');
  const imports = [...page.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  const metas = [
    `<meta name="gpu-tco:app" content="${entry[1]}" />`,
    `<meta name="gpu-tco:app-imports" content="${imports.join(' ')}" />`,
    ...Object.entries(strings).map(
      ([locale, files]) => `<meta name="gpu-tco:strings-${locale}" content="${files.join(' ')}" />`,
    ),
  ];
  return page.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => metas.join('\n    '));
}

/** A language's first-visit strings module (src/i18n/<locale>/bundle.ts). */
const STRINGS_MODULE = /\/src\/i18n\/(en|zh-CN)\/bundle\.ts$/;

/** The root element of index.html that the prerendered first screens replace. */
const ROOT_ELEMENT = '<div id="root"></div>';
const LOCALES = ['en', 'zh-CN'] as const;

/**
 * After `vite build`: the first screen of the default scenario, rendered by the app's own components
 * (src/app/prerender.tsx, loaded through Vite's SSR loader) in each language, written into
 * dist/index.html. The browser shows the reader's language at once (public/first-paint.js and
 * src/app/first-paint.css) and src/main.tsx hydrates it. The English one keeps id="root", so a page
 * without scripts still shows it.
 */
export function prerenderFirstScreen(): Plugin {
  let root = '';
  let outDir = '';
  let base = '';
  // Per language, the built files of its first-visit strings (the chunk and what it imports).
  const strings: Record<string, string[]> = {};
  return {
    name: 'gpu-tco:prerender-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const locale = STRINGS_MODULE.exec(chunk.facadeModuleId ?? '')?.[1];
        if (locale) strings[locale] = [chunk.fileName, ...chunk.imports].map((file) => `${base}${file}`);
      }
      for (const locale of LOCALES)
        if (!strings[locale]) throw new Error(`prerender: no chunk holds the ${locale} first-visit strings`);
    },
    async closeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        plugins: [react(), stableTranslationPlugin()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        logLevel: 'error',
      });
      try {
        const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          renderFirstScreen: (locale: (typeof LOCALES)[number]) => Promise<string>;
        };
        const screens: string[] = [];
        for (const locale of LOCALES) {
          const html = await module.renderFirstScreen(locale);
          const id = locale === 'en' ? 'root' : `root-${locale}`;
          screens.push(`<div id="${id}" data-prerender-locale="${locale}">${html}</div>`);
        }
        const file = join(outDir, 'index.html');
        const page = readFileSync(file, 'utf8');
        if (!page.includes(ROOT_ELEMENT)) throw new Error(`prerender: ${file} has no ${ROOT_ELEMENT}`);
        writeFileSync(file, deferAppScript(
            page.replace(ROOT_ELEMENT, () => screens.join('\n    ')),
            strings,
          ));
      } finally {
        await server.close();
      }
    },
  };
}
