import { createHmac, timingSafeEqual } from 'node:crypto';
import { AB_GROUP_PATTERN } from './ab-groups';
import type { MeteredRead } from './meter';

/**
 * The two signed meter cookies, in one format: `bof_meter` (an anonymous browser's meter) and the paywall
 * session cookie `bof_paywall_session` (the spec's second session cookie, read by the browser as
 * `zephrToken`) of a signed-in reader. Each holds reads, a browser id and sticky A/B groups, HMAC-SHA256
 * signed.
 *
 * A token is signed for one purpose, and a paywall session for one reader: the purpose and the user id are
 * part of what is signed, so an anonymous meter pasted into the paywall session cookie, or another
 * reader's paywall session, fails verification like an edited one. A token that fails verification reads
 * as absent; for a signed-in reader the access gate then goes to the server's record of their reads, so
 * tampering never grants more reads (docs/access.md).
 */
export interface PaywallSession {
  /** A random id for the browser, stable across visits. */
  sid: string;
  /** The signed-in reader the paywall session belongs to; null in an anonymous meter. */
  uid: string | null;
  reads: MeteredRead[];
  groups: string[];
}

/** What a token is for: each purpose signs with its own key, so one never verifies as the other. */
export type PaywallTokenPurpose = 'meter' | 'paywall-session';

/** What a token must be to be accepted: an anonymous meter, or the paywall session of this reader. */
export type ExpectedPaywallToken = { purpose: 'meter' } | { purpose: 'paywall-session'; userId: string };

const VERSION = 2;
/**
 * The most reads a cookie keeps (the newest). The meter settings may not allow more free reads than this
 * (`@bof/config` refuses METER_ANONYMOUS_READS + METER_REGISTERED_EXTRA_READS above it), or the cookie
 * would forget reads the meter still needs.
 */
export const METER_COOKIE_CAPACITY = 20;
const MAX_GROUPS = 20;
const MAX_TOKEN_LENGTH = 3000;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(value: string): Uint8Array {
  const padded = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

const keys = new Map<string, Buffer>();

/**
 * The HMAC key of one purpose: HMAC(secret, "bof-paywall-token/<purpose>"), cached per secret and purpose.
 * Besides the two cookies' purposes, `meter-check` signs the meter cookie check's address (meter-check.ts).
 * Node's synchronous HMAC: every story request signs or verifies a cookie, and a few microseconds on the
 * request's own turn cost far less than a round trip through WebCrypto's promise queue (issue 26).
 */
function purposeKey(secret: string, purpose: PaywallTokenPurpose | 'meter-check'): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = createHmac('sha256', secret).update(`bof-paywall-token/${purpose}`).digest();
    if (keys.size > 16) keys.clear();
    keys.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `text` with the purpose's key. */
export function purposeMac(
  secret: string,
  purpose: PaywallTokenPurpose | 'meter-check',
  text: string,
): Buffer {
  return createHmac('sha256', purposeKey(secret, purpose)).update(text).digest();
}

/**
 * Signs a meter (`purpose: 'meter'`, `uid` null) or a reader's paywall session (`'paywall-session'`, `uid`
 * set), keeping only the newest METER_COOKIE_CAPACITY reads and well-formed groups so the cookie stays small.
 */
export function signPaywallSession(
  session: PaywallSession,
  secret: string,
  purpose: PaywallTokenPurpose,
): string {
  if ((purpose === 'meter') !== (session.uid === null))
    throw new Error(`A ${purpose} token ${purpose === 'meter' ? 'names no reader' : 'names its reader'}.`);
  const body = {
    v: VERSION,
    sid: session.sid,
    ...(session.uid === null ? {} : { uid: session.uid }),
    r: [...session.reads]
      .sort((a, b) => a.at - b.at)
      .slice(-METER_COOKIE_CAPACITY)
      .map((r) => [r.articleId, r.at]),
    g: session.groups.filter((g) => AB_GROUP_PATTERN.test(g)).slice(0, MAX_GROUPS),
  };
  const payload = base64url(encoder.encode(JSON.stringify(body)));
  return `${payload}.${base64url(purposeMac(secret, purpose, payload))}`;
}

/**
 * The session in a token, or null when it is missing, malformed, oversized, not signed with `secret` for
 * the expected purpose, or (a paywall session) signed for another reader.
 */
export function verifyPaywallSession(
  token: string | undefined,
  secret: string,
  expected: ExpectedPaywallToken,
): PaywallSession | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const given = fromBase64url(signature);
    const mac = purposeMac(secret, expected.purpose, payload);
    if (given.length !== mac.length || !timingSafeEqual(given, mac)) return null;
    const body = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as {
      v?: unknown;
      sid?: unknown;
      uid?: unknown;
      r?: unknown;
      g?: unknown;
    };
    if (
      body.v !== VERSION ||
      typeof body.sid !== 'string' ||
      !Array.isArray(body.r) ||
      !Array.isArray(body.g)
    )
      return null;
    const uid = expected.purpose === 'meter' ? null : expected.userId;
    if ((body.uid ?? null) !== uid) return null;
    const reads: MeteredRead[] = [];
    for (const entry of body.r) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isInteger(entry[1])) return null;
      reads.push({ articleId: entry[0], at: entry[1] as number });
    }
    const groups = body.g.filter((g): g is string => typeof g === 'string' && AB_GROUP_PATTERN.test(g));
    return { sid: body.sid, uid, reads, groups };
  } catch {
    return null;
  }
}
