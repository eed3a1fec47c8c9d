import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('spec §9 constants', () => {
  it('hold the values of the specification', () => {
    expect(constants.TOKEN_EXPIRY_LEEWAY_SECONDS).toBe(60);
    expect(constants.LOGOUT_WAIT_MS).toBe(2500);
    expect(constants.MEMBERSHIP_CHANGE_RETRY).toEqual({ attempts: 5, baseDelayMs: 1000, factor: 2 });
    expect(constants.LAZY_LOAD_SPINNER_DELAY_MS).toBe(200);
    expect(constants.SESSION_COOKIE).toBe('bof_session');
    expect(constants.CONSENT_COOKIE).toBe('bof_cc');
    expect(constants.DEPLOYMENT_ID).toBe('8.57.0');
    expect(constants.APP_NAME).toBe('frontend');
    expect(constants.ANALYTICS.maxPostBytes).toBe(40_000);
    expect(constants.CURRENCIES).toEqual(['EUR', 'GBP', 'INR', 'USD']);
  });
});
