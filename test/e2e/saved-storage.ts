/**
 * Reading the saved list straight from the page's localStorage, as src/scenario/storage.ts lays it
 * out (issue 42): one key per entry (ENTRY_KEY_PREFIX + id), beside the list of earlier releases
 * (LEGACY_LIST_KEY), whose items count unless an entry key of the same id stands for them.
 */
import type { Page } from '@playwright/test';
import { QUARANTINE_KEY } from '../../src/scenario/kept-aside.ts';
import { ENTRY_KEY_PREFIX, LEGACY_LIST_KEY } from '../../src/scenario/storage.ts';

export { ENTRY_KEY_PREFIX, LEGACY_LIST_KEY, QUARANTINE_KEY };

/** The names of every stored entry (entry keys, then legacy items not shadowed by one), sorted. */
export function storedSavedNames(page: Page): Promise<string[]> {
  return page.evaluate(
    ([prefix, legacyKey]) => {
      const names: string[] = [];
      const ids = new Set<string>();
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (!key.startsWith(prefix)) continue;
        ids.add(key.slice(prefix.length));
        names.push((JSON.parse(localStorage.getItem(key) ?? '{}') as { name: string }).name);
      }
      const legacy = JSON.parse(localStorage.getItem(legacyKey) ?? '[]') as { id: string; name: string }[];
      for (const item of legacy) if (!ids.has(item.id)) names.push(item.name);
      return names.sort();
    },
    [ENTRY_KEY_PREFIX, LEGACY_LIST_KEY] as const,
  );
}

/** Every stored text of the saved list (entry keys, the legacy list, the kept-aside list), by key. */
export function savedStorageTexts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    ([prefix, legacyKey, keptAsideKey]) => {
      const texts: Record<string, string> = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (key.startsWith(prefix) || key === legacyKey || key === keptAsideKey)
          texts[key] = localStorage.getItem(key) ?? '';
      }
      return texts;
    },
    [ENTRY_KEY_PREFIX, LEGACY_LIST_KEY, QUARANTINE_KEY] as const,
  );
}
