import { describe, expect, it } from 'vitest';
import { echoText, parseParameter } from '../../../src/components/parameter-value';
import { parameter } from '../../../src/engine';
import { errorMessage } from '../../../src/features/dashboard/field-error';
import { createI18n } from '../../../src/i18n';

const serverPrice = parameter('selfBuild.serverPriceCny');
const maintenance = parameter('selfBuild.maintenanceFractionPerYear');

describe('a parameter field reads numbers as people type them', () => {
  it.each([
    ['1,800,000', 1_800_000],
    ['1.8M', 1_800_000],
    ['180万', 1_800_000],
    ['１８０万', 1_800_000],
    ['¥180万', 1_800_000],
    ['CN¥1.8m', 1_800_000],
  ])('money typed in yuan: “%s” is %d', (text, value) => {
    expect(parseParameter(serverPrice, text, 'CNY')).toEqual({ ok: true, value });
  });

  it('money typed in dollars takes a dollar mark', () => {
    expect(parseParameter(serverPrice, '$250k', 'USD')).toEqual({ ok: true, value: 250_000 });
  });

  it('refuses a currency mark that contradicts the field’s currency, with its own message', () => {
    const result = parseParameter(serverPrice, '$250k', 'CNY');
    expect(result).toEqual({ ok: false, error: { code: 'currencyMismatch', typed: 'USD', expected: 'CNY' } });
    if (result.ok) return;
    const en = createI18n('en').t;
    const zh = createI18n('zh-CN').t;
    expect(errorMessage(result.error, en, String)).toContain('US dollars');
    expect(errorMessage(result.error, en, String)).toContain('Not applied');
    expect(errorMessage(result.error, zh, String)).toContain('美元');
  });

  it('a percent field takes “12%” as 12 percent, and refuses a currency mark', () => {
    expect(parseParameter(maintenance, '12%', 'CNY')).toEqual({ ok: true, value: 0.12 });
    expect(parseParameter(maintenance, '¥12', 'CNY')).toEqual({
      ok: false,
      error: { code: 'currencyNotMoney', typed: 'CNY' },
    });
  });

  it('a money field refuses “%”, and bad text still gets the not-a-number message', () => {
    expect(parseParameter(serverPrice, '12%', 'CNY')).toEqual({
      ok: false,
      error: { code: 'percentNotAllowed' },
    });
    const bad = parseParameter(serverPrice, 'abc', 'CNY');
    expect(bad).toEqual({ ok: false, error: { code: 'notNumber' } });
    if (!bad.ok) expect(errorMessage(bad.error, createI18n('zh-CN').t, String)).toBe('这不是一个数字。');
  });
});

describe('the parsed value echoed beside a field', () => {
  it('echoes scale words, separators and full-width digits as the plain number', () => {
    expect(echoText('180万', 'en')).toBe('1,800,000');
    expect(echoText('1.8亿', 'zh-CN')).toBe('180,000,000');
    expect(echoText('¥1.8M', 'en')).toBe('1,800,000');
    expect(echoText('１２', 'en')).toBe('12');
  });

  it('says nothing for plain digits or text that does not parse', () => {
    expect(echoText('1800000', 'en')).toBeNull();
    expect(echoText('0.85', 'en')).toBeNull();
    expect(echoText('abc', 'en')).toBeNull();
  });
});
