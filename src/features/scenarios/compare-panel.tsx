import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { ScrollRegion } from '../../components/scroll-region';
import { Section } from '../../components/section';
import { WaterfallBars } from '../../components/waterfall-bars';
import {
  type Evaluation,
  evaluate,
  presets,
  type Scenario,
  STRATEGY_IDS,
  type StrategyId,
} from '../../engine';
import { isolatedText } from '../../lib/bidi';
import { formatMoney, formatNumber, formatPercent, type MoneyFormat } from '../../lib/format';
import type { SavedScenario } from '../../scenario';
import { useEvaluation } from '../../state/selectors';
import { useAppStore, useMoneyFormat } from '../../state/store-context';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { type CompareRow, compareRows, type WaterfallStep, waterfallSteps } from './compare-data';
import { useSavedScenarios } from './saved-scenarios';
import './scenarios.css';

const PRESET_KEYS = Object.keys(presets);
const CURRENT = 'current';
type Side = 'A' | 'B';

interface Choice {
  source: string;
  strategy: StrategyId;
}

function isStrategy(v: string): v is StrategyId {
  return (STRATEGY_IDS as readonly string[]).includes(v);
}

/** The scenario a source value names: the current one, a saved one or a preset. */
function scenarioOf(source: string, current: Scenario, saved: readonly SavedScenario[]): Scenario {
  if (source.startsWith('saved:')) return saved.find((e) => `saved:${e.id}` === source)?.scenario ?? current;
  if (source.startsWith('preset:')) return presets[source.slice(7)] ?? current;
  return current;
}

/**
 * Two (scenario, strategy) pairs side by side: the KPI table with B − A, and a waterfall that
 * attributes the monthly difference to the six cost categories. Opens on the current scenario's
 * recommended strategy against its runner-up.
 */
export function ComparePanel() {
  const { t } = useTranslation(['scenarios', 'common', 'charts']);
  const money = useMoneyFormat();
  const current = useAppStore((s) => s.scenario);
  const currentEvaluation = useEvaluation(current);
  const { entries } = useSavedScenarios();
  const [a, setA] = useState<Choice>(() => ({
    source: CURRENT,
    strategy: currentEvaluation.recommendation.strategy,
  }));
  const [b, setB] = useState<Choice>(() => ({
    source: CURRENT,
    strategy:
      currentEvaluation.recommendation.runnerUp ??
      STRATEGY_IDS.find((s) => s !== currentEvaluation.recommendation.strategy) ??
      'platform',
  }));

  const scenarioA = scenarioOf(a.source, current, entries);
  const scenarioB = scenarioOf(b.source, current, entries);
  const evalA = useMemo(
    () => (scenarioA === current ? currentEvaluation : evaluate(scenarioA)),
    [scenarioA, current, currentEvaluation],
  );
  const evalB = useMemo(
    () => (scenarioB === current ? currentEvaluation : evaluate(scenarioB)),
    [scenarioB, current, currentEvaluation],
  );
  const resultA = evalA.strategies[a.strategy];
  const resultB = evalB.strategies[b.strategy];
  const rows = useMemo(() => compareRows(resultA, resultB), [resultA, resultB]);
  const steps = useMemo(() => waterfallSteps(resultA, resultB), [resultA, resultB]);

  const sourceLabel = (source: string): string => {
    if (source.startsWith('saved:')) {
      const entry = entries.find((e) => `saved:${e.id}` === source);
      return entry ? isolatedText(entry.name) : '';
    }
    if (source.startsWith('preset:')) return t(`common:presets.${source.slice(7)}`);
    return t('compare.current');
  };
  const sideLabel = (c: Choice) =>
    t('common:join.nameNote', { name: sourceLabel(c.source), note: t(`common:strategy.${c.strategy}`) });

  return (
    <Section headingId="scen-compare" title={t('compare.title')} className="card scenarios__card">
      <p className="scenarios__intro">{t('compare.intro')}</p>
      <div className="compare__pickers">
        <SidePicker side="A" choice={a} onChange={setA} evaluation={evalA} saved={entries} />
        <SidePicker side="B" choice={b} onChange={setB} evaluation={evalB} saved={entries} />
      </div>
      <p className="compare__sides">{t('compare.caption', { a: sideLabel(a), b: sideLabel(b) })}</p>
      <ScrollRegion labelledBy="scen-compare-caption">
        <DataTable
          className="compare__table"
          caption={t('compare.caption', { a: sideLabel(a), b: sideLabel(b) })}
          captionId="scen-compare-caption"
          captionClassName="visually-hidden"
          headers={[
            t('compare.measure'),
            `A${resultA.eligible ? '' : t('common:join.bracketed', { note: t('compare.notEligible') })}`,
            `B${resultB.eligible ? '' : t('common:join.bracketed', { note: t('compare.notEligible') })}`,
            t('compare.difference'),
          ]}
        >
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`compare-${row.key}`}>
                <th scope="row">{rowLabel(t, row)}</th>
                <td className="num">{formatValue(row, row.a, money)}</td>
                <td className="num">{formatValue(row, row.b, money)}</td>
                <td className="num">{formatDifference(row, money, t)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ScrollRegion>
      <Waterfall steps={steps} money={money} />
    </Section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function rowLabel(t: T, row: CompareRow): string {
  if (row.key.startsWith('category.')) {
    return t('compare.rows.category', { category: t(`charts:category.${row.key.slice(9)}`) });
  }
  return t(`compare.rows.${row.key}`);
}

function formatValue(row: CompareRow, value: number, money: MoneyFormat): string {
  if (row.format === 'percent') return formatPercent(value, money.locale, 0);
  return formatMoney(value, money, row.format === 'unitMoney' ? 2 : 0);
}

/** Signed: "+CN¥1,200" / "−CN¥300" / "0"; utilization in percentage points ("−25 pts"). */
function formatDifference(row: CompareRow, money: MoneyFormat, t: T): string {
  const d = row.difference;
  const digits = row.format === 'unitMoney' ? 2 : 0;
  // A difference of two utilizations is in percentage points, not a percentage of anything.
  const text =
    row.format === 'percent'
      ? t('compare.points', { value: formatNumber(Math.abs(d) * 100, money.locale, 0) })
      : formatMoney(Math.abs(d), money, digits);
  const zero = row.format === 'percent' ? Math.abs(d) < 0.005 : Math.abs(d) < 0.5 * 10 ** -digits;
  if (zero) return text;
  return `${d > 0 ? '+' : '−'}${text}`;
}

function SidePicker({
  side,
  choice,
  onChange,
  evaluation,
  saved,
}: {
  side: Side;
  choice: Choice;
  onChange: (c: Choice) => void;
  evaluation: Evaluation;
  saved: readonly SavedScenario[];
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const id = useId();
  // A saved entry that was deleted while chosen falls back to the current scenario.
  const sourceValue =
    choice.source.startsWith('saved:') && !saved.some((e) => `saved:${e.id}` === choice.source)
      ? CURRENT
      : choice.source;
  return (
    <fieldset className="compare__side">
      <legend>{side}</legend>
      <div className="control">
        <label htmlFor={`${id}-source`}>{t('compare.scenario', { side })}</label>
        <select
          id={`${id}-source`}
          value={sourceValue}
          onChange={(e) => onChange({ ...choice, source: e.target.value })}
        >
          <option value={CURRENT}>{t('compare.current')}</option>
          {saved.length > 0 ? (
            <optgroup label={t('compare.savedGroup')}>
              {saved.map((e) => (
                <option key={e.id} value={`saved:${e.id}`}>
                  {isolatedText(e.name)}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label={t('compare.presetGroup')}>
            {PRESET_KEYS.map((key) => (
              <option key={key} value={`preset:${key}`}>
                {t(`common:presets.${key}`)}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="control">
        <label htmlFor={`${id}-strategy`}>{t('compare.strategy', { side })}</label>
        <select
          id={`${id}-strategy`}
          value={choice.strategy}
          onChange={(e) => {
            const v = e.target.value;
            if (isStrategy(v)) onChange({ ...choice, strategy: v });
          }}
        >
          {STRATEGY_IDS.map((s) => {
            const name = t(`common:strategy.${s}`);
            return (
              <option key={s} value={s}>
                {evaluation.recommendation.strategy === s
                  ? t('compare.recommended', { strategy: name })
                  : name}
              </option>
            );
          })}
        </select>
      </div>
    </fieldset>
  );
}

const UP_COLOR = '#b42318';
const DOWN_COLOR = '#0b6b50';
const WATERFALL_HEIGHT = 300;

/** The waterfall: A's monthly cost, each category's change, B's monthly cost. */
function Waterfall({ steps, money }: { steps: WaterfallStep[]; money: MoneyFormat }) {
  const { t } = useTranslation(['scenarios', 'charts']);
  const label = (s: WaterfallStep) =>
    s.key === 'a' ? 'A' : s.key === 'b' ? 'B' : t(`charts:category.${s.key}`);
  const deltas = steps.filter((s) => s.kind === 'delta');
  const first = steps[0];
  const last = steps[steps.length - 1];
  const nonZero = deltas.filter((s) => Math.abs(s.valueCny) >= 0.5);
  const signed = (v: number) => `${v > 0 ? '+' : '−'}${formatMoney(Math.abs(v), money)}`;
  const summary =
    first && last
      ? nonZero.length === 0
        ? t('compare.same')
        : t('compare.waterfallSummary', {
            a: formatMoney(first.valueCny, money),
            b: formatMoney(last.valueCny, money),
            parts: nonZero
              .map((s) => t('compare.waterfallPart', { category: label(s), delta: signed(s.valueCny) }))
              .join(t('common:issue.separator')),
          })
      : '';
  const colorOf = (s: WaterfallStep) =>
    s.kind === 'start'
      ? STRATEGY_COLORS.platform
      : s.kind === 'end'
        ? '#374151'
        : s.valueCny > 0
          ? UP_COLOR
          : DOWN_COLOR;

  return (
    <figure className="compare__waterfall">
      <figcaption className="card__title">{t('compare.waterfallTitle')}</figcaption>
      <p className="compare__summary" data-testid="waterfall-summary">
        {summary}
      </p>
      <WaterfallBars
        data={steps.map((step) => ({
          key: step.key,
          name: label(step),
          base: step.baseCny,
          height: step.heightCny,
          color: colorOf(step),
        }))}
        money={money}
        label={summary}
        height={WATERFALL_HEIGHT}
        yAxisWidth={72}
      />
    </figure>
  );
}
