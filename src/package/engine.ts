/**
 * The package's library (`import { evaluate, parseScenario, decodeLink } from
 * 'gpu-tco-dashboard/engine'`): the engine and the scenario layer the page runs, the same code, for
 * Node ≥ 20 scripts. Everything returns results and never throws on bad input: `parseScenario` and
 * `decodeLink` name the fields at fault as the page does.
 */
export * from '../engine';
export { parseClusterLog } from '../scenario/cluster-log';
export type { ClusterLogResult, ClusterLogSummary } from '../scenario/cluster-log-types';
export { type MeasuredUsage, measuredUsage } from '../scenario/cluster-log-usage';
export { FILE_FORMAT, type JsonFileResult, scenarioFromJson, scenarioToJson } from '../scenario/json-file';
export { CURRENT_SCHEMA_VERSION, type MigrationNote, migrateScenario } from '../scenario/migrate';
export { type ParseResult, parseScenario, type ScenarioIssue } from '../scenario/parse';
export type { DecodeResult, LinkDecodeError } from '../scenario/url-codec';
export { scenarioJsonSchema } from './json-schema';
export { decodeLink, encodeLink } from './link';
