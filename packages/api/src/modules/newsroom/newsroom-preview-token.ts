import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a shared preview link works. */
export const PREVIEW_LINK_HOURS = 24;

/** A signed preview token for one story, valid until `expires`: `<storyId>.<expiry seconds>.<signature>`. */
export function signPreviewToken(secret: string, storyId: string, expires: Date): string {
  const payload = `${storyId}.${Math.floor(expires.getTime() / 1000)}`;
  const signature = createHmac('sha256', secret).update(`newsroom-preview:${payload}`).digest('base64url');
  return `${payload}.${signature}`;
}

/** The story id of a valid, unexpired token; null for anything else. */
export function verifyPreviewToken(secret: string, token: string, now: Date): string | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, storyId, expiry, signature] = match;
  const expected = createHmac('sha256', secret).update(`newsroom-preview:${storyId}.${expiry}`).digest();
  const given = Buffer.from(signature!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return storyId!;
}
