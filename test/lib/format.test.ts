import { formatMoney, formatNumber, formatPercent } from '../../src/lib/format';

const CNY = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 } as const;
const zhCNY = { ...CNY, locale: 'zh-CN' } as const;

describe('zero is never shown with a minus sign', () => {
  it('a typed -0 reads as zero money in both languages', () => {
    expect(formatMoney(-0, CNY)).toBe(formatMoney(0, CNY));
    expect(formatMoney(-0, zhCNY)).toBe(formatMoney(0, zhCNY));
    expect(formatMoney(-0, CNY)).not.toMatch(/[-−]/);
  });

  it('a small negative amount that rounds to zero reads as zero', () => {
    expect(formatMoney(-0.3, CNY)).toBe(formatMoney(0, CNY));
    expect(formatNumber(-0.0004, 'en', 2)).toBe('0');
    expect(formatPercent(-0.00001, 'en')).toBe('0.0%');
  });

  it('numbers and percents of -0 read as zero', () => {
    expect(formatNumber(-0, 'zh-CN')).toBe('0');
    expect(formatPercent(-0, 'en')).toBe('0.0%');
  });

  it('real negative amounts keep their sign, money with a proper minus (U+2212)', () => {
    expect(formatMoney(-1_500, CNY)).toBe(`\u2212${formatMoney(1_500, CNY)}`);
    expect(formatNumber(-2, 'en')).toBe('-2');
  });
});
