import { AB_GROUP_PATTERN } from './ab-groups';
import type { MeteredRead } from './meter';

/**
 * The paywall session cookie (the spec's second session cookie, read by the browser as `zephrToken`):
 * the reader's meter and sticky A/B groups, HMAC-SHA256 signed so that editing it is detected. A token
 * that fails verification is treated as absent, and the server never lowers a signed-in reader's count
 * below its own records, so tampering never grants more reads.
 */
export interface PaywallSession {
  /** A random id for the browser, stable across visits. */
  sid: string;
  reads: MeteredRead[];
  groups: string[];
}

const VERSION = 1;
const MAX_READS = 20;
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

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

/** Signs a paywall session, keeping only the newest reads and well-formed groups so the cookie stays small. */
export async function signPaywallSession(session: PaywallSession, secret: string): Promise<string> {
  const body = {
    v: VERSION,
    sid: session.sid,
    r: [...session.reads]
      .sort((a, b) => a.at - b.at)
      .slice(-MAX_READS)
      .map((r) => [r.articleId, r.at]),
    g: session.groups.filter((g) => AB_GROUP_PATTERN.test(g)).slice(0, MAX_GROUPS),
  };
  const payload = base64url(encoder.encode(JSON.stringify(body)));
  const signature = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(payload)),
  );
  return `${payload}.${base64url(signature)}`;
}

/** The session in a token, or null when it is missing, malformed, oversized or not signed with `secret`. */
export async function verifyPaywallSession(
  token: string | undefined,
  secret: string,
): Promise<PaywallSession | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const ok = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64url(signature) as Uint8Array<ArrayBuffer>,
      encoder.encode(payload),
    );
    if (!ok) return null;
    const body = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as {
      v?: unknown;
      sid?: unknown;
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
    const reads: MeteredRead[] = [];
    for (const entry of body.r) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isInteger(entry[1])) return null;
      reads.push({ articleId: entry[0], at: entry[1] as number });
    }
    const groups = body.g.filter((g): g is string => typeof g === 'string' && AB_GROUP_PATTERN.test(g));
    return { sid: body.sid, reads, groups };
  } catch {
    return null;
  }
}
