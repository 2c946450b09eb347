import { describe, expect, it } from 'vitest';
import { hashWithSection, sectionFromHash } from '../../src/state/section-link';

describe('section links beside the scenario in the address', () => {
  it('sets the section after the scenario and display parameters, keeping them byte for byte', () => {
    expect(hashWithSection('#s=1.abc-_x&cur=USD&fx=7.1', 'costs')).toBe('s=1.abc-_x&cur=USD&fx=7.1&at=costs');
    expect(hashWithSection('s=1.abc&at=cash&cur=CNY', 'method')).toBe('s=1.abc&cur=CNY&at=method');
  });

  it('removes the section for null, and replaces an old bare section address', () => {
    expect(hashWithSection('#s=1.abc&at=cash', null)).toBe('s=1.abc');
    expect(hashWithSection('#costs', 'cash')).toBe('at=cash');
    expect(hashWithSection('', 'cash')).toBe('at=cash');
  });

  it('reads the section of an address in either form, and nothing that is not a section id', () => {
    expect(sectionFromHash('#s=1.abc&at=uncertainty')).toBe('uncertainty');
    expect(sectionFromHash('#assumptions')).toBe('assumptions');
    expect(sectionFromHash('#s=1.abc')).toBeNull();
    expect(sectionFromHash('#s=1.abc&at=<img>')).toBeNull();
    expect(sectionFromHash('')).toBeNull();
  });
});
