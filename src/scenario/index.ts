export { type ParseResult, parseScenario, type ScenarioIssue, toIssues } from './parse';
export { numberFor, ScenarioSchema } from './schema';
