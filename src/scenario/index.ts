/** The one door for outside data: validation, migrations, links, files and saved scenarios. */
export {
  type BackupInfo,
  backupFingerprint,
  backupText,
  listBackups,
  type RestoreResult,
  restoreBackup,
  takeBackup,
  undoRestore,
  undoRestoreTime,
} from './backups';
export {
  BUDGET_HASH_KEY,
  BUDGET_LABEL_MAX_CHARS,
  type BudgetStamp,
  nextStamp,
  nextVersionOf,
  scenarioFingerprint,
  stampFromParam,
  stampToParam,
} from './budget-stamp';
// The CSV parser (with papaparse) is imported directly or through csv-usage-lazy.ts, never from here,
// so the first visit does not load it.
export type { CsvEncoding, CsvError, CsvResult, CsvRow } from './csv-usage';
export { readScenarioFile, scenarioToJson } from './json-file';
export { CURRENT_SCHEMA_VERSION, type MigrationNote } from './migrate';
export {
  type MoneyCurrency,
  moneyInputShown,
  reconcileUsdInputs,
  repriceUsdInputs,
  withMoneyInput,
} from './money-inputs';
export { parseScenario, type ScenarioIssue, validateScenarioReusing } from './parse';
export { loadResume, type ResumeRead, saveResume } from './resume-storage';
export {
  exportAllSaved,
  type LoadedSaves,
  loadSaved,
  type NewerEntry,
  type QuarantinedEntry,
  type SavedScenario,
  type SavedUpdate,
  type SaveError,
  type SaveResult,
  savedStorageFingerprint,
  updateSaved,
} from './storage';
export { tagsFromText } from './tags';
export {
  applyMerge,
  type ConflictChoice,
  changesOf,
  type LibraryError,
  libraryToJson,
  MAX_LIBRARY_BYTES,
  type MergeRow,
  parseLibrary,
  planMerge,
  type TeamLibrary,
} from './team-library';
export {
  type DecodeResult,
  decodeScenarioHash,
  encodeScenarioHash,
  hasScenarioHash,
  LINK_WARN_LENGTH,
  type LinkDecodeError,
  linkFingerprint,
} from './url-codec';
