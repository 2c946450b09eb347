import type { TFunction } from 'i18next';
import {
  type Breakdown,
  COMPARATOR_IDS,
  COST_CATEGORIES,
  type ComparatorId,
  type DeclineFlip,
  type Evaluation,
  evaluate,
  flipDecline,
  flipPathShift,
  type PathFlip,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../engine';
import type { MoneyFormat } from '../lib/format';
import { crossoverText, paybackText } from '../view-model/comparison-text';
import { costViewStatement } from '../view-model/cost-view-text';
import { flipDeclineText, flipPathText } from '../view-model/decline-text';
import { existingSummaryText } from '../view-model/existing-text';
import { marketCaveatText, marketWaysText } from '../view-model/market-text';
import {
  scenarioHardwarePathText,
  scenarioPathText,
  scenarioTermPathText,
} from '../view-model/price-path-text';
import { scenarioTitle } from '../view-model/scenario-name';
import { verdictSentence } from '../view-model/verdict-text';

/**
 * What `gpu-tco evaluate` prints, as data: the engine's figures for one scenario (the same
 * `evaluate` the page runs) and the page's sentences for them. Amounts are CNY, as the engine
 * prices; the table and CSV renderings convert them for display only.
 */
export interface EvaluateReport {
  scenario: {
    /** As the page titles it (a preset by its name in the reader's language). */
    name: string;
    schemaVersion: number;
    horizonMonths: number;
    pricePath: { name: string; source: string };
    /** What reservations and term commitments pay (model v4): "same as on demand", or a path of their own. */
    termPricePath: { name: string; source: string };
    /** Hardware bought later and used hardware sold (model v4): today's price / follows hardware without a path. */
    hardwarePricePath: { name: string; source: string };
    resalePricePath: { name: string; source: string };
  };
  /**
   * A cluster already owned (schema v16): its inputs, what it is worth today under the engine's rules,
   * the lens, and the page's sentence for them; null without one.
   */
  existing: {
    servers: number;
    gpus: number;
    ageMonths: number;
    pricePaidCnyPerServer: number;
    lens: Scenario['finance']['lens'];
    bookNowCny: number;
    marketNowCny: number;
    writeOffCny: number;
    text: string;
  } | null;
  /** "economic" or "accounting", and the sentence the PDF's first page states it in. */
  costView: { view: Scenario['finance']['costView']; text: string };
  verdict: {
    text: string;
    winner: StrategyId;
    runnerUp: StrategyId | null;
    savingMonthlyCny: number;
    savingFraction: number;
    tie: string | null;
  };
  strategies: Record<StrategyId, StrategyFigures>;
  crossovers: Record<ComparatorId, CrossoverFigures>;
  /** Where the verdict flips: on a steady path the yearly price change, on any path the shift off it. */
  flip: {
    decline: DeclineFlip | null;
    declineText: string | null;
    path: PathFlip | null;
    pathText: string;
  };
  rightSize: Evaluation['rightSize'];
  /**
   * The on-demand market (the deadlines' GPUs one can get on demand) and each way's draw on it; the
   * caution under the verdict when the winner needs more at once, and the details' sentence.
   */
  market: Evaluation['market'] & { caveatText: string | null; waysText: string | null };
}

export interface StrategyFigures {
  eligible: boolean;
  monthlyCny: number;
  horizonCny: number;
  breakdownMonthlyCny: Breakdown;
  /** The breakdown over the horizon: each category × the horizon's months. */
  breakdownHorizonCny: Breakdown;
  capitalChargeMonthlyCny: number;
  npvCny: number;
  /** Owned or reserved GPUs (self-build's cluster, the hybrid's baseline). */
  baselineGpus: number;
}

export interface CrossoverFigures {
  eligible: boolean;
  /** The load rate where self-build turns cheaper than this way; null when never in 0–100 %. */
  loadRate: number | null;
  text: string;
  paybackMonth: number | null;
  paybackText: string;
}

export function evaluateReport(scenario: Scenario, money: MoneyFormat, t: TFunction): EvaluateReport {
  const evaluation = evaluate(scenario);
  const rec = evaluation.recommendation;
  const locale = money.locale;
  // The steady rate's flip moves on-demand prices only: given when terms follow them (no term path).
  const steady = scenario.finance.gpuTimePriceShape === null && scenario.finance.termPriceShape === null;
  const decline = steady ? flipDecline(scenario) : null;
  const path = flipPathShift(scenario);
  const strategies = Object.fromEntries(
    STRATEGY_IDS.map((id) => {
      const r = evaluation.strategies[id];
      const horizon = Object.fromEntries(
        COST_CATEGORIES.map((c) => [c, r.breakdownMonthlyCny[c] * scenario.horizonMonths]),
      ) as Breakdown;
      const figures: StrategyFigures = {
        eligible: r.eligible,
        monthlyCny: r.monthlyCny,
        horizonCny: r.horizonCny,
        breakdownMonthlyCny: { ...r.breakdownMonthlyCny },
        breakdownHorizonCny: horizon,
        capitalChargeMonthlyCny: r.capitalChargeMonthlyCny,
        npvCny: r.npvCny,
        baselineGpus: r.baselineGpus,
      };
      return [id, figures];
    }),
  ) as Record<StrategyId, StrategyFigures>;
  const crossovers = Object.fromEntries(
    COMPARATOR_IDS.map((id) => {
      const c = evaluation.comparisons[id];
      const figures: CrossoverFigures = {
        eligible: c.eligible,
        loadRate: c.crossoverLoadRate,
        text: crossoverText(c, money, t),
        paybackMonth: c.paybackMonth,
        paybackText: paybackText(c, t),
      };
      return [id, figures];
    }),
  ) as Record<ComparatorId, CrossoverFigures>;
  return {
    scenario: {
      name: scenarioTitle(scenario, t),
      schemaVersion: scenario.schemaVersion,
      horizonMonths: scenario.horizonMonths,
      pricePath: scenarioPathText(scenario.finance, t, locale),
      termPricePath: scenarioTermPathText(scenario.finance, t, locale),
      hardwarePricePath: scenarioHardwarePathText(scenario.finance, 'hardware', t, locale),
      resalePricePath: scenarioHardwarePathText(scenario.finance, 'resale', t, locale),
    },
    existing: existingFigures(scenario, evaluation, money, t),
    costView: { view: scenario.finance.costView, text: costViewStatement(scenario.finance, t, locale) },
    verdict: {
      text: verdictSentence(evaluation, money, t, scenario),
      winner: rec.strategy,
      runnerUp: rec.runnerUp,
      savingMonthlyCny: rec.savingMonthlyCny,
      savingFraction: rec.savingFraction,
      tie: rec.tie,
    },
    strategies,
    crossovers,
    flip: {
      decline,
      declineText: steady ? flipDeclineText(decline, rec.strategy, t, locale, scenario) : null,
      path,
      pathText: flipPathText(path, rec.strategy, t, locale, scenario),
    },
    rightSize: evaluation.rightSize,
    market: {
      ...evaluation.market,
      caveatText: marketCaveatText(evaluation, scenario, locale, t),
      waysText: marketWaysText(evaluation, scenario, locale, t),
    },
  };
}

/** The cluster already owned as the report states it (the page's first-screen details sentence). */
function existingFigures(
  scenario: Scenario,
  evaluation: Evaluation,
  money: MoneyFormat,
  t: TFunction,
): EvaluateReport['existing'] {
  const ex = evaluation.existing;
  const input = scenario.existing;
  if (ex === null || input === null) return null;
  return {
    servers: ex.servers,
    gpus: ex.gpus,
    ageMonths: ex.ageMonths,
    pricePaidCnyPerServer: input.pricePaidCnyPerServer,
    lens: ex.lens,
    bookNowCny: ex.bookNowCny,
    marketNowCny: ex.marketNowCny,
    writeOffCny: ex.writeOffCny,
    text: existingSummaryText(ex, money, t),
  };
}
