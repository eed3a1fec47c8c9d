import { parseCookies } from '../site/cookie-jar';
import { METER_COOKIE, PAYWALL_SESSION_COOKIE, SESSION_COOKIE } from '@bof/config/constants';

export { LOGIN_POLICY_COOKIE } from '../client/auth/login-policy';

interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
  httpOnly?: boolean;
}

/** One Set-Cookie header value. The session cookies are readable by the page script (spec §4). */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

export function clearCookie(name: string, secure: boolean): string {
  return setCookie(name, '', { secure, maxAgeSeconds: 0 });
}

/** Reads one cookie from a Cookie header. */
export function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  return parseCookies(cookieHeader).get(name);
}

export { METER_COOKIE, PAYWALL_SESSION_COOKIE, SESSION_COOKIE };
