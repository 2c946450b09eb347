// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { evaluate, presets, type Scenario } from '../../../src/engine';
import { FirstScreenFacts } from '../../../src/features/dashboard/first-screen-facts';
import { createI18n } from '../../../src/i18n';
import type { Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import { firstScreenFacts } from '../../../src/view-model/first-screen';

const seed = presets.seedTeam as Scenario;

function Facts({ scenario }: { scenario: Scenario }) {
  const [open, setOpen] = useState(false);
  return (
    <FirstScreenFacts
      scenario={scenario}
      evaluation={evaluate(scenario)}
      open={open}
      onOpenChange={setOpen}
    />
  );
}

function renderFacts(scenario: Scenario, locale: Locale = 'en') {
  render(
    <StoreProvider store={createAppStore({ scenario, locale, currency: 'CNY', cnyPerUsd: 7.2 })}>
      <I18nextProvider i18n={createI18n(locale)}>
        <Facts scenario={scenario} />
      </I18nextProvider>
    </StoreProvider>,
  );
}

const HOOKS = [
  'crossover-vs-rent',
  'crossover-vs-platform',
  'payback-vs-rent',
  'payback-vs-platform',
  'right-size-gpus',
  'flip-decline',
];

describe('the first screen’s figures: supporting ones, then Details', () => {
  it('shows the situation’s supporting figures and keeps every other figure in the page, behind a closed Details', () => {
    renderFacts(seed);
    const chosen = firstScreenFacts(evaluate(seed)).supporting;
    const list = document.querySelector('[data-layer="supporting"]') as HTMLElement;
    expect(list.children).toHaveLength(chosen.length);
    expect(within(list).getByTestId('crossover-vs-rent')).toBeVisible();
    // Each hook once, whichever layer holds it.
    for (const id of HOOKS) expect(screen.getAllByTestId(id)).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('payback-vs-rent')).not.toBeVisible();
  });

  it('opens and closes by keyboard: Enter on the button opens, Escape on it closes', () => {
    renderFacts(seed);
    const button = screen.getByRole('button', { name: 'Details' });
    button.focus();
    fireEvent.click(button); // what Enter or Space on a native button does
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Every figure of the verdict' });
    expect(button).toHaveAttribute('aria-controls', region.id);
    expect(screen.getByTestId('payback-vs-rent')).toBeVisible();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.getByTestId('payback-vs-rent')).not.toBeVisible();
  });

  it('is “详情” in Chinese', () => {
    renderFacts(seed, 'zh-CN');
    expect(screen.getByRole('button', { name: '详情' })).toHaveAttribute('aria-expanded', 'false');
  });
});
