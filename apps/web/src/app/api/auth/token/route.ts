import { z } from 'zod';
import { runningServices } from '@bof/api/running-services';
import { METER_COOKIE, PAYWALL_SESSION_COOKIE, SESSION_COOKIE } from '@bof/config/constants';
import { CLIENT_ADDRESS_HEADER, clientIp } from '@bof/http/client-ip';
import { clearCookieHeader, readCookie, setCookieHeader } from '@bof/http/cookies';
import { LOGIN_POLICY_COOKIE } from '../../../../client/auth/login-policy';
import { readJsonBody } from '../../../../server/read-json-body';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 16_384;
const bodySchema = z.object({
  castleRequestToken: z.string().max(4096).nullish(),
  currentUrl: z.string().max(4096).nullish(),
});

const problem = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: { 'cache-control': 'no-store' } });

/**
 * The product auth endpoint (spec §7): POST `{ castleRequestToken, currentUrl }`. Reads the identity
 * session, then sets `bof_session` and the paywall session cookie, or clears both when there is none.
 * The browser does not read the body; it re-reads the cookies.
 */
export async function POST(request: Request): Promise<Response> {
  const { env, sessions } = await runningServices();
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(env.siteUrl).origin) {
    return problem(403, 'forbidden_origin', 'This endpoint accepts requests from the site only.');
  }
  const body = await readJsonBody(request, MAX_BODY_BYTES);
  if (!body.ok) return problem(body.status, body.code, body.message);
  const parsed = bodySchema.safeParse(body.value);
  if (!parsed.success) return problem(400, 'invalid_body', 'Expected castleRequestToken and currentUrl.');

  const cookies = request.headers.get('cookie');
  // The session cookies are readable by the page script (spec §4); Secure only when the site is on https.
  const attributes = { secure: env.siteUrl.startsWith('https:'), httpOnly: false };
  let result;
  try {
    result = await sessions.refresh({
      cookieHeader: cookies ?? '',
      paywallCookie: readCookie(cookies, PAYWALL_SESSION_COOKIE),
      meterCookie: readCookie(cookies, METER_COOKIE),
      now: new Date(),
      castleRequestToken: parsed.data.castleRequestToken ?? null,
      // The socket's peer; X-Forwarded-For counts only through trusted proxies, read as the identity
      // server reads them (IDENTITY_TRUSTED_PROXIES).
      ip: clientIp({
        socketAddress: request.headers.get(CLIENT_ADDRESS_HEADER),
        forwardedFor: request.headers.get('x-forwarded-for'),
        trustedProxies: env.identity.trustedProxies,
      }),
      userAgent: request.headers.get('user-agent'),
    });
  } catch (error) {
    console.error('Session refresh failed', error);
    return problem(503, 'identity_unavailable', 'Sign-in is unavailable for a moment. Please try again.');
  }

  const headers = new Headers({ 'cache-control': 'no-store', 'content-type': 'application/json' });
  if (result.kind === 'signed-out') {
    clearSessionCookies(headers, attributes);
    return new Response(JSON.stringify({ status: 'signed-out' }), { status: 200, headers });
  }
  const lasting = { ...attributes, maxAgeSeconds: env.sessionTokenTtlSeconds };
  headers.append('set-cookie', setCookieHeader(SESSION_COOKIE, result.sessionToken, lasting));
  headers.append('set-cookie', setCookieHeader(PAYWALL_SESSION_COOKIE, result.paywallToken, lasting));
  // `bof_meter` stays: the anonymous reads it holds are merged again at each refresh (idempotently), and a
  // reader whose product session lapses meets that spent meter, not a fresh one (docs/adr/0003).
  headers.append(
    'set-cookie',
    result.loginPolicyExceeded
      ? setCookieHeader(LOGIN_POLICY_COOKIE, '1', lasting)
      : clearCookieHeader(LOGIN_POLICY_COOKIE, attributes),
  );
  return new Response(JSON.stringify({ status: 'signed-in' }), { status: 200, headers });
}

/**
 * Sign-out's part on the site: DELETE ends the product session in this browser, clearing `bof_session`,
 * the paywall session cookie and the login-policy mark on its answer (204), whatever the identity
 * provider says (ending the identity session is the provider's logout). From the site only, as POST.
 */
export async function DELETE(request: Request): Promise<Response> {
  const { env } = await runningServices();
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(env.siteUrl).origin) {
    return problem(403, 'forbidden_origin', 'This endpoint accepts requests from the site only.');
  }
  const headers = new Headers({ 'cache-control': 'no-store' });
  clearSessionCookies(headers, { secure: env.siteUrl.startsWith('https:'), httpOnly: false });
  return new Response(null, { status: 204, headers });
}

/** The product's session cookies (and the login-policy mark), taken away from the browser. */
function clearSessionCookies(headers: Headers, attributes: { secure: boolean; httpOnly: boolean }) {
  for (const name of [SESSION_COOKIE, PAYWALL_SESSION_COOKIE, LOGIN_POLICY_COOKIE])
    headers.append('set-cookie', clearCookieHeader(name, attributes));
}
