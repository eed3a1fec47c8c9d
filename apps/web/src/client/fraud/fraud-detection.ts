import type * as CastleSdk from '@castleio/castle-js';
import { FRAUD_DETECTION } from '@bof/config/constants';
import {
  FRAUD_MESSAGES,
  FraudDetectionError,
  hasEventData,
  isPublishableKey,
  type FraudEventInput,
} from './fraud-rules';

type Castle = ReturnType<typeof CastleSdk.configure>;

/**
 * An event's result, as the library gives it: true accepted, false refused (or missing data), null not
 * sent (throttled, or no answer within the request timeout).
 */
export type FraudEventResult = boolean | null;

export interface FraudDetection {
  /** Fetches the library ahead of use (it is large), so a later event does not wait for it. */
  preload(): void;
  /** A request token for the product auth endpoint's `castleRequestToken` (spec §7). */
  createRequestToken(): Promise<string>;
  page(input: FraudEventInput & { url?: string; referrer?: string }): Promise<FraudEventResult>;
  form(input: FraudEventInput & { name: string; values?: Record<string, string> }): Promise<FraudEventResult>;
  custom(
    input: FraudEventInput & { name: string; properties?: Record<string, string> },
  ): Promise<FraudEventResult>;
}

/**
 * The library's settings (spec §9): the request timeout (1000 ms), the client-id cookie's lifetime
 * (34,560,000 s) and its batching of custom events. The library batches custom events itself, 500 ms
 * apart and at most 100 a batch; `throttling` is its only switch for that, so it is set explicitly on.
 */
export function castleOptions(publishableKey: string, win: Window) {
  return {
    pk: publishableKey,
    window: win,
    timeout: FRAUD_DETECTION.requestTimeoutMs,
    storage: { expireIn: FRAUD_DETECTION.clientIdCookieLifetimeSeconds },
    throttling: true,
    verbose: false,
  };
}

/**
 * Fraud detection in the browser (spec §5, §7, §8), loading the library lazily. Throws
 * 'missing configuration' without a window and 'missing or wrong publishableKey' for a bad key. An event
 * without a user (or user token), or a form or custom event without a name, is logged as the warning
 * 'missing user or event data' and resolves false; so does an event the service does not accept. Form
 * events go out at most one per 300 ms (spec §9); one sooner resolves null, unsent.
 */
export function createFraudDetection(options: {
  publishableKey: string;
  window?: Window;
  now?: () => number;
}): FraudDetection {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  if (!win) throw new FraudDetectionError('missing_configuration', FRAUD_MESSAGES.missingConfiguration);
  if (!isPublishableKey(options.publishableKey)) {
    throw new FraudDetectionError('wrong_publishable_key', FRAUD_MESSAGES.wrongKey);
  }
  const now = options.now ?? (() => Date.now());
  let castle: Promise<Castle> | undefined;
  const load = () =>
    (castle ??= import('@castleio/castle-js')
      .then((sdk) => sdk.configure(castleOptions(options.publishableKey, win)))
      .catch((error: unknown) => {
        castle = undefined; // a failed load is tried again by the next event
        throw error;
      }));
  let lastFormAt = Number.NEGATIVE_INFINITY;

  const send = async (
    kind: 'page' | 'form' | 'custom',
    input: FraudEventInput,
    call: (c: Castle) => PromiseLike<boolean | null | undefined>,
  ): Promise<FraudEventResult> => {
    if (!hasEventData(kind, input)) {
      console.warn(FRAUD_MESSAGES.missingData);
      return false;
    }
    if (kind === 'form') {
      if (now() - lastFormAt < FRAUD_DETECTION.formEventThrottleMs) return null;
      lastFormAt = now();
    }
    try {
      const result = await call(await load());
      return result === true ? true : result === false ? false : null;
    } catch (error) {
      console.warn('Fraud detection event failed', error);
      return false;
    }
  };
  const user = (input: FraudEventInput) =>
    input.user
      ? { user: { id: input.user.id, ...(input.user.email ? { email: input.user.email } : {}) } }
      : {};
  const jwt = (input: FraudEventInput) => (input.userJwt ? { userJwt: input.userJwt } : {});

  return {
    preload: () =>
      void load().catch((error: unknown) => console.warn('Fraud detection failed to load', error)),
    createRequestToken: async () => (await load()).createRequestToken(),
    page: (input) =>
      send('page', input, (c) =>
        c.page({ url: input.url, referrer: input.referrer, ...user(input), ...jwt(input) } as Parameters<
          Castle['page']
        >[0]),
      ),
    form: (input) =>
      send('form', input, (c) =>
        c.form({ name: input.name, values: input.values, ...user(input), ...jwt(input) } as Parameters<
          Castle['form']
        >[0]),
      ),
    custom: (input) =>
      send('custom', input, (c) =>
        c.custom({
          name: input.name,
          properties: input.properties,
          ...user(input),
          ...jwt(input),
        } as Parameters<Castle['custom']>[0]),
      ),
  };
}

let shared: FraudDetection | null | undefined;

/** The page's fraud detection, or null when it is off (no publishable key: the embedded default). */
export function getFraudDetection(config: {
  analytics: { fraudDetection: { publishableKey: string } | null };
}): FraudDetection | null {
  if (shared !== undefined) return shared;
  shared = config.analytics.fraudDetection ? createFraudDetection(config.analytics.fraudDetection) : null;
  return shared;
}

/**
 * The request token for the product auth endpoint, or null when fraud detection is off or its library
 * fails; this never throws, so the token refresh always goes on. The auth state's refresh sends it as
 * `castleRequestToken`. With fraud detection on, the endpoint denies a sign-in that comes without a
 * token (docs/adr/0007): a browser that cannot make one stays signed out.
 */
export async function fraudRequestToken(
  config: Parameters<typeof getFraudDetection>[0],
): Promise<string | null> {
  try {
    return (await getFraudDetection(config)?.createRequestToken()) ?? null;
  } catch (error) {
    console.warn('Fraud detection token failed', error);
    return null;
  }
}
