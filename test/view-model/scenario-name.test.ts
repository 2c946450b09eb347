import { describe, expect, it } from 'vitest';
import { presets } from '../../src/engine';
import {
  isMarkedModified,
  isOwnName,
  MODIFIED_SUFFIX,
  markModified,
  NAME_MAX_CHARS,
  unmarkedName,
} from '../../src/view-model/scenario-name';

describe('markModified', () => {
  it('appends the suffix of the language shown, once', () => {
    expect(markModified('Budget 2026', 'en')).toBe('Budget 2026 (modified)');
    expect(markModified('2026 预算：方案 B（混合）', 'zh-CN')).toBe('2026 预算：方案 B（混合）（已修改）');
    expect(markModified('Budget 2026 (modified)', 'zh-CN')).toBe('Budget 2026 (modified)');
    expect(markModified(markModified('预算', 'zh-CN'), 'en')).toBe('预算（已修改）');
    expect(isMarkedModified('预算（已修改）')).toBe(true);
    expect(isMarkedModified('Budget')).toBe(false);
  });

  it('stays within the schema’s 200 characters', () => {
    const long = 'x'.repeat(NAME_MAX_CHARS);
    const marked = markModified(long, 'en');
    expect(marked.length).toBeLessThanOrEqual(NAME_MAX_CHARS);
    expect(marked.endsWith(MODIFIED_SUFFIX.en)).toBe(true);
  });
});

describe('isOwnName', () => {
  const titles = ['Steady lab', '稳定实验室'];
  it('is true for a typed name, marked modified or not', () => {
    expect(isOwnName('Budget 2027', titles)).toBe(true);
    expect(isOwnName('Budget 2027 (modified)', titles)).toBe(true);
  });
  it('is false for a preset’s name in any language shown (marked or not), and for an empty name', () => {
    expect(isOwnName(presets.steadyLab?.name ?? '', [])).toBe(false);
    expect(isOwnName('稳定实验室（已修改）', titles)).toBe(false);
    expect(isOwnName('  ', titles)).toBe(false);
    expect(unmarkedName('稳定实验室（已修改）')).toBe('稳定实验室');
  });
});
