import { describe, expect, it } from 'vitest';
import { consentModeFor } from './consent-categories';

describe('consentModeFor', () => {
  it('denies advertising, analytics and personalisation storage until nonessential is accepted', () => {
    expect(consentModeFor(['necessary'])).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    expect(consentModeFor(['necessary', 'embeds']).ad_storage).toBe('denied');
  });

  it('grants them all with nonessential', () => {
    expect(Object.values(consentModeFor(['necessary', 'nonessential'])).every((v) => v === 'granted')).toBe(
      true,
    );
  });
});
