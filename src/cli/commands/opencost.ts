import { openCostPricing } from '../../view-model/opencost-pricing';
import { type CliContext, loadScenario } from '../context';
import type { CommandResult } from './result';
import { notesText } from './result';

/**
 * `gpu-tco opencost [input] [--purchased YYYY-MM] [--currency usd]`: the own cluster's amortised
 * price per GPU-hour as OpenCost's custom-pricing file, the same file the page's "Export OpenCost
 * pricing" writes. `today` gives the default purchase month.
 */
export function openCostCommand(ctx: CliContext, today: Date): CommandResult {
  const { t, options } = ctx;
  const month = options.purchased ?? today.toISOString().slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return { ok: false, code: 2, message: t('cli:badMonth') };
  const loaded = loadScenario(ctx, options.positionals[1]);
  if (!loaded.ok) return loaded;
  const pricing = openCostPricing(loaded.value.scenario, options.money, month, t);
  if (pricing === null) return { ok: false, code: 1, message: t('cli:noOwnedCluster') };
  return { ok: true, text: pricing.text, notes: notesText(ctx, loaded.value.notes) };
}
