import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_LENGTH = 43; // the whole HMAC-SHA256, base64url

/** What a confirmation link carries: the address, the newsletters asked for, and when it was sent. */
export interface SignUpClaim {
  email: string;
  newsletterIds: string[];
  issuedAt: Date;
}

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`newsletter-signup:${payload}`).digest('base64url');

/** The token of an anonymous sign-up's confirmation link: the claim, signed. */
export function signSignUpToken(secret: string, claim: SignUpClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ e: claim.email, n: claim.newsletterIds, t: claim.issuedAt.getTime() }),
  ).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The claim of a genuine token; null for a forged, altered or malformed one. */
export function verifySignUpToken(secret: string, token: string): SignUpClaim | null {
  if (token.length > 2048) return null;
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined || given.length !== SIGNATURE_LENGTH) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return null;
  const expected = Buffer.from(signature(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      e?: unknown;
      n?: unknown;
      t?: unknown;
    };
    if (typeof parsed.e !== 'string' || typeof parsed.t !== 'number' || !Array.isArray(parsed.n)) return null;
    if (!parsed.n.every((id): id is string => typeof id === 'string')) return null;
    return { email: parsed.e, newsletterIds: parsed.n, issuedAt: new Date(parsed.t) };
  } catch {
    return null;
  }
}
