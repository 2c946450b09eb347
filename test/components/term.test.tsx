import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Term } from '../../src/components/term';
import { renderWithStore } from '../render-with-store';

describe('Term: a glossary word with its explanation a focus, hover or tap away', () => {
  it('shows the plain word and a button named after it, described by the one-sentence explanation', () => {
    renderWithStore(<Term id="usefulShare" />);
    expect(screen.getByText('Useful share of paid GPU time')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'What “Useful share of paid GPU time” means' });
    expect(button).toHaveAccessibleDescription(/useful ÷ paid GPU-hours/);
    expect(button).toHaveAccessibleDescription(/Technical name: allocation efficiency/);
  });

  it('opens on keyboard focus, closes on Escape and toggles on click', async () => {
    const { user } = renderWithStore(<Term id="npv" />);
    const tip = screen.getByTestId('term-explanation');
    expect(tip).not.toBeVisible();
    await user.tab();
    expect(screen.getByTestId('term')).toHaveFocus();
    expect(tip).toBeVisible();
    await user.keyboard('{Escape}');
    expect(tip).not.toBeVisible();
    fireEvent.click(screen.getByTestId('term'));
    expect(tip).toBeVisible();
    expect(screen.getByTestId('term')).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a label with numbers in place of the word, and explains in Chinese', () => {
    renderWithStore(<Term id="loadRate">Load rate now</Term>, { locale: 'zh-CN' });
    expect(screen.getByText('Load rate now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '“负载率”是什么意思' })).toHaveAccessibleDescription(
      /自建集群的 GPU 数/,
    );
  });

  it('bare: only the button, beside a heading that names the word', () => {
    renderWithStore(<Term id="crossover" bare />);
    expect(screen.queryByText('Tipping load rate')).toBeNull();
    expect(screen.getByRole('button', { name: 'What “Tipping load rate” means' })).toBeInTheDocument();
  });
});
