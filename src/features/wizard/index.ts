/** The four-step self-assessment wizard (seed 003 §5), writing into the dashboard's scenario. */

export { wizardReportAnswers } from './report-answers';
export { resetWizardState } from './wizard-store';
export { WizardView } from './wizard-view';
