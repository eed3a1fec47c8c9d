import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_LENGTH = 43; // the whole HMAC-SHA256, base64url

/** A domain verification link is good for this long after it was sent. */
export const DOMAIN_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;

/** What a domain verification link carries: the claim, the address it went to, and when it was sent. */
export interface DomainVerificationClaim {
  domainId: string;
  email: string;
  issuedAt: Date;
}

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`organisation-domain:${payload}`).digest('base64url');

/** The token of a domain verification link: the claim, signed. */
export function signDomainVerificationToken(secret: string, claim: DomainVerificationClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ d: claim.domainId, e: claim.email, t: claim.issuedAt.getTime() }),
  ).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a genuine token; null for a forged, altered or malformed one (expiry is the caller's). */
export function verifyDomainVerificationToken(secret: string, token: string): DomainVerificationClaim | null {
  if (token.length > 2048) return null;
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined || given.length !== SIGNATURE_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return null;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      d?: unknown;
      e?: unknown;
      t?: unknown;
    };
    if (typeof parsed.d !== 'string' || typeof parsed.e !== 'string' || typeof parsed.t !== 'number') {
      return null;
    }
    return { domainId: parsed.d, email: parsed.e, issuedAt: new Date(parsed.t) };
  } catch {
    return null;
  }
}
