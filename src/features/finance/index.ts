export { ScenarioNameField } from './scenario-name-field';
