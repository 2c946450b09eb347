import { defaultScenario, presets, type Scenario } from '../engine';
import type { Currency } from '../lib/format';
import type { BudgetStamp, DecodeResult, ResumeRead } from '../scenario';
import type { StoredActuals } from '../scenario/stored-actuals';
import { type AppNotice, type KeptScenario, type ResumeOffer, sameData } from './store';
import type { DisplaySettings, LinkBudget } from './url-sync';

/** What the app opens with: the scenario and its display settings, a notice and an offer. */
export interface StartPlan {
  scenario?: Scenario;
  currency?: Currency;
  cnyPerUsd?: number;
  presetId?: string;
  notice?: AppNotice;
  offer?: ResumeOffer;
  /** The budget version the link opens as (its stamp matched the scenario it holds). */
  budget?: BudgetStamp;
  /** The actual bills and usage the link carries with that version. */
  budgetActuals?: StoredActuals;
}

/** The preset a scenario is, value for value (a link to an untouched preset), or null. */
export function presetIdOf(scenario: Scenario): string | null {
  return Object.keys(presets).find((key) => sameData(presets[key], scenario)) ?? null;
}

/** A preset as it comes (nothing of the user's in it): not worth a "Restore" offer. */
function isUntouchedPreset(scenario: Scenario): boolean {
  return presetIdOf(scenario) !== null;
}

function kept(resume: Extract<ResumeRead, { kind: 'ok' }>): KeptScenario {
  return {
    scenario: resume.scenario,
    currency: resume.currency ?? 'CNY',
    cnyPerUsd: resume.cnyPerUsd ?? 7.2,
    presetId: resume.presetId ?? null,
  };
}

/**
 * The scenario worked on before, when `shown` would replace it: it differs from what is shown and is
 * more than an untouched preset. The one rule for the start-up and for a link pasted into an open tab.
 */
export function displacedScenario(previous: KeptScenario, shown: Scenario): KeptScenario | null {
  if (sameData(previous.scenario, shown) || isUntouchedPreset(previous.scenario)) return null;
  return previous;
}

/**
 * Start-up (issue 21): a link always wins (and when it replaces the scenario kept from the last visit,
 * that one is offered back); a damaged link shows the default with what was wrong, and the kept one is
 * offered back; without a link the kept scenario resumes, with "Start from an example" offered; a kept
 * scenario that does not open is reported and the default shown.
 */
export function planStart(
  address: DecodeResult | null,
  display: Partial<DisplaySettings>,
  resume: ResumeRead,
  href: string,
  budget: LinkBudget = { kind: 'none' },
): StartPlan {
  if (address !== null) {
    const plan: StartPlan = address.ok
      ? { scenario: address.scenario, ...display }
      : { notice: { kind: 'linkError', error: address.error, issues: address.issues, link: href } };
    if (address.ok && address.notes) plan.notice = { kind: 'upgraded', notes: address.notes };
    if (address.ok && budget.kind === 'frozen') {
      plan.budget = budget.stamp;
      if (budget.actuals !== null && budget.actuals !== 'damaged') plan.budgetActuals = budget.actuals;
      // The version opens; the actuals that could not be read are said (the version itself is intact).
      if (budget.actuals === 'damaged')
        plan.notice = { kind: 'budgetActualsDamaged', label: budget.stamp.label };
    }
    // A stamp that does not match its figures is said before an upgrade's notes: it is about trust.
    if (address.ok && budget.kind === 'mismatch')
      plan.notice = { kind: 'budgetMismatch', label: budget.label };
    const linkPreset = address.ok ? presetIdOf(address.scenario) : null;
    if (linkPreset !== null) plan.presetId = linkPreset;
    if (resume.kind === 'ok') {
      const shown = address.ok ? address.scenario : defaultScenario;
      const previous = displacedScenario(kept(resume), shown);
      if (previous) plan.offer = { kind: 'replaced', previous };
    }
    return plan;
  }
  if (resume.kind === 'broken') return { notice: { kind: 'resumeError', issues: resume.issues } };
  if (resume.kind === 'none') return {};
  const plan: StartPlan = { scenario: resume.scenario, offer: { kind: 'resumed' } };
  if (resume.currency) plan.currency = resume.currency;
  if (resume.cnyPerUsd !== undefined) plan.cnyPerUsd = resume.cnyPerUsd;
  if (resume.presetId !== undefined) plan.presetId = resume.presetId;
  if (resume.notes) plan.notice = { kind: 'upgraded', notes: resume.notes };
  return plan;
}
