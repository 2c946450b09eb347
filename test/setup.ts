// Shared test setup. The DOM helpers (jest-dom matchers, Testing Library's settings) load only in
// files that run in jsdom: most files are pure and run in node, where they would be dead weight.
import fc from 'fast-check';

if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { configure } = await import('@testing-library/dom');
  // findBy*/waitFor give up after this long. It is a ceiling for slow, shared machines (lazy chunks,
  // the Monte Carlo in the analysis tests), never a speed assertion: fast runs finish at once.
  configure({ asyncUtilTimeout: 15_000 });
  // The app loads a language's strings on first use (src/i18n/app-i18n.ts); components under test
  // render at once, in either language.
  // The on-demand namespaces too, so no component suspends for its strings.
  const { loadLanguage, loadOnDemandStrings } = await import('../src/i18n/app-i18n');
  await Promise.all(
    (['en', 'zh-CN'] as const).flatMap((locale) => [loadLanguage(locale), loadOnDemandStrings(locale)]),
  );
}

/**
 * Property tests run on a pinned seed, so a run in CI is repeatable: the same inputs every time.
 * A failure prints its seed and path (fast-check's report); to replay or to explore other inputs,
 * run with FC_SEED=<number>.
 */
export const DEFAULT_FC_SEED = 20_261_201;
const fromEnv = Number.parseInt(process.env.FC_SEED ?? '', 10);
fc.configureGlobal({ seed: Number.isSafeInteger(fromEnv) ? fromEnv : DEFAULT_FC_SEED });
