// Shared test setup: jest-dom matchers for component tests (harmless in the node environment).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after this long. It is a ceiling for slow, shared machines (lazy chunks,
// the Monte Carlo in the analysis tests), never a speed assertion: fast runs finish at once.
configure({ asyncUtilTimeout: 15_000 });
