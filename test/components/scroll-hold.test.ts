// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jumpToWhenRendered } from '../../src/components/scroll-hold';

/** A section in the page, and a target added to it later (as a lazy section renders it). */
function page() {
  document.body.innerHTML = '<div id="section"></div>';
  const section = document.getElementById('section') as HTMLElement;
  section.scrollIntoView = vi.fn();
  const addTarget = () => {
    const target = document.createElement('div');
    target.id = 'target';
    target.scrollIntoView = vi.fn();
    section.append(target);
    return target;
  };
  return { section, addTarget };
}

describe('a jump to a target its lazy section renders later', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls to the section at once, then to the target when it appears 8 s later (a busy machine)', () => {
    const { section, addTarget } = page();
    jumpToWhenRendered('target', 'section');
    expect(section.scrollIntoView).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(8000);
    const target = addTarget();
    vi.advanceTimersByTime(50);
    expect(target.scrollIntoView).toHaveBeenCalled();
  });

  it('gives up when the person scrolls first: a late target never pulls the page away', () => {
    const { addTarget } = page();
    jumpToWhenRendered('target', 'section');
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('wheel'));
    const target = addTarget();
    vi.advanceTimersByTime(1000);
    expect(target.scrollIntoView).not.toHaveBeenCalled();
  });

  it('gives up after 20 s without the target', () => {
    const { addTarget } = page();
    jumpToWhenRendered('target', 'section');
    vi.advanceTimersByTime(20_100);
    const target = addTarget();
    vi.advanceTimersByTime(1000);
    expect(target.scrollIntoView).not.toHaveBeenCalled();
  });
});
