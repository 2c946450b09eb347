import i18next from 'i18next';
import { createI18n } from '../src/i18n';
import { cacheTranslations } from '../src/i18n/cached-t';

function counted() {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en',
    resources: {
      en: { common: { hello: 'Hello {{name}}', plain: 'Plain', list: { a: 'A', b: 'B' } } },
      'zh-CN': { common: { hello: '你好 {{name}}', plain: '普通', list: { a: '甲', b: '乙' } } },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  let calls = 0;
  const t = instance.t.bind(instance);
  instance.t = ((...args: Parameters<typeof t>) => {
    calls++;
    return t(...args);
  }) as typeof instance.t;
  cacheTranslations(instance);
  return { instance, calls: () => calls };
}

describe('cacheTranslations', () => {
  it('answers a repeated key with the same values from the cache, and new values afresh', () => {
    const { instance, calls } = counted();
    const t = instance.getFixedT('en');
    expect(t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(calls()).toBe(1);
    expect(t('hello', { name: 'Bo' })).toBe('Hello Bo');
    expect(t('plain')).toBe('Plain');
    expect(t('plain')).toBe('Plain');
    expect(calls()).toBe(3);
  });

  it('keeps each language apart: a function for zh-CN never answers from the English cache', () => {
    const { instance } = counted();
    expect(instance.getFixedT('en')('plain')).toBe('Plain');
    expect(instance.getFixedT('zh-CN')('plain')).toBe('普通');
    expect(instance.getFixedT('zh-CN')('hello', { name: '王' })).toBe('你好 王');
  });

  it('passes calls with objects or returnObjects straight through, uncached', () => {
    const { instance, calls } = counted();
    const t = instance.getFixedT('en');
    const objects = { returnObjects: true } as const;
    expect(t('list', objects)).toEqual({ a: 'A', b: 'B' });
    expect(t('list', objects)).toEqual({ a: 'A', b: 'B' });
    expect(calls()).toBe(2);
    const nested = { name: 'Ann', extra: { deep: 1 } };
    t('hello', nested);
    t('hello', nested);
    expect(calls()).toBe(4);
  });

  it("the app's instance gives the same strings with the cache as i18next computes them", () => {
    const app = createI18n('zh-CN');
    const plain = i18next.createInstance();
    void plain.init({ ...app.options, initAsync: false });
    const cachedT = app.getFixedT('zh-CN', 'common');
    const plainT = plain.getFixedT('zh-CN', 'common');
    expect(cachedT('views.dashboard')).toBe(plainT('views.dashboard'));
    expect(cachedT('summary.paybackMonth', { month: 17 })).toBe(
      plainT('summary.paybackMonth', { month: 17 }),
    );
    // Asked twice: the second answer comes from the cache and is still i18next's.
    expect(cachedT('summary.paybackMonth', { month: 17 })).toBe(
      plainT('summary.paybackMonth', { month: 17 }),
    );
    expect(cachedT('summary.paybackMonth', { month: 17 })).toMatch(/17/);
  });
});
