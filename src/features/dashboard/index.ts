export { CalibrationNote } from './calibration-note';
export { HeaderBar } from './header-bar';
export { HeadlineSliders } from './headline-sliders';
export { KpiCards } from './kpi-cards';
export { MethodologyPanel } from './methodology-panel';
export { ParameterPanels } from './parameter-panels';
export { RecommendationPanel } from './recommendation-panel';
export { WinnerSummary } from './winner-summary';
