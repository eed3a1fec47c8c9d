import type { Hono } from 'hono';
import { errors, KratosError } from '../http/kratos-error';
import { z } from 'zod';
import { parseBody, wantsJson } from '../http/request-body';
import { json, redirect, withCookies } from '../http/responses';
import { clearSessionCookie } from '../http/session-cookie';
import { logoutTokenFor, sameSecret } from '../security/codes';
import type { ClientInfo } from '../http/request-context';
import type { RouteDeps } from './route-deps';

/** `performNativeLogoutBody`: the session token to end; a value that is not text is none. */
const logoutBodySchema = z.object({ session_token: z.string().catch('') });

/**
 * Logout as Kratos does it: `logout/browser` gives the session's logout token and URL; the URL logs out
 * only the session of the browser that follows it, and only with that session's token (an HMAC of its
 * id, so one session's link cannot end another's); apps log out with their session token.
 */
export function registerLogoutRoutes(
  app: Hono<{ Bindings: ClientInfo }>,
  parts: Pick<
    RouteDeps,
    'config' | 'base' | 'sessions' | 'clock' | 'sessionOf' | 'returnToOf' | 'browserError'
  >,
) {
  const { config, base, sessions, clock } = parts;

  app.get('/self-service/logout/browser', async (c) => {
    const session = await parts.sessionOf(c.req.raw, clock());
    if (!session || c.req.header('x-session-token')) return json(errors.noSession().body(), 401);
    let returnTo: string | undefined;
    try {
      returnTo = parts.returnToOf(new URL(c.req.url));
    } catch (error) {
      if (error instanceof KratosError) return json(error.body(), error.status);
      throw error;
    }
    const token = logoutTokenFor(config.secret, session.id);
    const query = new URLSearchParams({ token, ...(returnTo ? { return_to: returnTo } : {}) });
    return json({ logout_token: token, logout_url: `${base}/self-service/logout?${query.toString()}` });
  });

  app.get('/self-service/logout', async (c) => {
    const request = c.req.raw;
    const token = c.req.query('token');
    if (!token)
      return parts.browserError(request, errors.badRequest('Please include a token in the URL query.'));
    const session = await parts.sessionOf(request, clock());
    if (!session) return parts.browserError(request, errors.noSession());
    if (!sameSecret(token, logoutTokenFor(config.secret, session.id)))
      return parts.browserError(
        request,
        new KratosError(
          403,
          undefined,
          'The requested action was forbidden',
          'Unable to log out because the logout token in the URL query does not match the session cookie.',
        ),
      );
    let returnTo: string | undefined;
    try {
      returnTo = parts.returnToOf(new URL(request.url));
    } catch (error) {
      if (error instanceof KratosError) return parts.browserError(request, error);
      throw error;
    }
    await sessions.revoke(session.id);
    if (wantsJson(request)) return withCookies(json(null, 204), [clearSessionCookie(config)]);
    return redirect(returnTo ?? config.afterLogoutUrl, [clearSessionCookie(config)]);
  });

  app.delete('/self-service/logout/api', async (c) => {
    let token: string;
    try {
      ({ session_token: token } = await parseBody(c.req.raw, logoutBodySchema));
    } catch (error) {
      if (error instanceof KratosError) return json(error.body(), error.status);
      throw error;
    }
    if (!token) return json(errors.badRequest('session_token is required.').body(), 400);
    const session = await sessions.findByToken(token, clock());
    if (!session) return json(errors.noSession().body(), 403);
    await sessions.revoke(session.id);
    return json(null, 204);
  });
}
