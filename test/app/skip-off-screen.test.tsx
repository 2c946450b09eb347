import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SLIDING_ATTRIBUTE, useOffScreenSkippedWhileSliding } from '../../src/app/skip-off-screen';

function Page() {
  useOffScreenSkippedWhileSliding();
  return (
    <>
      <section id="overview">
        <input type="range" aria-label="load rate" />
        <input type="range" aria-label="team" />
        <input type="number" aria-label="rate" />
      </section>
      <section>
        <input type="range" aria-label="elsewhere" />
      </section>
    </>
  );
}

const sliding = () => document.documentElement.hasAttribute(SLIDING_ATTRIBUTE);

describe('off-screen blocks are skipped only while a first-screen slider has focus', () => {
  it('set on focus of a first-screen slider, kept when focus moves to another, cleared when it leaves', () => {
    const view = render(<Page />);
    const load = view.getByRole('slider', { name: 'load rate' });
    const team = view.getByRole('slider', { name: 'team' });
    expect(sliding()).toBe(false);
    fireEvent.focusIn(load);
    expect(sliding()).toBe(true);
    fireEvent.focusOut(load, { relatedTarget: team });
    fireEvent.focusIn(team);
    expect(sliding()).toBe(true);
    fireEvent.focusOut(team, { relatedTarget: view.getByRole('spinbutton', { name: 'rate' }) });
    expect(sliding()).toBe(false);
    view.unmount();
  });

  it('not set by a slider outside the first screen or another field; removed on unmount', () => {
    const view = render(<Page />);
    fireEvent.focusIn(view.getByRole('slider', { name: 'elsewhere' }));
    fireEvent.focusIn(view.getByRole('spinbutton', { name: 'rate' }));
    expect(sliding()).toBe(false);
    fireEvent.focusIn(view.getByRole('slider', { name: 'load rate' }));
    expect(sliding()).toBe(true);
    view.unmount();
    expect(sliding()).toBe(false);
  });
});
