import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseInRange } from '../../components/parameter-value';
import { useValidatedText } from '../../components/use-validated-text';
import {
  COMPLIANCE_LEVELS,
  DECLINE_STRIP,
  type Evaluation,
  type LoadRateLimit,
  ownClusterGpus,
  parameter,
  type Scenario,
  TEAM_CAPABILITY_LEVELS,
  WEEKLY_GPUS_MAX,
} from '../../engine';
import { formatNumber, formatPercent } from '../../lib/format';
import type { ScenarioIssue } from '../../scenario';
import type { LoadRateCommit } from '../../state/store';
import { useAppStore } from '../../state/store-context';
import {
  prefetchNeighbourSweeps,
  sharedComplianceSweep,
  sharedDeclineSweep,
  sharedLoadRateSweep,
  sharedTeamSweep,
} from '../../state/sweep-cache';
import { LOAD_SWEEP_POINTS } from '../../view-model/crossover-chart';
import { loadRateLabel, loadRatePercentText } from '../../view-model/slider-value';
import { CostViewControl } from './cost-view-control';
import { fieldErrorLines } from './field-error';
import { OwnEfficiencyNote } from './own-efficiency-note';
import { PricePathControl } from './price-path-control';
import { sliderGroup } from './range-keys';
import { RangeSlider } from './range-slider';
import { WinnerStrip } from './winner-strip';

/**
 * The three deciding sliders of seed 003 §4 (load rate, team capability, compliance) and the deciding
 * assumption beside them (the GPU-time price decline, docs/model.md §9), each with its "who wins across
 * this range" strip. The strips show the new scenario in the same frame as the KPIs:
 * their sweeps come from the shared cache (src/state/sweep-cache.ts), which a load-rate step reuses
 * and which is filled for the neighbouring team and compliance levels while the page is idle.
 */
export function HeadlineSliders({ scenario, evaluation }: { scenario: Scenario; evaluation: Evaluation }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const setLoadRate = useAppStore((s) => s.setLoadRate);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  // The last load-rate change that stopped at an input's maximum, for the note under the slider.
  const [limited, setLimited] = useState<{ limit: Exclude<LoadRateLimit, null>; appliedRate: number } | null>(
    null,
  );
  // Stable, so the number box beside the slider (memoised) is not redrawn by another slider's step.
  const onLoadRate = useCallback(
    (rate: number, grouping: { group: string; groupWithinMs?: number }): LoadRateCommit => {
      const commit = setLoadRate(rate, grouping);
      setLimited(commit.limit === null ? null : { limit: commit.limit, appliedRate: commit.appliedRate });
      return commit;
    },
    [setLoadRate],
  );
  const onLoadRateField = useCallback(
    (rate: number) => {
      const { result } = onLoadRate(rate, { group: 'field:loadRate' });
      return result.ok ? null : result.issues;
    },
    [onLoadRate],
  );
  // The note holds only while the load rate is the one the limit left (a later change makes it stale).
  const limitNote =
    limited !== null &&
    Math.abs(limited.appliedRate - evaluation.loadRate) <= 1e-9 * Math.max(1, limited.appliedRate)
      ? t(`sliders.limited.${limited.limit}`, {
          rate: formatPercent(limited.appliedRate, locale, 1),
          max: formatNumber(
            limited.limit === 'jobsPerMonth' ? parameter('demand.jobsPerMonth').max : WEEKLY_GPUS_MAX,
            locale,
          ),
        })
      : null;

  const loadSweep = useMemo(() => sharedLoadRateSweep(scenario), [scenario]);
  const teamSweep = useMemo(() => sharedTeamSweep(scenario), [scenario]);
  const complianceSweep = useMemo(() => sharedComplianceSweep(scenario), [scenario]);
  useIdleNeighbourSweeps(scenario);
  // Stable arrays per sweep, so a strip whose sweep did not change skips its render.
  const loadWinners = useMemo(() => loadSweep.map((p) => p.winner), [loadSweep]);
  const loadLabels = useMemo(
    () => loadSweep.map((p) => formatPercent(p.loadRate, locale, 0)),
    [loadSweep, locale],
  );
  const teamWinners = useMemo(() => teamSweep.map((p) => p.winner), [teamSweep]);
  const teamLabels = useMemo(() => teamSweep.map((p) => String(p.value)), [teamSweep]);
  const complianceWinners = useMemo(() => complianceSweep.map((p) => p.winner), [complianceSweep]);
  const complianceLabels = useMemo(
    () => complianceSweep.map((p) => t(`compliance.${p.value}`)),
    [complianceSweep, t],
  );

  const winnerName = t(`strategy.${evaluation.recommendation.strategy}`);
  const loadPercent = Math.min(100, Math.max(0, Math.round(evaluation.loadRate * 100)));
  // The label and the number box show the model's load rate in one rounding (slider-value.ts).
  const loadLabel = loadRateLabel(evaluation.loadRate);
  // The cluster the load rate is of: never fewer GPUs than a cluster already owned holds.
  const capacity = scenario.existing === null ? scenario.selfBuild.capacityGpus : ownClusterGpus(scenario);
  const loadDisplay =
    scenario.demand.mode === 'jobs'
      ? t('sliders.loadRateValue', {
          value: loadLabel,
          capacity: formatNumber(capacity, locale),
          jobs: formatNumber(evaluation.demand.jobsPerMonth, locale, 1),
        })
      : t('sliders.loadRateValueWeekly', {
          value: loadLabel,
          capacity: formatNumber(capacity, locale),
          mean: formatNumber(evaluation.demand.meanGpus, locale, 1),
        });

  const teamLevel = scenario.teamCapability;
  const teamName = t(`team.${teamLevel}`);
  const complianceIndex = COMPLIANCE_LEVELS.indexOf(scenario.compliance);
  const complianceName = t(`compliance.${scenario.compliance}`);

  return (
    <div className="sliders">
      <RangeSlider
        label={t('sliders.loadRate')}
        term="loadRate"
        min={0}
        max={100}
        step={1}
        bigStep={10}
        value={loadPercent}
        display={loadDisplay}
        valueText={t('sliders.valueText', { value: loadLabel, winner: winnerName })}
        help={t('sliders.loadRateHelp')}
        onValue={(percent, via) => onLoadRate(percent / 100, sliderGroup('slider:loadRate', via))}
        onGestureEnd={endGroup}
        aside={<LoadRateNumber loadRate={evaluation.loadRate} onRate={onLoadRateField} onBlur={endGroup} />}
      >
        <OwnEfficiencyNote scenario={scenario} evaluation={evaluation} />
        {limitNote ? (
          <p className="slider__note" role="status" data-testid="load-rate-limit">
            {limitNote}
          </p>
        ) : null}
        <WinnerStrip
          winners={loadWinners}
          labels={loadLabels}
          currentIndex={Math.min(1, evaluation.loadRate) * (LOAD_SWEEP_POINTS - 1)}
        />
      </RangeSlider>

      <RangeSlider
        label={t('sliders.teamCapability')}
        min={1}
        max={5}
        step={1}
        bigStep={1}
        value={teamLevel}
        display={t('sliders.teamValue', {
          level: teamLevel,
          name: teamName,
          efficiency: formatPercent(evaluation.ownEfficiency, locale, 0),
        })}
        valueText={t('sliders.valueText', { value: `${teamLevel} · ${teamName}`, winner: winnerName })}
        help={t('sliders.teamHelp')}
        onValue={(level, via) => {
          const next = TEAM_CAPABILITY_LEVELS.find((l) => l === level);
          if (next !== undefined)
            commitScenario((s) => ({ ...s, teamCapability: next }), {
              source: 'slider',
              ...sliderGroup('slider:team', via),
            });
        }}
        onGestureEnd={endGroup}
      >
        <WinnerStrip winners={teamWinners} labels={teamLabels} currentIndex={teamLevel - 1} />
      </RangeSlider>

      <RangeSlider
        label={t('sliders.compliance')}
        min={0}
        max={COMPLIANCE_LEVELS.length - 1}
        step={1}
        bigStep={1}
        value={complianceIndex}
        display={complianceName}
        valueText={t('sliders.valueText', { value: complianceName, winner: winnerName })}
        help={t('sliders.complianceHelp')}
        onValue={(index, via) => {
          const next = COMPLIANCE_LEVELS[index];
          if (next !== undefined)
            commitScenario((s) => ({ ...s, compliance: next }), {
              source: 'slider',
              ...sliderGroup('slider:compliance', via),
            });
        }}
        onGestureEnd={endGroup}
      >
        <WinnerStrip winners={complianceWinners} labels={complianceLabels} currentIndex={complianceIndex} />
      </RangeSlider>

      <DeclineSlider scenario={scenario} winnerName={winnerName} />
      <CostViewControl scenario={scenario} evaluation={evaluation} />
    </div>
  );
}

/**
 * The GPU-time price decline (docs/model.md §9: the assumption that decides most owning answers) with the
 * winner across 0–30 %/yr. Its strip is 31 pricings, so it follows the scenario as a deferred value:
 * another slider's step paints its numbers first and the strip catches up right after.
 */
function DeclineSlider({ scenario, winnerName }: { scenario: Scenario; winnerName: string }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const deferred = useDeferredValue(scenario);
  // A shaped path shows no strip (the steady rate does not apply): no sweep to price.
  const shaped = deferred.finance.gpuTimePriceShape !== null;
  const sweep = useMemo(() => (shaped ? [] : sharedDeclineSweep(deferred)), [deferred, shaped]);
  const winners = useMemo(() => sweep.map((p) => p.winner), [sweep]);
  const labels = useMemo(() => sweep.map((p) => formatPercent(p.value, locale, 0)), [sweep, locale]);
  const decline = scenario.finance.gpuTimePriceDeclineFractionPerYear;
  // Whole percents without a decimal (0.15 × 100 is 15.000000000000002 in floating point).
  const wholePercent = Math.abs(decline * 100 - Math.round(decline * 100)) < 1e-9;
  const label = formatPercent(Math.abs(decline), locale, wholePercent ? 0 : 1);
  const step = DECLINE_STRIP.step;
  // A shaped path sets every month's price: the steady rate and its strip do not apply.
  if (scenario.finance.gpuTimePriceShape !== null) return <PricePathControl scenario={scenario} />;
  const clampedDecline = Math.min(DECLINE_STRIP.max, Math.max(DECLINE_STRIP.min, decline));
  return (
    <RangeSlider
      label={t('sliders.priceDecline')}
      term="priceDecline"
      min={DECLINE_STRIP.min * 100}
      max={DECLINE_STRIP.max * 100}
      step={1}
      bigStep={5}
      value={Math.round(clampedDecline * 1000) / 10}
      display={t(decline < 0 ? 'sliders.priceRiseValue' : 'sliders.priceDeclineValue', { value: label })}
      valueText={t('sliders.valueText', { value: label, winner: winnerName })}
      help={t('sliders.priceDeclineHelp')}
      onValue={(percent, via) =>
        commitScenario(
          (s) => ({ ...s, finance: { ...s.finance, gpuTimePriceDeclineFractionPerYear: percent / 100 } }),
          { source: 'slider', ...sliderGroup('slider:decline', via) },
        )
      }
      onGestureEnd={endGroup}
    >
      <WinnerStrip winners={winners} labels={labels} currentIndex={(decline - DECLINE_STRIP.min) / step} />
      <PricePathControl scenario={scenario} />
    </RangeSlider>
  );
}

/**
 * Fills the sweep cache for the next team and compliance levels while the page is idle (after the
 * scenario's frame is shown), so the next step of those sliders finds its sweeps ready.
 */
/** How long the scenario must stay unchanged before the neighbouring levels' sweeps are prepared. */
const NEIGHBOUR_PREFETCH_REST_MS = 300;

function useIdleNeighbourSweeps(scenario: Scenario): void {
  useEffect(() => {
    let handle = 0;
    let cancelled = false;
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? (fn: (hasTime: () => boolean) => void) =>
            window.requestIdleCallback((d) => fn(() => d.timeRemaining() > 2), { timeout: 1000 })
        : (fn: (hasTime: () => boolean) => void) => window.setTimeout(() => fn(() => true), 50);
    const cancel = (id: number) =>
      typeof window.cancelIdleCallback === 'function'
        ? window.cancelIdleCallback(id)
        : window.clearTimeout(id);
    const run = (hasTime: () => boolean) => {
      if (cancelled) return;
      if (!prefetchNeighbourSweeps(scenario, hasTime)) handle = idle(run);
    };
    // Only once the input rests: during a drag every step has new neighbours, and a sweep started in
    // the gap between two steps would hold up the next one.
    const rest = window.setTimeout(() => {
      handle = idle(run);
    }, NEIGHBOUR_PREFETCH_REST_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(rest);
      cancel(handle);
    };
  }, [scenario]);
}

/** The load rate as a percent, typed exactly (the slider moves in whole percents). */
const LoadRateNumber = memo(function LoadRateNumber({
  loadRate,
  onRate,
  onBlur,
}: {
  loadRate: number;
  onRate: (rate: number) => ScenarioIssue[] | null;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const field = useValidatedText(
    loadRate,
    loadRatePercentText,
    (text) => {
      // 0–100 % is the slider's own scale, not a scenario rule: the door checks the scenario it makes.
      const r = parseInRange(text, 0, 100, false);
      return r.ok ? { ok: true, value: r.value / 100 } : r;
    },
    onRate,
  );
  const message =
    field.error === null
      ? null
      : field.error.kind === 'syntax'
        ? t(`validation.${field.error.error.code}`, { min: 0, max: 100 })
        : fieldErrorLines(field.error, 'demand', t, locale).join(' ');
  return (
    <span className="slider__number">
      <label htmlFor={id} className="visually-hidden">
        {t('sliders.loadRatePercent')}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        size={5}
        value={field.text}
        onChange={field.onChange}
        onBlur={onBlur}
        aria-invalid={message !== null}
        aria-describedby={message !== null ? `${id}-error` : undefined}
      />
      <span aria-hidden="true">%</span>
      {message !== null ? (
        <span id={`${id}-error`} role="alert" className="field-error">
          {message}
        </span>
      ) : null}
    </span>
  );
});
