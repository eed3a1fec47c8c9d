import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { toClientConfig } from '@bof/config/client';
import {
  ACTIVITY_TRACKING,
  NO_RETRY_STATUS_CODES,
  idStorage,
  trackerConfiguration,
} from './tracker-configuration';

const embedded = toClientConfig(parseServerEnv({}));

describe('trackerConfiguration (spec §7, §9)', () => {
  it('sets the session, cookie, queue, batch, buffer, timeout and retry rules of the spec', () => {
    const config = trackerConfiguration(embedded, () => undefined);
    expect(config).toMatchObject({
      appId: 'frontend',
      eventMethod: 'post',
      sessionCookieTimeout: 1800,
      cookieLifetime: 63_072_000,
      maxLocalStorageQueueSize: 1000,
      maxPostBytes: 40_000,
      bufferSize: 1,
      connectionTimeout: 5000,
      keepalive: true,
      dontRetryStatusCodes: [400, 401, 403, 410, 422],
      retryStatusCodes: [],
      cookieSecure: false,
    });
    expect(NO_RETRY_STATUS_CODES).toEqual([400, 401, 403, 410, 422]);
    expect(ACTIVITY_TRACKING).toEqual({ minimumVisitLength: 10, heartbeatDelay: 10 });
  });

  it('posts to the embedded collector with a trailing slash, and to a real collector on its default path', () => {
    expect(trackerConfiguration(embedded, () => undefined).postPath).toBe(
      '/com.snowplowanalytics.snowplow/tp2/',
    );
    const real = { ...embedded, analytics: { ...embedded.analytics, embeddedCollector: false } };
    expect(trackerConfiguration(real, () => undefined).postPath).toBe('/com.snowplowanalytics.snowplow/tp2');
    expect(embedded.analytics.collectorUrl).toBe('http://localhost:3000/api/collector');
  });

  it('stores no id without analytics consent (anonymous, nothing in cookies or storage), and stores them with it', () => {
    expect(trackerConfiguration(embedded, () => undefined)).toMatchObject({
      anonymousTracking: true,
      stateStorageStrategy: 'none',
    });
    expect(trackerConfiguration(embedded, () => undefined, true)).toMatchObject({
      anonymousTracking: false,
      stateStorageStrategy: 'cookieAndLocalStorage',
    });
    expect(idStorage(false)).toEqual({ anonymousTracking: true, stateStorageStrategy: 'none' });
  });

  it('hands request failures to the callback', () => {
    const failures: unknown[] = [];
    trackerConfiguration(embedded, (failure) => failures.push(failure)).onRequestFailure?.({
      events: [],
      status: 422,
      willRetry: false,
    });
    expect(failures).toEqual([{ events: [], status: 422, willRetry: false }]);
  });
});
