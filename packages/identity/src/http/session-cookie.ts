import { clearCookieHeader, readCookie, setCookieHeader } from '@bof/http/cookies';
import type { IdentityConfig } from '../identity-config';

export const SESSION_COOKIE = 'ory_kratos_session';

/** The session token a request carries: `X-Session-Token`, a bearer token, or the session cookie. */
export function sessionTokenOf(request: Request): string | undefined {
  return (
    request.headers.get('x-session-token') ??
    /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ??
    readCookie(request.headers.get('cookie'), SESSION_COOKIE)
  );
}

/** The Set-Cookie value that gives a browser its session, for the session's lifespan. */
export const sessionCookie = (config: IdentityConfig, token: string) =>
  setCookieHeader(SESSION_COOKIE, token, {
    secure: config.secureCookies,
    httpOnly: true,
    maxAgeSeconds: config.sessionLifespanSeconds,
  });

/** The Set-Cookie value that takes the session away from a browser. */
export const clearSessionCookie = (config: IdentityConfig) =>
  clearCookieHeader(SESSION_COOKIE, { secure: config.secureCookies, httpOnly: true });
