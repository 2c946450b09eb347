export { TrainingPlanSection } from './training-plan-section';
