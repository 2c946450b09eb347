/** The four-step self-assessment wizard (seed 003 §5), writing into the dashboard's scenario. */

export { WizardView } from './wizard-view';
