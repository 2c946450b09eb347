import type { i18n } from 'i18next';

/** Beyond this many distinct strings one translate function forgets what it cached (bounded memory). */
const MAX_ENTRIES = 2_000;

type AnyT = ((key: unknown, options?: unknown, ...rest: unknown[]) => unknown) & Record<string, unknown>;

/** Options made only of strings, numbers, booleans and arrays of them: safe to key a cache by. */
function isPlainOptions(options: unknown): boolean {
  if (typeof options === 'string') return true;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return false;
  for (const [name, value] of Object.entries(options)) {
    if (name === 'returnObjects' || name === 'returnDetails') return false;
    const ok = (v: unknown) =>
      v === undefined || v === null || ['string', 'number', 'boolean'].includes(typeof v);
    if (Array.isArray(value) ? !value.every(ok) : !ok(value)) return false;
  }
  return true;
}

/**
 * Makes every translate function the instance hands out (`getFixedT`, which `useTranslation` uses)
 * remember its answers. A slider step redraws the first screen's labels, and i18next resolves each
 * call afresh (option merging, key lookup, interpolation): the same key with the same values now
 * costs a map lookup. The cache lives in one translate function, and react-i18next makes a new one
 * when the language or the resources change, so a cached string is never one of another language.
 * Calls with anything but plain values (functions, nested objects, `returnObjects`) go straight
 * through.
 */
export function cacheTranslations(instance: i18n): void {
  const original = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => AnyT;
  const cachedGetFixedT = (...args: unknown[]) => {
    const fixed = original(...args);
    const cache = new Map<string, unknown>();
    const t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== 'string' || (options !== undefined && !isPlainOptions(options)))
        return fixed(key, options, ...rest);
      const id = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
      if (cache.has(id)) return cache.get(id);
      const value = fixed(key, options);
      if (typeof value === 'string') {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(id, value);
      }
      return value;
    }) as AnyT;
    // The fixed function's own fields (lng, lngs, ns, keyPrefix) stay readable on the wrapper.
    for (const field of ['lng', 'lngs', 'ns', 'keyPrefix']) t[field] = fixed[field];
    return t;
  };
  instance.getFixedT = cachedGetFixedT as unknown as i18n['getFixedT'];
}
