// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { WizardView } from '../../../src/features/wizard';
import { resetWizardState } from '../../../src/features/wizard/wizard-store';
import { createI18n } from '../../../src/i18n';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => resetWizardState());

/** Walks the four steps with the first answer to each question and returns the result's deciding factors. */
async function resultOf(scenario: Scenario, locale: 'en' | 'zh-CN') {
  const store = createAppStore({ scenario, locale });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <WizardView onShowDashboard={() => {}} />
      </I18nextProvider>
    </StoreProvider>,
  );
  const user = userEvent.setup();
  const next = locale === 'en' ? 'Next' : '下一步';
  for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: next }));
  for (const group of screen.getAllByRole('radiogroup')) {
    const first = within(group).getAllByRole('radio')[0];
    if (first) await user.click(first);
  }
  await user.click(screen.getByRole('button', { name: locale === 'en' ? 'See the result' : '查看结论' }));
  return { result: screen.getByTestId('wizard-result'), scenario: store.getState().scenario };
}

describe('the result’s deciding factors follow the verdict and the baseline’s size', () => {
  it('the seed example (platform wins, 2.6 GPUs steady) reads as too small to own, never as a high baseline', async () => {
    const { result, scenario } = await resultOf(presets.seedTeam as Scenario, 'en');
    expect(evaluate(scenario).recommendation.strategy).toBe('platform');
    expect(result).not.toHaveTextContent(/High, steady baseline|leans towards self-build/);
    expect(result).not.toHaveTextContent('a stable baseline favours owning');
    expect(result).toHaveTextContent(
      'Your self-test: Steady, but a baseline of 2.6 GPUs is too small to fill one 8-GPU server: leans towards renting or the platform.',
    );
  });

  it('in Chinese too: no “基线高” for 2.6 GPUs', async () => {
    const { result } = await resultOf(presets.seedTeam as Scenario, 'zh-CN');
    expect(result).not.toHaveTextContent('基线高且平稳');
    expect(result).toHaveTextContent('需求平稳，但 2.6 张卡的基线填不满一台 8 卡服务器');
  });

  it('a large steady baseline under a platform verdict says by how much self-build loses', async () => {
    const { result, scenario } = await resultOf(presets.steadyLab as Scenario, 'en');
    const e = evaluate(scenario);
    expect(e.recommendation.strategy).toBe('platform');
    const above = e.strategies.selfBuild.monthlyCny / e.strategies.platform.monthlyCny - 1;
    expect(result).toHaveTextContent(
      `High, steady baseline: leans towards self-build or reserved capacity. But here Self-build costs ${Math.round(above * 100)}% more a month than Platform, so Platform wins.`,
    );
  });
});
