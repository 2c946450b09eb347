// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { FirstScreenFacts } from '../../../src/features/dashboard/first-screen-facts';
import { WinnerSummary } from '../../../src/features/dashboard/winner-summary';
import { createI18n } from '../../../src/i18n';
import { formatMoney } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

const seed = presets.seedTeam as Scenario;

// The first screen is prerendered at build time: its layers must render without a window.
describe('the first screen’s layers render on the server (no DOM)', () => {
  it('writes the verdict, the key number, the supporting figures and the closed details', () => {
    expect(typeof window).toBe('undefined');
    const evaluation = evaluate(seed);
    const html = renderToString(
      <StoreProvider
        store={createAppStore({ scenario: seed, locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 })}
      >
        <I18nextProvider i18n={createI18n('en')}>
          <WinnerSummary scenario={seed} evaluation={evaluation} />
          <FirstScreenFacts scenario={seed} evaluation={evaluation} open={false} onOpenChange={() => {}} />
        </I18nextProvider>
      </StoreProvider>,
    );
    const money = { locale: 'en' as const, currency: 'CNY' as const, cnyPerUsd: 7.2 };
    expect(html).toContain('data-testid="key-number"');
    expect(html).toContain(formatMoney(evaluation.recommendation.savingMonthlyCny, money));
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/<section[^>]*hidden=""/);
    expect(html).toContain('data-testid="right-size-gpus"');
  });
});
