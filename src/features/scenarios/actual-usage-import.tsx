import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STRATEGY_IDS, type StrategyId } from '../../engine';
import { formatNumber } from '../../lib/format';
import {
  type ActualUsage,
  clusterLogIntervals,
  csvUsageIntervals,
  isWholeMonth,
  type UsageInterval,
  type UsageOrigin,
  usageFrom,
  usageMonths,
} from '../../scenario/actual-usage';
import { ACTUAL_USAGE_WEEKS } from '../../scenario/csv-usage';
import { readUsageCsvFile } from '../../scenario/csv-usage-lazy';
import { useAppStore } from '../../state/store-context';
import { catalogueDate } from '../../view-model/catalogue-text';
import { clusterLogErrorText } from '../../view-model/cluster-log-text';
import { csvErrorText } from '../../view-model/import-messages';
import { defaultReader } from './use-cluster-log-import';

/**
 * Actual usage for Budget vs actual (issue 39 item 2): the weekly usage CSV or a cluster log — the
 * demand's own files — read into GPU-hours by calendar month for one way of getting GPUs. A file is
 * read whole or refused whole (each problem named); the usage shown before stays until a file is read.
 */
export function ActualUsageImport({
  usage,
  firstMonth,
  defaultWay,
  onUsage,
}: {
  usage: ActualUsage | null;
  firstMonth: string;
  defaultWay: StrategyId;
  onUsage: (usage: ActualUsage) => void;
}) {
  const { t } = useTranslation(['scenarios', 'common']);
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const [way, setWay] = useState<StrategyId>(usage?.way ?? defaultWay);
  const [errors, setErrors] = useState<{ file: string; lines: string[] } | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelRef.current?.(), []);

  // A log read off the main thread finishes later: it takes the way and the actuals as they are then.
  const latest = useRef({ onUsage, way });
  latest.current = { onUsage, way };
  const done = (file: string, origin: UsageOrigin, intervals: UsageInterval[], undated?: number[]) => {
    setErrors(null);
    const { onUsage: keep, way: usageOf } = latest.current;
    keep({
      file,
      origin,
      way: usageOf,
      months: usageMonths(intervals),
      ...(undated ? { undatedWeeklyGpus: undated } : {}),
    });
  };

  const onCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const result = await readUsageCsvFile(file, ACTUAL_USAGE_WEEKS);
    if (!result.ok) {
      setErrors({
        file: file.name,
        lines: result.errors.map((e) => csvErrorText(t, e, locale, ACTUAL_USAGE_WEEKS)),
      });
      return;
    }
    const weeks = csvUsageIntervals(result.rows, firstMonth);
    if (!weeks.ok) {
      setErrors({
        file: file.name,
        lines: [
          t('actuals.usage.weeksOverlap', { line: formatNumber(weeks.line, locale), value: weeks.value }),
        ],
      });
      return;
    }
    done(file.name, 'usageCsv', weeks.intervals, weeks.dated ? undefined : result.rows.map((r) => r.gpus));
  };

  const onLog = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    cancelRef.current?.();
    setReading(file.name);
    const read = defaultReader()(file, () => {});
    let current = true;
    cancelRef.current = () => {
      current = false;
      read.cancel();
    };
    void read.result.then((result) => {
      if (!current) return;
      cancelRef.current = null;
      setReading(null);
      if (result.ok) done(file.name, 'clusterLog', clusterLogIntervals(result.summary));
      else setErrors({ file: file.name, lines: result.errors.map((e) => clusterLogErrorText(t, e, locale)) });
    });
  };

  // Undated weeks follow month 1 of the budget as it is now.
  const laid = usage ? usageFrom(usage, firstMonth) : [];
  const whole = laid.filter(isWholeMonth);
  const partial = laid.filter((m) => !isWholeMonth(m));
  const list = (months: typeof whole) =>
    months.map((m) => catalogueDate(m.month, locale)).join(t('actuals.usage.listSeparator'));

  return (
    <section className="actuals__usage" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card__title">
        {t('actuals.usage.title')}
      </h3>
      <div className="actuals__fields">
        <p className="budget-freeze__field">
          <label htmlFor={`${id}-way`}>{t('actuals.usage.way')}</label>
          <select
            id={`${id}-way`}
            value={way}
            onChange={(e) => {
              const next = e.target.value as StrategyId;
              setWay(next);
              if (usage) onUsage({ ...usage, way: next });
            }}
          >
            {STRATEGY_IDS.map((w) => (
              <option key={w} value={w}>
                {t(`common:strategy.${w}`)}
              </option>
            ))}
          </select>
        </p>
        <p className="budget-freeze__field">
          <label htmlFor={`${id}-csv`}>{t('actuals.usage.importCsv')}</label>
          <input id={`${id}-csv`} type="file" accept=".csv,.tsv,.txt,text/csv" onChange={onCsv} />
        </p>
        <p className="budget-freeze__field">
          <label htmlFor={`${id}-log`}>{t('actuals.usage.importLog')}</label>
          {/* No filter: sacct output and telemetry logs are saved under any name. */}
          <input id={`${id}-log`} type="file" onChange={onLog} />
        </p>
      </div>
      {reading ? (
        <p role="status" className="scenarios__intro">
          {t('actuals.usage.reading', { file: reading })}
        </p>
      ) : null}
      {errors ? (
        <div className="notice notice--error" role="alert" data-testid="usage-errors">
          <div className="notice__text">
            <p className="notice__title">{t('actuals.refused', { file: errors.file })}</p>
            <ul>
              {errors.lines.slice(0, 8).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {usage ? (
        <p className="scenarios__intro" data-testid="actuals-usage">
          {t(`actuals.usage.read.${usage.origin}`, {
            file: usage.file,
            way: t(`common:strategy.${usage.way}`),
            count: whole.length,
            months: list(whole),
          })}
          {partial.length > 0
            ? `${t('actuals.usage.sentenceGap')}${t('actuals.usage.partial', { months: list(partial) })}`
            : ''}
        </p>
      ) : null}
    </section>
  );
}
