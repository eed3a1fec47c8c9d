import { PAYWALL_SESSION_COOKIE, SESSION_COOKIE, TOKEN_EXPIRY_LEEWAY_SECONDS } from '@bof/config/constants';
import { MEMBERSHIP_LEVELS, MEMBERSHIP_TYPES } from '@bof/config/enums';
// The mini build of zod: this module runs on every page, and the full build would add ~35 KB gzipped.
import * as z from 'zod/mini';
import { parseCookies } from '../../site/cookie-jar';

/** What the browser can see of the two session cookies (spec §9). */
export interface SessionCookies {
  sessionToken: string | undefined;
  paywallToken: string | undefined;
}

/** Reads both session cookies from a `document.cookie` string. */
export function readSessionCookies(cookieHeader: string): SessionCookies {
  const jar = parseCookies(cookieHeader);
  return {
    sessionToken: jar.get(SESSION_COOKIE) || undefined,
    paywallToken: jar.get(PAYWALL_SESSION_COOKIE) || undefined,
  };
}

const claimsShape = z.object({
  user_id: z.string().check(z.minLength(1)),
  email: z.string(),
  membership_level: z.enum(MEMBERSHIP_LEVELS),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  is_bof_admin: z.boolean(),
  is_first_login: z.boolean(),
  unclaimed_membership_account_id: z.nullable(z.string()),
  is_challenged: z.boolean(),
  is_user_data_complete: z.boolean(),
  exp: z.number(),
});

export type DecodedClaims = z.infer<typeof claimsShape>;

/**
 * The claims of the session token, decoded without verifying (the browser holds no key; the server
 * verifies every token it acts on). A token that cannot be decoded is no session (spec §4).
 */
export function decodeSessionToken(token: string | undefined): DecodedClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const json = new TextDecoder().decode(base64UrlToBytes(payload));
    const parsed = claimsShape.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function base64UrlToBytes(value: string): Uint8Array {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Spec §4: a refresh is needed when only one of the two cookies exists, or when the session token
 * expires within the leeway (60 s). No cookies at all is a settled logged-out state, not a refresh.
 */
export function needsRefresh(cookies: SessionCookies, now: Date): boolean {
  const hasSession = Boolean(cookies.sessionToken);
  const hasPaywall = Boolean(cookies.paywallToken);
  if (hasSession !== hasPaywall) return true;
  if (!hasSession) return false;
  const claims = decodeSessionToken(cookies.sessionToken);
  if (!claims) return false;
  return claims.exp - TOKEN_EXPIRY_LEEWAY_SECONDS <= Math.floor(now.getTime() / 1000);
}
