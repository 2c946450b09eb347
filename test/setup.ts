// Shared test setup: jest-dom matchers for component tests (harmless in the node environment).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import fc from 'fast-check';

// findBy*/waitFor give up after this long. It is a ceiling for slow, shared machines (lazy chunks,
// the Monte Carlo in the analysis tests), never a speed assertion: fast runs finish at once.
configure({ asyncUtilTimeout: 15_000 });

/**
 * Property tests run on a pinned seed, so a run in CI is repeatable: the same inputs every time.
 * A failure prints its seed and path (fast-check's report); to replay or to explore other inputs,
 * run with FC_SEED=<number>.
 */
export const DEFAULT_FC_SEED = 20_261_201;
const fromEnv = Number.parseInt(process.env.FC_SEED ?? '', 10);
fc.configureGlobal({ seed: Number.isSafeInteger(fromEnv) ? fromEnv : DEFAULT_FC_SEED });
