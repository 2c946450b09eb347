import type { Page } from '@playwright/test';
import { evaluate, type Scenario, STRATEGY_IDS } from '../../src/engine/index.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { normalise } from './helpers';

/** Every way's monthly figure as the first screen prints it (KPI cards), from the engine. */
export function monthlyTexts(s: Scenario, locale: 'en' | 'zh-CN'): Record<string, string> {
  const e = evaluate(s);
  const money = { locale, currency: 'CNY', cnyPerUsd: 7.2 } as const;
  return Object.fromEntries(
    STRATEGY_IDS.map((id) => [id, normalise(formatMoney(e.strategies[id].monthlyCny, money))]),
  );
}

/** Every way's monthly figure as the page shows it. */
export async function shownMonthly(page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const id of STRATEGY_IDS)
    out[id] = normalise(await page.getByTestId(`kpi-monthly-${id}`).first().textContent());
  return out;
}
