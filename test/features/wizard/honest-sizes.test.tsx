// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import {
  applyAnswers,
  evaluate,
  NO_ANSWERS,
  presets,
  type RiskAnswers,
  type Scenario,
} from '../../../src/engine';
import { cashByYear } from '../../../src/engine/cash-by-year';
import { scaleToLoadRate } from '../../../src/engine/demand';
import { ResultPanel } from '../../../src/features/wizard/steps/result-panel';
import { TcoStep } from '../../../src/features/wizard/steps/tco-step';
import { UtilizationStep } from '../../../src/features/wizard/steps/utilization-step';
import { formatMoney } from '../../../src/lib/format';
import { englishWords } from '../../english-words';
import { inAccountingView } from '../../factories';
import { renderWithStore } from '../../render-with-store';

vi.setConfig({ testTimeout: 30_000 });

// Tests of the regime the presets show in the accounting view (crossovers, owning a base), not of the view.
const seed = inAccountingView(presets.seedTeam as Scenario);
const lab = inAccountingView(presets.steadyLab as Scenario);
const largeLab = inAccountingView(presets.largeLab as Scenario);
const cny = (v: number) => formatMoney(v, { currency: 'CNY', cnyPerUsd: 7.2, locale: 'en' });
const slow: RiskAnswers = { ...NO_ANSWERS, peakAccess: 'slow' };

function step3(s: Scenario, locale: 'en' | 'zh-CN' = 'en') {
  renderWithStore(<UtilizationStep scenario={s} evaluation={evaluate(s)} />, { scenario: s, locale });
}

function result(s: Scenario, answers: RiskAnswers = NO_ANSWERS, locale: 'en' | 'zh-CN' = 'en') {
  const e = evaluate(s);
  renderWithStore(<ResultPanel scenario={s} evaluation={e} answers={answers} onShowDashboard={() => {}} />, {
    scenario: s,
    locale,
  });
  return e;
}

describe('step 3: the check uses a load the cluster can reach', () => {
  it('the seed team reaches 45 % by rule: checked against 45 %, the 60 % named as beyond it', () => {
    step3(seed);
    expect(screen.getByTestId('wizard-utilization-check')).toHaveTextContent(
      'Your own cluster runs at 33% utilization: below the 45% your cluster can reach (by rule for a level-3 team, each team on its own servers). The usual 60% target is beyond it, so the check uses 45%.',
    );
    // No burst: the cluster's utilization is self-build's, so no note tells them apart.
    expect(screen.queryByTestId('wizard-utilization-blend')).toBeNull();
    // One comparison point: 60 % and 85 % would burst above 45 %.
    expect(screen.getByTestId('wizard-utilization-check')).not.toHaveTextContent('85%');
  });

  it('a measured 80 % is checked against 60 % and named as measured; the second point is 80 %, not 85 %', () => {
    step3(largeLab);
    const check = screen.getByTestId('wizard-utilization-check');
    expect(check).toHaveTextContent(
      /meets the 60% target, which your cluster can reach \(it reaches 80%, measured/,
    );
    expect(check).toHaveTextContent(/at 80% \(the most your cluster can reach\)/);
    expect(check).not.toHaveTextContent('85%');
  });

  it('a pulsed demand that bursts: the note tells the cluster’s own utilization from self-build’s blend', () => {
    const s = scaleToLoadRate(presets.burstyResearch as Scenario, 0.9);
    step3(s);
    const e = evaluate(s);
    expect(screen.getByTestId('wizard-utilization-blend')).toHaveTextContent(
      `also counts the ${Math.round(e.strategies.selfBuild.burstShare * 100)}% of the work that bursts to the platform, so its utilization (${Math.round(e.strategies.selfBuild.utilization * 100)}%) differs`,
    );
    expect(screen.getByTestId('wizard-utilization-check')).toHaveTextContent(
      /^Your own cluster runs at 33% utilization: below the 40% your cluster can reach/,
    );
  });
});

describe('step 3: sizing in the two sizes', () => {
  it('the seed team: owning nothing is cheapest, 37,500 a month', () => {
    step3(seed);
    const e = evaluate(seed);
    expect(screen.getByTestId('wizard-sizing')).toHaveTextContent(
      `Owning nothing is cheapest for this demand: bursting all of it costs CN¥37,500 a month, ${cny(e.strategies.selfBuild.monthlyCny - 37_500)} less than self-build sized to the peak (8 GPUs), and owning any number of GPUs costs more.`,
    );
    expect(screen.queryByText(/would do|instead of/)).toBeNull();
  });

  it('the large lab: the hybrid owning the engine’s right size, with its monthly cost and saving', () => {
    step3(largeLab);
    const e = evaluate(largeLab);
    const r = e.rightSize;
    expect(screen.getByTestId('wizard-sizing')).toHaveTextContent(
      `A hybrid owning ${r.gpus.toLocaleString('en')} GPUs and bursting the rest (5% of the work) costs ${cny(r.monthlyCny)} a month, ${cny(r.savingMonthlyCny)} less than self-build sized to the peak (1,440 GPUs).`,
    );
  });

  it('speaks Chinese, with no English words', () => {
    step3(largeLab, 'zh-CN');
    const text = screen.getByTestId('wizard-sizing').textContent ?? '';
    expect(text).toMatch(/^混合方案自建 1,312 卡、其余弹性承载/);
    expect(englishWords(text)).toEqual([]);
    // The measured value's label is the user's (here the preset's source), not the app's wording.
    const label = largeLab.measured.selfBuild?.label ?? '';
    const check = (screen.getByTestId('wizard-utilization-check').textContent ?? '').replace(label, '');
    expect(check).toMatch(/实测值，手动填写/);
    expect(englishWords(check)).toEqual([]);
  });
});

describe('step 2: each year shows the cash really paid in it', () => {
  it('rent’s years fall with the price of GPU-time; the cost over the horizon stands in the heading', () => {
    const e = evaluate(lab);
    renderWithStore(<TcoStep scenario={lab} evaluation={e} />, { scenario: lab });
    const rows = screen.getByTestId('wizard-tco-table').querySelectorAll('tr[data-strategy="rent"]');
    expect(rows).toHaveLength(1);
    const cash = cashByYear(e.strategies.rent, lab.horizonMonths);
    const cells = [...(rows[0] as HTMLElement).querySelectorAll('td')].map((c) => c.textContent);
    expect(cells).toEqual([...cash.years.map((y) => cny(y.cashOutCny)), cny(cash.totalCny)]);
    expect(cash.years[0]!.cashOutCny).toBeGreaterThan(cash.years[2]!.cashOutCny);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      cny(e.strategies.rent.horizonCny),
    );
  });
});

describe('result: honest hybrids and ties', () => {
  it('a baseline pinned by the slow-peak answer is called the user’s, with what the cheapest hybrid costs', () => {
    const s = applyAnswers(slow)(lab);
    const e = result(s, slow);
    const best = evaluate({ ...s, hybrid: { ...s.hybrid, baselineGpus: null } }).strategies.hybrid;
    const pinned = e.strategies.hybrid;
    expect(screen.getByTestId('wizard-hybrid-offer')).toHaveTextContent(
      `The hybrid's baseline of ${pinned.baselineGpus} GPUs is your choice (you said peak capacity is slow to get, so it holds the peak week in house): it costs ${cny(pinned.monthlyCny)} a month. The cheapest hybrid keeps no GPUs (the platform alone) and costs ${cny(best.monthlyCny)}, ${cny(pinned.monthlyCny - best.monthlyCny)} a month less.`,
    );
    const row = screen.getByTestId('wizard-result-ranking').querySelector('tr[data-strategy="hybrid"]');
    expect(row).toHaveTextContent('Hybrid (your baseline)');
  });

  it('an optimised hybrid is said to be the cheapest one, with its split', () => {
    const e = result(largeLab);
    const h = e.strategies.hybrid;
    expect(screen.getByTestId('wizard-hybrid-offer')).toHaveTextContent(
      `The hybrid is the cheapest one: it keeps ${h.baselineGpus.toLocaleString('en')} GPUs (owned) and bursts`,
    );
    expect(screen.getByTestId('wizard-hybrid-offer')).toHaveAttribute('data-pinned', 'false');
  });

  it('equal costs read as a tie with the reason, never “0.0 %”', () => {
    // Rent priced so that it costs exactly what the platform does (rent is affine in its price).
    const at = (price: number) =>
      evaluate({ ...seed, rent: { ...seed.rent, priceCnyPerServerHour: price } }).strategies.rent.monthlyCny;
    const p0 = seed.rent.priceCnyPerServerHour;
    const slope = (at(p0 + 1) - at(p0)) / 1;
    const price = p0 + (37_500 - at(p0)) / slope;
    const s: Scenario = { ...seed, rent: { ...seed.rent, priceCnyPerServerHour: price } };
    const e = result(s);
    expect(e.recommendation.tie).toBe('sameCost');
    // The ranking agrees with the recommendation on which of the two comes first.
    expect(screen.getByTestId('wizard-result-ranking').querySelector('tbody tr')).toHaveAttribute(
      'data-strategy',
      e.recommendation.strategy,
    );
    const numbers = screen.getByRole('heading', { name: 'The numbers' }).parentElement as HTMLElement;
    expect(numbers).toHaveTextContent('A tie: the two cost the same to within 0.05%.');
    expect(numbers).not.toHaveTextContent('0.0%');
    const runnerUp = screen
      .getByTestId('wizard-result-ranking')
      .querySelector(`tr[data-strategy="${e.recommendation.runnerUp}"]`) as HTMLElement;
    expect(within(runnerUp).getAllByRole('cell').at(-1)).toHaveTextContent(/^tie$/);
    expect(screen.getByTestId('wizard-ranking-tie')).toHaveTextContent(
      'the two cost the same to within 0.05%',
    );
  });

  it('speaks Chinese about a pinned baseline, with no English words', () => {
    const s = applyAnswers(slow)(lab);
    result(s, slow, 'zh-CN');
    const text = screen.getByTestId('wizard-hybrid-offer').textContent ?? '';
    expect(text).toMatch(/是您的选择（您回答高峰期难以快速拿到资源/);
    expect(englishWords(text)).toEqual([]);
  });
});
