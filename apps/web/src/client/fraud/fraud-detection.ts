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

export interface FraudDetection {
  /** A request token for the product auth endpoint's `castleRequestToken` (spec §7). */
  createRequestToken(): Promise<string>;
  page(input: FraudEventInput & { url?: string; referrer?: string }): Promise<boolean>;
  form(input: FraudEventInput & { name: string; values?: Record<string, string> }): Promise<boolean>;
  custom(input: FraudEventInput & { name: string; properties?: Record<string, string> }): Promise<boolean>;
}

/**
 * Fraud detection in the browser (spec §5, §7, §8), loading the library lazily. Throws
 * 'missing configuration' without a window and 'missing or wrong publishableKey' for a bad key. An event
 * without a user (or user token), or a form or custom event without a name, is logged as the warning
 * 'missing user or event data' and resolves false; so does an event the service does not accept.
 */
export function createFraudDetection(options: { publishableKey: string; window?: Window }): FraudDetection {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  if (!win) throw new FraudDetectionError('missing_configuration', FRAUD_MESSAGES.missingConfiguration);
  if (!isPublishableKey(options.publishableKey)) {
    throw new FraudDetectionError('wrong_publishable_key', FRAUD_MESSAGES.wrongKey);
  }
  let castle: Promise<Castle> | undefined;
  const load = () =>
    (castle ??= import('@castleio/castle-js').then((sdk) =>
      sdk.configure({
        pk: options.publishableKey,
        window: win,
        timeout: FRAUD_DETECTION.requestTimeoutMs,
        storage: { expireIn: FRAUD_DETECTION.clientIdCookieLifetimeSeconds },
      }),
    ));

  const send = async (
    kind: 'page' | 'form' | 'custom',
    input: FraudEventInput,
    call: (c: Castle) => PromiseLike<boolean | null | undefined>,
  ) => {
    if (!hasEventData(kind, input)) {
      console.warn(FRAUD_MESSAGES.missingData);
      return false;
    }
    try {
      return (await call(await load())) === true;
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
 * The request token for the product auth endpoint, or null when fraud detection is off or fails
 * (sign-in must never depend on it). The auth state's refresh sends it as `castleRequestToken`.
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
