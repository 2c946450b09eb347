import { useTranslation as useTranslationWithFreshOptions } from 'react-i18next';

// Everything else of react-i18next, unchanged.
export * from 'react-i18next';

/** One options object for every call that passes none (see useTranslation below). */
const NO_OPTIONS = {};

/**
 * react-i18next's useTranslation, with one options object shared by every call that passes none. The
 * library's own default is a fresh `{}` per call, which its memos depend on: every render of every
 * component that translates then hands React a new snapshot reader, and React re-runs that
 * component's store effect and namespace check after each commit (a slider step re-renders dozens of
 * them: about a third of its script time went there). The translations are the same; only the
 * options object's identity differs. build/stable-translation-plugin.ts makes the app's
 * `import … from 'react-i18next'` resolve here.
 */
export const useTranslation = ((ns?: unknown, options: object = NO_OPTIONS) =>
  (useTranslationWithFreshOptions as (ns: unknown, options: object) => unknown)(
    ns,
    options,
  )) as typeof useTranslationWithFreshOptions;
