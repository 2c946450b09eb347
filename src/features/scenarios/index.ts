/** Scenarios: share link, saved scenarios, compare, JSON/CSV files (issue 5). */
export { ScenarioActions } from './scenario-actions';
export { ScenarioNotice } from './scenario-notice';
