import type * as SnowplowModule from '@snowplow/browser-tracker';
import type { AnalyticsEvent } from '@bof/analytics/catalogue';
import type { validateEventData } from '@bof/analytics/validate';
import { EVENT_SCHEMA_URIS } from '@bof/analytics/catalogue';
import type { ClientConfig } from '@bof/config/client';
import { PRODUCTION_BUILD } from '@bof/config/constants';
import type { ConsentState } from '../consent/consent-categories';
import { consentStore } from '../consent/consent-store';
import { APPLICATION_ERROR_SCHEMA, toApplicationError } from './application-error';
import { pageViewEntity } from './page-view-entity';
import { recordRecentEvent } from './recent-events';
import {
  ACTIVITY_TRACKING,
  idStorage,
  TRACKER_NAMESPACE,
  trackerConfiguration,
} from './tracker-configuration';

type Snowplow = typeof SnowplowModule;
type Validate = typeof validateEventData;
interface Entity {
  schema: string;
  data: Record<string, unknown>;
}

const PAGE_VIEW_SCHEMA = EVENT_SCHEMA_URIS.page_view;

/** Spec §8: analytics errors are logged under this text and never shown to the reader. */
export const TRACKING_ERROR_TEXT = 'Error tracking event';

export function reportTrackingError(detail: unknown): void {
  console.error(TRACKING_ERROR_TEXT, detail);
}

/** A catalogue event as the page sent it, for the parts that pass events on (the consented tags). */
export interface TrackedEvent {
  name: string;
  data: Record<string, unknown>;
}

const trackedListeners = new Set<(event: TrackedEvent) => void>();

/** Hears every catalogue event `track` sends from now on; returns the unsubscribe. */
export function subscribeTrackedEvents(listener: (event: TrackedEvent) => void): () => void {
  trackedListeners.add(listener);
  return () => trackedListeners.delete(listener);
}

let snowplow: Snowplow | null = null;
let validate: Validate | null = null;
let started: Promise<void> | null = null;
let lastPageUrl: string | null = null;
const queue: ((sp: Snowplow) => void)[] = [];

function run(send: (sp: Snowplow) => void): void {
  if (!snowplow) {
    // Until the tracker has loaded, calls wait; the tracker's own queue holds up to 1000 after that.
    if (queue.length < 1000) queue.push(send);
    return;
  }
  try {
    send(snowplow);
  } catch (error) {
    reportTrackingError(error);
  }
}

/** In development every event is checked against its schema before it leaves (spec: one validator). */
function invalid(schema: string, data: unknown): boolean {
  if (!validate) return false;
  const result = validate(schema, data);
  if (result.ok) return false;
  reportTrackingError({ schema, problems: result.problems });
  return true;
}

/**
 * Sends an event of the catalogue, with optional entities. Typed by event name, so walls, auth helpers
 * and other parts can only send what the schemas allow. Never throws.
 */
export function track(event: AnalyticsEvent, entities: Entity[] = []): void {
  try {
    const schema = EVENT_SCHEMA_URIS[event.event];
    recordRecentEvent({ name: event.event, data: event.data });
    for (const listener of trackedListeners) {
      try {
        listener({ name: event.event, data: { ...event.data } as Record<string, unknown> });
      } catch (error) {
        reportTrackingError(error);
      }
    }
    run((sp) => {
      if (invalid(schema, event.data)) return;
      sp.trackSelfDescribingEvent(
        { event: { schema, data: event.data as unknown as Record<string, unknown> }, context: entities },
        [TRACKER_NAMESPACE],
      );
    });
  } catch (error) {
    reportTrackingError(error);
  }
}

/**
 * Sends a page view for the current address, with the `page_view` entity. Called on first load and after
 * every completed route change; the previous address is the next page view's referrer.
 */
export function trackPageView(): void {
  try {
    const href = window.location.href;
    if (href === lastPageUrl) return;
    const referrer = lastPageUrl ?? document.referrer;
    lastPageUrl = href;
    const data = pageViewEntity(window.location, document.title, referrer);
    recordRecentEvent({ name: 'page_view', data });
    run((sp) => {
      if (invalid(PAGE_VIEW_SCHEMA, data)) return;
      sp.setCustomUrl(href, [TRACKER_NAMESPACE]);
      if (referrer) sp.setReferrerUrl(referrer, [TRACKER_NAMESPACE]);
      sp.trackPageView(
        { title: document.title, context: [{ schema: PAGE_VIEW_SCHEMA, data: { ...data } }] },
        [TRACKER_NAMESPACE],
      );
    });
  } catch (error) {
    reportTrackingError(error);
  }
}

function trackApplicationError(input: Parameters<typeof toApplicationError>[0]): void {
  const data = toApplicationError(input);
  if (!data) return;
  run((sp) =>
    sp.trackSelfDescribingEvent({ event: { schema: APPLICATION_ERROR_SCHEMA, data: { ...data } } }, [
      TRACKER_NAMESPACE,
    ]),
  );
}

function installErrorTracking(): void {
  window.addEventListener('error', (event) =>
    trackApplicationError({
      message: event.message,
      error: event.error,
      filename: event.filename,
      lineno: event.lineno,
      colno: event.colno,
    }),
  );
  window.addEventListener('unhandledrejection', (event) => trackApplicationError({ error: event.reason }));
}

/** Analytics consent: the `nonessential` category (consent mode's `analytics_storage` follows it). */
export const analyticsConsented = (state: ConsentState): boolean =>
  state.status === 'given' && state.categories.includes('nonessential');

/** Whether the tracker now keeps its ids in cookies and local storage. */
let storingIds = false;

const STORED_ID = /^_sp_(id|ses)\./;
// The queue of unsent events: `snowplowOutQueue_bof` (and its per-method variants in older versions).
const STORED_QUEUE = new RegExp(`^snowplowOutQueue_${TRACKER_NAMESPACE}($|_)`);

/**
 * Removes what the tracker stored in this browser: its id and session cookies (whatever their domain
 * hash) and local-storage entries, and its stored queue of unsent events.
 */
function forgetStoredIds(sp: Snowplow): void {
  sp.clearUserData({ preserveSession: false, preserveUser: false }, [TRACKER_NAMESPACE]);
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim() ?? '';
    if (STORED_ID.test(name)) {
      const expired = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
      document.cookie = expired;
      document.cookie = `${expired}; Domain=${window.location.hostname}`;
    }
  }
  try {
    for (const key of Object.keys(window.localStorage))
      if (STORED_ID.test(key) || STORED_QUEUE.test(key)) window.localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): there is nothing stored to remove.
  }
}

/**
 * Keeps the tracker's ids in step with the reader's consent: stored from the moment analytics consent is
 * given, and no longer stored, and removed, when it is withdrawn or refused. Until the consent layer has
 * read the reader's choice nothing is stored (the tracker starts that way).
 */
function followConsent(sp: Snowplow, state: ConsentState): void {
  const consented = analyticsConsented(state);
  if (consented && !storingIds) {
    storingIds = true;
    sp.disableAnonymousTracking({ stateStorageStrategy: idStorage(true).stateStorageStrategy }, [
      TRACKER_NAMESPACE,
    ]);
  } else if (!consented && state.status !== 'unknown') {
    if (storingIds) {
      storingIds = false;
      const { anonymousTracking, stateStorageStrategy } = idStorage(false);
      sp.enableAnonymousTracking({ options: anonymousTracking, stateStorageStrategy }, [TRACKER_NAMESPACE]);
    }
    forgetStoredIds(sp);
  }
}

/**
 * Loads the tracker lazily (it is not part of the page's first JavaScript) and starts it once per page:
 * cookies (with analytics consent only), session, queue, batching and retries as spec §9 sets them; page
 * pings; error tracking.
 */
export function startTracker(
  config: Pick<ClientConfig, 'siteUrl' | 'analytics' | 'environment'>,
): Promise<void> {
  started ??= (async () => {
    try {
      installErrorTracking();
      const [sp, validator] = await Promise.all([
        import('@snowplow/browser-tracker'),
        // The development server checks each event in the browser too; a production build leaves the
        // validator (ajv and every schema) out of its JavaScript, and the collector checks every event.
        PRODUCTION_BUILD ? Promise.resolve(null) : import('@bof/analytics/validate'),
      ]);
      validate = validator?.validateEventData ?? null;
      // Ids only with analytics consent: a reader who has not (yet) given it is tracked anonymously.
      storingIds = analyticsConsented(consentStore.getState());
      const tracker = sp.newTracker(
        TRACKER_NAMESPACE,
        config.analytics.collectorUrl,
        trackerConfiguration(config, (failure) => reportTrackingError(failure), storingIds),
      );
      if (!tracker) throw new Error('the tracker did not start');
      sp.enableActivityTracking(ACTIVITY_TRACKING, [TRACKER_NAMESPACE]);
      snowplow = sp;
      followConsent(sp, consentStore.getState());
      consentStore.subscribe(() => run((current) => followConsent(current, consentStore.getState())));
      for (const send of queue.splice(0)) run(send);
    } catch (error) {
      reportTrackingError(error);
    }
  })();
  return started;
}

/** Sets or clears the signed-in reader's id on every later event (the auth state calls this). */
export function setTrackedUser(userId: string | null): void {
  run((sp) => sp.setUserId(userId, [TRACKER_NAMESPACE]));
}
