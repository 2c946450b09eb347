import { evaluate, PARAMETERS, STRATEGY_IDS, withInput } from '../../engine';
import { formatNumber } from '../../lib/format';
import { parseScenario } from '../../scenario/parse';
import { issuesText } from '../../view-model/import-messages';
import { type CliContext, loadScenario } from '../context';
import { csvLines } from '../text-table';
import type { CommandResult } from './result';
import { notesText } from './result';

/** The most points one sweep prices (a 1,000-step range and its end). */
const MAX_STEPS = 1_001;

/**
 * `gpu-tco sweep <field> [input] --from a --to b --steps n`: one input (a dotted path of the page's
 * inputs, e.g. `platform.priceCnyPerGpuHour`) set to each of n evenly spaced values, each scenario
 * through the one door before it is priced; each way's monthly cost and the winner per value. A value
 * the schema refuses stops the sweep with the page's message, and nothing is printed.
 */
export function sweepCommand(ctx: CliContext): CommandResult {
  const { t, options } = ctx;
  const path = options.positionals[1];
  const meta = PARAMETERS.find((p) => p.path === path);
  if (path === undefined || !meta)
    return {
      ok: false,
      code: 2,
      message: t('cli:unknownField', {
        field: path ?? '',
        fields: PARAMETERS.slice(0, 8)
          .map((p) => p.path)
          .join(', '),
      }),
    };
  const range = t('cli:range', { min: String(meta.min), max: String(meta.max) });
  const from = numberIn(options.from, meta.min, meta.max);
  const to = numberIn(options.to, meta.min, meta.max);
  const steps = numberIn(options.steps, 2, MAX_STEPS);
  if (from === null) return usage(ctx, '--from', range);
  if (to === null) return usage(ctx, '--to', range);
  if (steps === null || !Number.isInteger(steps))
    return usage(ctx, '--steps', t('cli:range', { min: '2', max: formatNumber(MAX_STEPS, 'en') }));
  const loaded = loadScenario(ctx, options.positionals[2]);
  if (!loaded.ok) return loaded;
  const base = loaded.value.scenario;
  const rows: (string | number | null)[][] = [
    [path, ...STRATEGY_IDS.map((id) => `${id}MonthlyCny`), 'winner'],
  ];
  const points: { value: number; monthly: Record<string, number | null>; winner: string }[] = [];
  for (let i = 0; i < steps; i++) {
    const raw = from + ((to - from) * i) / (steps - 1);
    const value = meta.integer ? Math.round(raw) : raw;
    const parsed = parseScenario(withInput(base, path, value));
    if (!parsed.ok)
      return {
        ok: false,
        code: 1,
        message: t('cli:sweepFieldInvalid', {
          field: path,
          value: String(value),
          issues: issuesText(t, parsed.issues, options.locale),
        }),
      };
    const e = evaluate(parsed.scenario);
    const monthly = Object.fromEntries(
      STRATEGY_IDS.map((id) => [id, e.strategies[id].eligible ? e.strategies[id].monthlyCny : null]),
    );
    points.push({ value, monthly, winner: e.recommendation.strategy });
    rows.push([value, ...STRATEGY_IDS.map((id) => monthly[id] ?? null), e.recommendation.strategy]);
  }
  const text =
    options.format === 'json' ? `${JSON.stringify({ field: path, points }, null, 2)}\n` : csvLines(rows);
  return { ok: true, text, notes: notesText(ctx, loaded.value.notes) };
}

function numberIn(text: string | null, min: number, max: number): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function usage(ctx: CliContext, option: string, range: string): CommandResult {
  return {
    ok: false,
    code: 2,
    message: ctx.t('cli:usage', { message: ctx.t('cli:badNumber', { option, range }) }),
  };
}
