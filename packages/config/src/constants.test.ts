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
    expect(constants.PAYWALL_SESSION_COOKIE).toBe('bof_paywall_session');
    expect(constants.ENVIRONMENTS).toEqual(['dev', 'test', 'qa', 'prod']);
    expect(constants.PRODUCTION_ENVIRONMENT).toBe('prod');
    expect(constants.ANALYTICS).toEqual({
      libraryVersion: '0.12.5',
      sessionTimeoutSeconds: 1800,
      cookieLifetimeSeconds: 63_072_000,
      eventQueueCapacity: 1000,
      collectorRequestTimeoutMs: 5000,
      maxPostBytes: 40_000,
      bufferSize: 1,
      errorMessageMaxLength: 2048,
      errorStackMaxLength: 8192,
      pagePingMinimumVisitSeconds: 10,
      heartbeatDelaySeconds: 10,
      pluginReadinessWaitMs: 10_000,
      pluginQueueFlushMs: 3000,
    });
    expect(constants.FRAUD_DETECTION).toMatchObject({
      requestTimeoutMs: 1000,
      clientIdCookieLifetimeSeconds: 34_560_000,
      formEventThrottleMs: 300,
      customEventBatchMax: 100,
    });
    expect(constants.CURRENCIES).toEqual(['EUR', 'GBP', 'INR', 'USD']);
  });
});
