export { CashByYear } from './cash-by-year';
export { ScenarioNameField } from './scenario-name-field';
