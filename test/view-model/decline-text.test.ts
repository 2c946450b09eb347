import { describe, expect, it } from 'vitest';
import { DECLINE_STRIP } from '../../src/engine';
import { createI18n } from '../../src/i18n';
import { flipDeclineText } from '../../src/view-model/decline-text';

describe('the no-flip sentence names the strip’s range', () => {
  it('English: 0 to 30 % a year, the range the dashboard’s strip shows', () => {
    const text = flipDeclineText(null, 'platform', createI18n('en').t, 'en');
    expect(text).toBe(
      `Platform stays cheapest at every GPU-time price decline from ${DECLINE_STRIP.min * 100}% to ${DECLINE_STRIP.max * 100}% a year.`,
    );
    expect(text).not.toContain('60');
  });

  it('Chinese: 0–30%', () => {
    const text = flipDeclineText(null, 'platform', createI18n('zh-CN').t, 'zh-CN');
    expect(text).toContain(`${DECLINE_STRIP.min * 100}%–${DECLINE_STRIP.max * 100}%`);
    expect(text).not.toContain('60');
  });
});
