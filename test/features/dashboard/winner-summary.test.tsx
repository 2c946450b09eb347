// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { type Evaluation, evaluate, presets, type Scenario } from '../../../src/engine';
import { FirstScreenFacts } from '../../../src/features/dashboard/first-screen-facts';
import { WinnerSummary } from '../../../src/features/dashboard/winner-summary';
import { createI18n } from '../../../src/i18n';
import { type Currency, formatMoney, formatPercent, type Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

const seed = presets.seedTeam as Scenario;
/** Cheaper servers: self-build crosses both comparators and pays back against both. */
const cheap: Scenario = { ...seed, selfBuild: { ...seed.selfBuild, serverPriceCny: 500_000 } };

function renderSummary(
  scenario: Scenario,
  locale: Locale = 'en',
  currency: Currency = 'CNY',
  ev?: Evaluation,
) {
  const evaluation = ev ?? evaluate(scenario);
  render(
    <StoreProvider store={createAppStore({ scenario, locale, currency, cnyPerUsd: 7.2 })}>
      <I18nextProvider i18n={createI18n(locale)}>
        <WinnerSummary scenario={scenario} evaluation={evaluation} />
        {/* The figures: the supporting ones and, closed but in the page, the details. */}
        <FirstScreenFacts scenario={scenario} evaluation={evaluation} open={false} onOpenChange={() => {}} />
      </I18nextProvider>
    </StoreProvider>,
  );
  return evaluation;
}

const money = (locale: Locale, currency: Currency = 'CNY') => ({ locale, currency, cnyPerUsd: 7.2 });

describe('winner summary: both comparators named', () => {
  it('gives the crossover and payback against renting and against the platform (en)', () => {
    const e = renderSummary(cheap);
    const pct = (x: number | null) => formatPercent(Number(x), 'en', 1);
    expect(screen.getByTestId('crossover-vs-rent')).toHaveTextContent(
      pct(e.comparisons.rent.crossoverLoadRate),
    );
    expect(screen.getByTestId('crossover-vs-platform')).toHaveTextContent(
      pct(e.comparisons.platform.crossoverLoadRate),
    );
    expect(screen.getByTestId('payback-vs-rent')).toHaveTextContent(
      `Month ${e.comparisons.rent.paybackMonth}`,
    );
    expect(screen.getByTestId('payback-vs-platform')).toHaveTextContent(
      `Month ${e.comparisons.platform.paybackMonth}`,
    );
    // Each label names its comparator.
    expect(
      screen.getByText('Load rate where self-build turns cheaper than renting whole servers'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Load rate where self-build turns cheaper than the pooled platform'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Cash payback of self-build against the pooled platform (before resale)'),
    ).toBeInTheDocument();
  });

  /** Dollars rounded as the page words them: thousands below a million, millions with one decimal. */
  const aboutUsd = (usd: number) =>
    usd >= 999_950 ? `US$${(usd / 1e6).toFixed(1).replace(/\.0$/, '')}M` : `US$${Math.round(usd / 1000)}K`;

  it('says "never in 0–100 %" with the prices that would make the pair cross, in the display currency', () => {
    const e = renderSummary(seed, 'en', 'USD');
    const cross = e.comparisons.platform.crossAt;
    expect(e.comparisons.platform.crossoverLoadRate).toBeNull();
    expect(cross?.serverPriceCny).not.toBeNull();
    expect(cross?.comparatorPrice).not.toBeNull();
    expect(screen.getByTestId('crossover-vs-platform')).toHaveTextContent(
      `Self-build is never cheaper than the pooled platform at any load; it would be only if the server price fell to about ${aboutUsd(Number(cross?.serverPriceCny) / money('en', 'USD').cnyPerUsd)} or the platform rose to ${formatMoney(Number(cross?.comparatorPrice), money('en', 'USD'), 2)} per GPU-hour`,
    );
    // Rent does cross at the default scenario: a number, not the never text.
    expect(screen.getByTestId('crossover-vs-rent')).toHaveTextContent(
      formatPercent(Number(e.comparisons.rent.crossoverLoadRate), 'en', 1),
    );
  });

  it('words the never case for renting per server-hour, in Chinese', () => {
    const base = evaluate(seed);
    const ev: Evaluation = {
      ...base,
      comparisons: {
        ...base.comparisons,
        rent: {
          ...base.comparisons.rent,
          crossoverLoadRate: null,
          crossAt: { serverPriceCny: 900_000, comparatorPrice: 120.5 },
        },
      },
    };
    renderSummary(seed, 'zh-CN', 'CNY', ev);
    expect(screen.getByTestId('crossover-vs-rent')).toHaveTextContent(
      // The solved server price rounded to 万元 (review #33): 900,000 → 90 万元; the hourly rent exact.
      `任何负载率下自建都不比租用便宜；服务器价格降至约 90 万元，或租金升至每台时 ${formatMoney(120.5, money('zh-CN'), 2)}，才会出现临界点`,
    );
    expect(screen.getByText('自建与租用的临界负载率')).toBeInTheDocument();
    expect(screen.getByText('自建与智算平台的临界负载率')).toBeInTheDocument();
    expect(screen.getByTestId('payback-vs-platform')).toHaveTextContent('3 年测算期内无法回本');
  });

  it('gives the Chinese crossover and payback for both comparators', () => {
    const e = renderSummary(cheap, 'zh-CN');
    expect(screen.getByTestId('crossover-vs-platform')).toHaveTextContent(
      formatPercent(Number(e.comparisons.platform.crossoverLoadRate), 'zh-CN', 1),
    );
    expect(screen.getByTestId('payback-vs-rent')).toHaveTextContent(
      `第 ${e.comparisons.rent.paybackMonth} 个月`,
    );
  });

  it('says when a comparator is not allowed, and shows the cost-minimising owned GPUs', () => {
    const e = renderSummary({ ...seed, compliance: 'onPrem' });
    expect(screen.getByTestId('crossover-vs-rent')).toHaveTextContent('Not allowed here');
    expect(screen.getByTestId('payback-vs-platform')).toHaveTextContent('Not allowed here');
    expect(screen.getByTestId('right-size-gpus')).toHaveAttribute('data-gpus', String(e.rightSize.gpus));
  });

  it('shows the right-sized cluster (the load an own cluster can reach sits beside the load-rate slider)', () => {
    const big: Scenario = {
      ...seed,
      demand: { ...seed.demand, jobsPerMonth: 1000 },
      selfBuild: { ...seed.selfBuild, capacityGpus: 400, serverPriceCny: 300_000 },
    };
    const e = renderSummary(big);
    expect(screen.getByTestId('right-size-gpus')).toHaveTextContent(
      `${e.rightSize.gpus} GPUs (now ${e.rightSize.currentGpus})`,
    );
    expect(screen.queryByTestId('own-efficiency')).toBeNull();
    // A smaller cluster than configured serves this flat demand more cheaply.
    expect(e.rightSize.gpus).toBeGreaterThan(0);
    expect(e.rightSize.gpus).toBeLessThan(e.rightSize.currentGpus);
  });
});
