import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF protection as Kratos does it: a random token lives in an HttpOnly cookie, and each browser flow
 * carries a masked copy in its `csrf_token` node. A submission must bring a `csrf_token` that unmasks to
 * the cookie's token. Masking (one-time pad) makes every rendered token different.
 */
export function csrfCookieName(baseUrl: string): string {
  return `csrf_token_${createHash('sha256').update(baseUrl).digest('hex').slice(0, 16)}`;
}

export function newCsrfSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A masked token for a form: base64url(pad ‖ pad⊕secret). */
export function maskCsrfToken(secret: string): string {
  const raw = Buffer.from(secret, 'base64url');
  const pad = randomBytes(raw.length);
  const masked = Buffer.alloc(raw.length);
  for (let i = 0; i < raw.length; i++) masked[i] = raw[i]! ^ pad[i]!;
  return Buffer.concat([pad, masked]).toString('base64url');
}

/** True when `token` unmasks to the cookie's secret. */
export function csrfTokenMatches(secret: string | undefined, token: unknown): boolean {
  if (!secret || typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
  const raw = Buffer.from(secret, 'base64url');
  const both = Buffer.from(token, 'base64url');
  if (raw.length === 0 || both.length !== raw.length * 2) return false;
  const unmasked = Buffer.alloc(raw.length);
  for (let i = 0; i < raw.length; i++) unmasked[i] = both[i]! ^ both[i + raw.length]!;
  return timingSafeEqual(unmasked, raw);
}
