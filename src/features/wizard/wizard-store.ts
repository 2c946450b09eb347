import { create } from 'zustand';
import {
  type CurveKind,
  DEFAULT_FLAT_WEEKS,
  NO_ANSWERS,
  type RiskAnswers,
  type Scenario,
  type ThroughputRate,
} from '../../engine';
import type { ScenarioIssue } from '../../scenario';

/** Steps 0–3 are seed 003 §5's four self-tests; 4 is the result. */
export const WIZARD_STEPS = ['usage', 'tco', 'utilization', 'risk', 'result'] as const;

/**
 * The wizard's own UI state: which step, the generator settings, the throughput as typed and the risk
 * answers. It lives in a module store (not in the scenario, which holds only model inputs, and not in
 * component state) so it survives the view being hidden or re-mounted; the scenario changes themselves
 * go to the app store at once, so the dashboard shows them.
 */
export interface WizardState {
  step: number;
  curveKind: CurveKind | null;
  weeksText: string;
  meanText: string;
  throughputText: string;
  throughputRate: ThroughputRate;
  unitName: string;
  answers: RiskAnswers;
  /**
   * Outcome of the last CSV import, for the message under the file input, with the file's week
   * dates (null when its week column held numbers) for the chart's axis.
   */
  csv: { fileName: string; weeks: number; dates: string[] | null } | null;
  /** What the schema said about the generator settings' last curve (refused: nothing applied). */
  curveIssues: { field: 'weeks' | 'mean'; issues: ScenarioIssue[] } | null;
  /** What the schema said about the typed throughput (refused: nothing applied). */
  throughputIssues: ScenarioIssue[];
  /**
   * The wizard's last applied change: the scenario before and after it and the inputs it changed, for
   * "4 inputs changed: …" with one button that undoes it.
   */
  lastApply: WizardApply | null;
  setStep: (step: number) => void;
  patch: (patch: Partial<Omit<WizardState, 'setStep' | 'patch' | 'reset'>>) => void;
  reset: () => void;
}

export interface WizardApply {
  before: Scenario;
  after: Scenario;
  paths: string[];
}

const initial = {
  step: 0,
  curveKind: null,
  // A year of weeks, like the flat curve a job-form demand starts from.
  weeksText: String(DEFAULT_FLAT_WEEKS),
  meanText: '',
  throughputText: '',
  throughputRate: 'perSecond' as ThroughputRate,
  unitName: 'tokens',
  answers: NO_ANSWERS,
  csv: null,
  curveIssues: null,
  throughputIssues: [] as ScenarioIssue[],
  lastApply: null,
};

export const useWizardStore = create<WizardState>()((set) => ({
  ...initial,
  setStep: (step) => set({ step: Math.max(0, Math.min(WIZARD_STEPS.length - 1, step)) }),
  patch: (patch) => set(patch),
  reset: () => set(initial),
}));

/**
 * Back to the first step with nothing answered (tests; a "start over" button).
 * @internal exported for tests
 */
export function resetWizardState(): void {
  useWizardStore.getState().reset();
}
