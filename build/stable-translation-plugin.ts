import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const STABLE = resolve(import.meta.dirname, '../src/i18n/stable-use-translation.ts');

/**
 * Resolves the app's `import … from 'react-i18next'` to src/i18n/stable-use-translation.ts (the
 * library with a useTranslation whose default options keep their identity between renders, so a
 * re-render does not re-run each translating component's store effect). That module itself, and the
 * library's own files, get the real package.
 */
export function stableTranslationPlugin(): Plugin {
  return {
    name: 'gpu-tco:stable-use-translation',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-i18next' || !importer || importer === STABLE) return null;
      if (importer.includes('/node_modules/')) return null;
      return STABLE;
    },
  };
}
