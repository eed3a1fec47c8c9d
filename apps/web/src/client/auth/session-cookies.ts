import type { ViewerClaims } from '@bof/api/viewer';
import { PAYWALL_SESSION_COOKIE, SESSION_COOKIE, TOKEN_EXPIRY_LEEWAY_SECONDS } from '@bof/config/constants';
import { MEMBERSHIP_LEVELS, MEMBERSHIP_TYPES } from '@bof/config/enums';
import { parseCookies } from '@bof/http/cookies';

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

/** The session token's claims (spec §3), as the browser reads them: the server's claims and the expiry. */
export type DecodedClaims = ViewerClaims & { exp: number };

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * The claims of a decoded token payload, or null when one is missing or of the wrong type. Checked by
 * hand rather than with a schema library: this runs on every page, and zod (even its mini build) would
 * be the largest part of the page's own script.
 */
export function claimsFrom(payload: unknown): DecodedClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const c = payload as Record<string, unknown>;
  const flags = ['is_bof_admin', 'is_first_login', 'is_challenged', 'is_user_data_complete'] as const;
  if (
    typeof c.user_id !== 'string' ||
    c.user_id === '' ||
    typeof c.email !== 'string' ||
    !oneOf(MEMBERSHIP_LEVELS, c.membership_level) ||
    !oneOf(MEMBERSHIP_TYPES, c.membership_type) ||
    !flags.every((flag) => typeof c[flag] === 'boolean') ||
    !(c.unclaimed_membership_account_id === null || typeof c.unclaimed_membership_account_id === 'string') ||
    typeof c.exp !== 'number' ||
    !Number.isFinite(c.exp)
  )
    return null;
  return {
    user_id: c.user_id,
    email: c.email,
    membership_level: c.membership_level,
    membership_type: c.membership_type,
    is_bof_admin: c.is_bof_admin as boolean,
    is_first_login: c.is_first_login as boolean,
    unclaimed_membership_account_id: c.unclaimed_membership_account_id,
    is_challenged: c.is_challenged as boolean,
    is_user_data_complete: c.is_user_data_complete as boolean,
    exp: c.exp,
  };
}

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
    return claimsFrom(JSON.parse(json));
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
 * expires within the leeway (60 s). A session token that cannot be decoded is no session (spec §4), so
 * next to a paywall cookie it is the "only one of the two" case: the refresh replaces or clears it. No
 * cookies at all is a settled logged-out state, not a refresh.
 */
export function needsRefresh(cookies: SessionCookies, now: Date): boolean {
  const claims = decodeSessionToken(cookies.sessionToken);
  const hasPaywall = Boolean(cookies.paywallToken);
  if (!claims) return hasPaywall || Boolean(cookies.sessionToken);
  if (!hasPaywall) return true;
  return claims.exp - TOKEN_EXPIRY_LEEWAY_SECONDS <= Math.floor(now.getTime() / 1000);
}
