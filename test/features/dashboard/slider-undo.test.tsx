// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { presets, type Scenario } from '../../../src/engine';
import { KEY_STEPS_MERGE_MS } from '../../../src/features/dashboard/range-keys';
import { createAppStore } from '../../../src/state/store';
import { renderWithStore } from '../../render-with-store';
import { LiveSliders } from './render-dashboard';

const seed = presets.seedTeam as Scenario;

/** The sliders on a store whose clock the test moves by hand. */
function renderWithClock() {
  let now = 0;
  const store = createAppStore({ scenario: seed, locale: 'en' }, { now: () => now });
  const rendered = renderWithStore(<LiveSliders />, { store });
  return { ...rendered, store, advance: (ms: number) => (now += ms) };
}

describe('undo steps of slider key presses', () => {
  it('three ArrowRight presses on one slider within the pause are one undo step, and Undo goes back to the start', async () => {
    const { user, store } = renderWithClock();
    const slider = screen.getByRole('slider', { name: /Load rate/ });
    const start = slider.getAttribute('value');
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    act(() => store.getState().undo());
    expect(store.getState().scenario).toBe(seed);
    expect(slider).toHaveValue(start);
  });

  it('a press after a longer pause is a step of its own', async () => {
    const { user, store, advance } = renderWithClock();
    screen.getByRole('slider', { name: /Team capability/ }).focus();
    await user.keyboard('{ArrowRight}');
    advance(KEY_STEPS_MERGE_MS + 1);
    await user.keyboard('{ArrowLeft}');
    expect(store.temporal.getState().pastStates).toHaveLength(2);
  });
});
