import { createContext } from 'react';
import type { AnalysisClient } from './analysis-client';

/**
 * Which client runs the analyses: tests provide one (backed by the worker's handler or by canned
 * results); the app leaves it null and gets the shared module worker.
 */
export const AnalysisClientContext = createContext<AnalysisClient | null>(null);
