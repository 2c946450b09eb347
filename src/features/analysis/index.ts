/**
 * Uncertainty and sensitivity (issue 7). The section itself (analysis-section.tsx, with its chart) is
 * loaded on demand by the app shell; this entry holds the light parts the dashboard needs at once.
 */
export { crossoverBandsOf, hybridBaselineLineOf } from './analysis-data';
export { type ScenarioAnalyses, useScenarioAnalyses } from './use-scenario-analyses';
