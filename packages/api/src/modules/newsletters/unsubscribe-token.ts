import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_LENGTH = 22; // 128 bits of HMAC-SHA256, base64url
const PART = /^[A-Za-z0-9_-]{1,80}$/;

const signature = (secret: string, userId: string, newsletterId: string) =>
  createHmac('sha256', secret)
    .update(`newsletter-unsubscribe:${userId}:${newsletterId}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

/** The token of a newsletter's one-click unsubscribe link: who and which letter, signed. */
export function signUnsubscribeToken(secret: string, userId: string, newsletterId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${newsletterId}.${signature(secret, userId, newsletterId)}`;
}

/** The reader and newsletter of a genuine token; null for a forged, altered or malformed one. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; newsletterId: string } | null {
  if (token.length > 300) return null;
  const [encodedUser, newsletterId, given, extra] = token.split('.');
  if (!encodedUser || !newsletterId || !given || extra !== undefined) return null;
  if (!PART.test(encodedUser) || !/^[a-z0-9-]{1,64}$/.test(newsletterId)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString();
  const expected = Buffer.from(signature(secret, userId, newsletterId));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return { userId, newsletterId };
}
