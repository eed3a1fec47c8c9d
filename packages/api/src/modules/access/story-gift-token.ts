import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SIGNATURE_LENGTH = 22; // 128 bits of HMAC-SHA256, base64url

const signature = (secret: string, giftId: string, articleId: string) =>
  createHmac('sha256', secret)
    .update(`story-gift:${giftId}:${articleId}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

/** The token of a gift link (`?gift=`): the gift id, signed together with the story it opens. */
export function signGiftToken(secret: string, giftId: string, articleId: string): string {
  return `${giftId}.${signature(secret, giftId, articleId)}`;
}

/**
 * The gift id of a token signed for this story; `wrong-article` for a genuine token of another story
 * cannot be told apart from a forged one, so both read as `invalid`.
 */
export function verifyGiftToken(secret: string, token: string, articleId: string): string | null {
  if (token.length > 80) return null;
  const [giftId, given, extra] = token.split('.');
  if (!giftId || !given || extra !== undefined || !UUID.test(giftId)) return null;
  const expected = Buffer.from(signature(secret, giftId, articleId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? giftId : null;
}
