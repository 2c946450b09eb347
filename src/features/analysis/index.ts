export { crossoverBandOf, hybridBaselineLineOf } from './analysis-data';
export { AnalysisSection } from './analysis-section';
export {
  AnalysisClientContext,
  type ScenarioAnalyses,
  useScenarioAnalyses,
} from './use-scenario-analyses';
