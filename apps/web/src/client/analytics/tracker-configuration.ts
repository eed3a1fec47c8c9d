import type { TrackerConfiguration } from '@snowplow/browser-tracker';
import { TRACKER_POST_PATH } from '@bof/analytics/paths';
import type { ClientConfig } from '@bof/config/client';
import { ANALYTICS, APP_NAME } from '@bof/config/constants';

/** Spec §7: the tracker never retries a request the collector refused with one of these. */
export const NO_RETRY_STATUS_CODES = [400, 401, 403, 410, 422];

export const TRACKER_NAMESPACE = 'bof';

/**
 * How the tracker stores its ids: with analytics consent (the `nonessential` category, whose consent-mode
 * state `analytics_storage` follows it), in the `_sp_id`/`_sp_ses` cookies and local storage; without it,
 * nowhere: events are still sent, anonymously (no user, visitor or session id), and nothing is written
 * to the browser, not even the queue of unsent events.
 */
export function idStorage(
  analyticsConsent: boolean,
): Pick<TrackerConfiguration, 'anonymousTracking' | 'stateStorageStrategy'> {
  return analyticsConsent
    ? { anonymousTracking: false, stateStorageStrategy: 'cookieAndLocalStorage' }
    : { anonymousTracking: true, stateStorageStrategy: 'none' };
}

/**
 * The browser tracker's settings (spec §9). The embedded collector lives under `/api/collector`, where
 * every route ends in a slash, so its POST path gets one too (a real collector keeps the default path).
 */
export function trackerConfiguration(
  config: Pick<ClientConfig, 'siteUrl' | 'analytics'>,
  onFailure: (failure: { status?: number; message?: string; willRetry: boolean }) => void,
  analyticsConsent = false,
): TrackerConfiguration {
  return {
    ...idStorage(analyticsConsent),
    appId: APP_NAME,
    platform: 'web',
    eventMethod: 'post',
    postPath: config.analytics.embeddedCollector ? `${TRACKER_POST_PATH}/` : TRACKER_POST_PATH,
    bufferSize: ANALYTICS.bufferSize,
    maxPostBytes: ANALYTICS.maxPostBytes,
    maxLocalStorageQueueSize: ANALYTICS.eventQueueCapacity,
    connectionTimeout: ANALYTICS.collectorRequestTimeoutMs,
    // A click that leaves the page (a search result, a story card) is sent even as the next page loads:
    // without it the browser may cancel the request, and with no consent there is no stored queue to retry.
    keepalive: true,
    dontRetryStatusCodes: NO_RETRY_STATUS_CODES,
    retryStatusCodes: [],
    cookieLifetime: ANALYTICS.cookieLifetimeSeconds,
    sessionCookieTimeout: ANALYTICS.sessionTimeoutSeconds,
    cookieSecure: config.siteUrl.startsWith('https:'),
    cookieSameSite: 'Lax',
    encodeBase64: false,
    contexts: { webPage: true, session: false, browser: false },
    onRequestFailure: (failure) => onFailure(failure),
  };
}

/** Spec §7/§9: page pings every 10 s once the reader has stayed 10 s. */
export const ACTIVITY_TRACKING = {
  minimumVisitLength: ANALYTICS.pagePingMinimumVisitSeconds,
  heartbeatDelay: ANALYTICS.heartbeatDelaySeconds,
} as const;
