/** What the ladder's e2e specs read: the scenario in the address, and the plan's sentence as the app words it. */
import type { Page } from '@playwright/test';
import { defaultScenario, type LadderPlan, type Scenario } from '../../src/engine/index.ts';
import { decodeScenarioHash } from '../../src/scenario/url-codec.ts';
import { ladderSentence } from '../../src/view-model/ladder-text.ts';
import { formatMoneyInPage } from './helpers';
import { nodeT } from './node-i18n';

export function addressScenario(page: Page): Scenario {
  const d = decodeScenarioHash(new URL(page.url()).hash.slice(1));
  if (!d.ok) throw new Error('the address holds no scenario');
  return d.scenario;
}

/** The sentence the engine's plan reads in `lang`, its money written by the page's own Intl. */
export async function expectedSentence(page: Page, plan: LadderPlan, lang: 'en' | 'zh-CN'): Promise<string> {
  const money = new Map<number, string>();
  const values = [
    plan.monthlyCny,
    plan.savingVsBestWayCnyPerMonth,
    -plan.savingVsBestWayCnyPerMonth,
    plan.bestWay?.monthlyCny ?? 0,
  ];
  for (const v of values) money.set(v, await formatMoneyInPage(page, v, lang, 'CNY'));
  const count = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(n);
  const percent = (f: number) =>
    new Intl.NumberFormat(lang, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(f);
  return ladderSentence(plan, nodeT(lang), {
    money: (v) => money.get(v) ?? String(v),
    count,
    percent,
  });
}

/** The scenario the address holds, or the engine's default the app opens with when it holds none yet. */
export function addressScenarioOrDefault(page: Page): Scenario {
  const d = decodeScenarioHash(new URL(page.url()).hash.slice(1));
  return d.ok ? d.scenario : defaultScenario;
}
