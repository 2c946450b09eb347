/** The one door for outside data: validation, migrations, links, files and saved scenarios. */
// The CSV parser (with papaparse) is imported directly or through csv-usage-lazy.ts, never from here,
// so the first visit does not load it.
export { MAX_CSV_BYTES } from './csv-limits';
export type { CsvEncoding, CsvError, CsvErrorCode, CsvResult, CsvRow } from './csv-usage';
export {
  MAX_FILE_BYTES,
  readScenarioFile,
  scenarioFromJson,
  scenarioToJson,
} from './json-file';
export {
  addHardwareV4,
  CURRENT_SCHEMA_VERSION,
  MIGRATION_NOTES,
  MIGRATIONS,
  type MigrationNote,
  migrateScenario,
  migrationObserver,
} from './migrate';
export {
  type MoneyCurrency,
  moneyInputShown,
  reconcileUsdInputs,
  repriceUsdInputs,
  withMoneyInput,
} from './money-inputs';
export {
  ISSUE_CODES,
  MAX_ISSUES,
  parseScenario,
  type ScenarioIssue,
  validateScenarioReusing,
} from './parse';
export { loadResume, RESUME_KEY, type ResumeRead, saveResume } from './resume-storage';
export { ScenarioSchema } from './schema';
export {
  EXPORT_FORMAT,
  exportAllSaved,
  type LoadedSaves,
  loadQuarantine,
  loadSaved,
  QUARANTINE_KEY,
  type QuarantinedEntry,
  repairDuplicateIds,
  SAVED_KEY,
  type SavedScenario,
  type SavedUpdate,
  type SaveError,
  type SaveResult,
  updateSaved,
} from './storage';
export {
  type DecodeResult,
  decodeScenarioHash,
  encodeFullScenarioHash,
  encodeScenarioHash,
  hasScenarioHash,
  LINK_WARN_LENGTH,
  type LinkDecodeError,
  MAX_JSON_BYTES,
} from './url-codec';
