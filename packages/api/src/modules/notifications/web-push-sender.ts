import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom push services contact about this sender. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: accepted, or the subscription is gone for good (404/410). */
export type PushOutcome = 'sent' | 'gone';

/** A push service refused a message for a reason that may pass (5xx, 429, a network failure): retry. */
export class PushServiceError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PushServiceError';
  }
}

/** Sends one encrypted message to a push service. */
export type PushSender = (target: PushTarget, payload: string) => Promise<PushOutcome>;

/** How long a push service keeps a message for an offline browser. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push over fetch: `web-push` encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID header
 * (RFC 8292); the request goes out with fetch so a plain-HTTP push service on loopback (the embedded
 * defaults' tests) is reached as an https one is.
 */
export function createWebPushSender(
  vapid: VapidKeys,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): PushSender {
  const send = options.fetch ?? fetch;
  return async (target, payload) => {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    let response: Response;
    try {
      response = await send(details.endpoint, {
        method: details.method,
        headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PushServiceError(null, `The push service did not answer: ${(error as Error).message}`);
    }
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.status >= 200 && response.status < 300) return 'sent';
    throw new PushServiceError(response.status, `The push service answered ${response.status}`);
  };
}

/** A new VAPID key pair (the embedded defaults make one once and keep it under DATA_DIR/keys). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
