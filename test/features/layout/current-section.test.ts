import { describe, expect, it } from 'vitest';
import { currentSection } from '../../../src/features/layout/current-section';

const view = { lineY: 80, viewportHeight: 800, atBottom: false };

describe('the section the section bar marks', () => {
  it('is the last section whose top has passed the reading line', () => {
    const tops = [
      { id: 'overview', top: -900 },
      { id: 'costs', top: 60 },
      { id: 'cash', top: 700 },
    ];
    expect(currentSection(tops, view)).toBe('costs');
  });

  it('is the first section above the first one’s top', () => {
    expect(
      currentSection(
        [
          { id: 'overview', top: 120 },
          { id: 'costs', top: 900 },
        ],
        view,
      ),
    ).toBe('overview');
  });

  it('at the bottom of the page is the last section on screen: a jump to Method marks Method, not Assumptions', () => {
    const tops = [
      { id: 'assumptions', top: -1200 },
      { id: 'method', top: 420 },
    ];
    expect(currentSection(tops, view)).toBe('assumptions');
    expect(currentSection(tops, { ...view, atBottom: true })).toBe('method');
  });

  it('is nothing when no section is laid out', () => {
    expect(currentSection([], view)).toBeNull();
  });
});
