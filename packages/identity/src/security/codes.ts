import { createHash, createHmac, randomInt, randomBytes, timingSafeEqual } from 'node:crypto';

/** A six-digit one-time code from the CSPRNG (leading zeros kept). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Opaque tokens (sessions, exchange codes): 32 random bytes. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest();

/**
 * A code's stored form: an HMAC keyed with the server's secret (a leaked table cannot be searched through
 * the million possible codes without it), bound to its flow so a code cannot be replayed in another flow.
 */
export function hashCode(secret: string, flowId: string, code: string): string {
  return hmac(secret, `code:${flowId}:${code.trim()}`).toString('hex');
}

/**
 * The logout token of a session: an HMAC of its id, so it is the same on every call of
 * `/self-service/logout/browser` and opens the logout of that session only.
 */
export function logoutTokenFor(secret: string, sessionId: string): string {
  return `ory_lo_${hmac(secret, `logout:${sessionId}`).toString('base64url')}`;
}

/** Compares two secrets in constant time; false when either is missing. */
export function sameSecret(a: string | undefined | null, b: string | undefined | null): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
