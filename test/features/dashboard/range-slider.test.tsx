// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RangeSlider, type RangeSliderProps } from '../../../src/features/dashboard/range-slider';

const base: Omit<RangeSliderProps, 'onValue' | 'onGestureEnd'> = {
  label: 'Team capability',
  min: 1,
  max: 5,
  step: 1,
  bigStep: 1,
  value: 2,
  display: '2',
  valueText: '2',
  help: 'How capable the team is',
};

describe('RangeSlider', () => {
  it('calls the handlers of its latest render, though its input keeps stable ones', () => {
    const first = vi.fn();
    const second = vi.fn();
    const endFirst = vi.fn();
    const endSecond = vi.fn();
    const { rerender } = render(<RangeSlider {...base} onValue={first} onGestureEnd={endFirst} />);
    rerender(<RangeSlider {...base} value={3} display="3" onValue={second} onGestureEnd={endSecond} />);
    const slider = screen.getByRole('slider', { name: 'Team capability' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.blur(slider);
    expect(first).not.toHaveBeenCalled();
    expect(endFirst).not.toHaveBeenCalled();
    // The key step starts from the value of the latest render (3), not the first (2).
    expect(second).toHaveBeenCalledWith(4, 'keys');
    expect(endSecond).toHaveBeenCalledTimes(1);
  });

  it('shows the latest display, value text and help', () => {
    const onValue = vi.fn();
    const { rerender } = render(<RangeSlider {...base} onValue={onValue} />);
    rerender(
      <RangeSlider
        {...base}
        value={4}
        display="4 · strong"
        valueText="4 · strong"
        help="New help"
        onValue={onValue}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Team capability' });
    expect(slider).toHaveValue('4');
    expect(slider).toHaveAttribute('aria-valuetext', '4 · strong');
    expect(screen.getByText('4 · strong', { selector: 'output' })).toBeInTheDocument();
    expect(screen.getByText('New help')).toBeInTheDocument();
  });
});
