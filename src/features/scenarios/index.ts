/** Scenarios: share link, saved scenarios, compare, JSON/CSV files (issue 5). */

export { BudgetBanner } from './budget-banner';
export { ResumeOffer } from './resume-offer';
export { ScenarioActions } from './scenario-actions';
export { ScenarioNotice } from './scenario-notice';
