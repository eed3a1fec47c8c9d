import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveServices } from '@bof/api/running-services';
import { verifyPaywallSession } from '@bof/paywall/paywall-token';
import { identitySession as browserSession } from '../../../../server/testing/identity-browser';
import { startProduct, type StartedProduct } from '../../../../server/testing/start-product';
import { DELETE, POST } from './route';

// The product auth endpoint as the browser calls it, over a real identity server in-process: the
// endpoint's identity port makes its real HTTP calls (whoami, sessions), answered by the built-in
// Kratos-compatible server of the http site.

const SPEC_CLAIMS = [
  'user_id',
  'email',
  'membership_level',
  'membership_type',
  'is_bof_admin',
  'is_first_login',
  'unclaimed_membership_account_id',
  'is_challenged',
  'is_user_data_complete',
  'exp',
].sort();

let identityDown = false;
const sites: Record<'http' | 'https', StartedProduct> = {} as never;

/** The product for a site at `siteUrl`, asking its identity provider over HTTP, as a site whose provider is elsewhere does. */
const productAt = (siteUrl: string) =>
  startProduct({
    env: { SITE_URL: siteUrl },
    identity: { rateLimits: { perIp: 10_000, perIdentifier: 1000 } },
    ports: { identityPublic: undefined },
  });

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const base = Object.values(sites)
      .map((site) => site.services.env.identityBaseUrl)
      .find((b) => url.startsWith(`${b}/`));
    if (!base) return realFetch(input, init);
    if (identityDown) throw new TypeError('fetch failed');
    // Both sites' identity calls reach the http site's identity server, as if it were mounted at each.
    const rewritten = url.replace(base, sites.http.services.env.identityBaseUrl);
    return identity(new Request(rewritten, init));
  });
  // Started after fetch is stubbed: the session module's identity port calls the identity server through it.
  sites.http = await productAt('http://localhost:3120');
  sites.https = await productAt('https://www.example.org');
});
afterEach(() => {
  identityDown = false;
});
afterAll(async () => {
  vi.unstubAllGlobals();
  for (const site of Object.values(sites)) await site.close();
});

const use = (site: keyof typeof sites) => serveServices(Promise.resolve(sites[site].services));
const identity = (request: Request) => sites.http.identity.mounted.server.fetch(request);

/** A browser's identity session: registers with a password (or signs in again), returning its cookie. */
async function identitySession(email: string, mode: 'registration' | 'login' = 'registration') {
  return (await browserSession(identity, sites.http.services.env.identityBaseUrl, email, mode)).cookie;
}

function call(
  options: {
    cookie?: string;
    origin?: string | null;
    body?: string | Uint8Array<ArrayBuffer>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers = new Headers({ 'content-type': 'application/json', ...options.headers });
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.origin !== null) headers.set('origin', options.origin ?? 'http://localhost:3120');
  return POST(
    new Request('http://localhost:3120/api/auth/token/', {
      method: 'POST',
      headers,
      body:
        options.body ?? JSON.stringify({ castleRequestToken: null, currentUrl: 'http://localhost:3120/' }),
    }),
  );
}

/** The response's Set-Cookie headers by cookie name: value and attributes (lower-cased names). */
function setCookies(response: Response) {
  const cookies = new Map<string, { value: string; attributes: Record<string, string | true> }>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';').map((p) => p.trim());
    const eq = pair!.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attribute of rest) {
      const [key, ...value] = attribute.split('=');
      attributes[key!.toLowerCase()] = value.length ? value.join('=') : true;
    }
    cookies.set(pair!.slice(0, eq), { value: decodeURIComponent(pair!.slice(eq + 1)), attributes });
  }
  return cookies;
}

describe('POST /api/auth/token/', () => {
  it('signs a reader in: bof_session carries exactly the spec §3 claims, with the paywall cookie', async () => {
    use('http');
    const email = `claims-${Date.now()}@example.org`;
    const cookie = await identitySession(email);
    const before = Math.floor(Date.now() / 1000);
    const response = await call({ cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookies = setCookies(response);
    const session = cookies.get('bof_session')!;
    const claims = decodeJwt(session.value);
    expect(Object.keys(claims).sort()).toEqual(SPEC_CLAIMS);
    expect(claims).toMatchObject({
      email,
      membership_level: 'None',
      membership_type: 'None',
      is_bof_admin: false,
      is_first_login: true,
      unclaimed_membership_account_id: null,
      is_challenged: false,
      is_user_data_complete: false,
    });
    expect(claims.exp! - before).toBeGreaterThanOrEqual(900);
    expect(claims.exp! - before).toBeLessThanOrEqual(901);
    expect(decodeProtectedHeader(session.value)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    // The server trusts what it signed, and only that.
    const module = sites.http.services.sessions;
    expect(await module.verify(session.value, new Date())).toMatchObject({ email });

    const paywall = cookies.get('bof_paywall_session')!;
    expect(
      await verifyPaywallSession(paywall.value, module.paywallSecret, {
        purpose: 'paywall-session',
        userId: String(claims.user_id),
      }),
    ).toMatchObject({ sid: expect.any(String), uid: claims.user_id });
    for (const { attributes } of [session, paywall]) {
      // Script-readable (spec §4: the browser reads both), site-wide, as long as the token lives.
      expect(attributes).toEqual({ path: '/', 'max-age': '900', samesite: 'Lax' });
    }
    expect(cookies.get('bof_login_policy')?.attributes['max-age']).toBe('0');
  });

  it('marks the cookies Secure on an https site', async () => {
    use('https');
    const cookie = await identitySession(`secure-${Date.now()}@example.org`);
    const response = await call({ cookie, origin: 'https://www.example.org' });
    const cookies = setCookies(response);
    expect(cookies.get('bof_session')?.attributes.secure).toBe(true);
    expect(cookies.get('bof_paywall_session')?.attributes.secure).toBe(true);
    use('http');
  });

  it.each([
    ['no identity session', undefined],
    ['an unknown identity session', 'ory_kratos_session=forged'],
    ['only stale product cookies', 'bof_session=eyJ.x.y; bof_paywall_session=old'],
  ])('clears both cookies with %s', async (_, cookie) => {
    use('http');
    const response = await call({ cookie });
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    for (const name of ['bof_session', 'bof_paywall_session', 'bof_login_policy']) {
      expect(cookies.get(name)).toEqual({
        value: '',
        attributes: { path: '/', 'max-age': '0', samesite: 'Lax' },
      });
    }
  });

  it('signs a reader out once the identity session has ended', async () => {
    use('http');
    const cookie = await identitySession(`ended-${Date.now()}@example.org`);
    expect(setCookies(await call({ cookie })).get('bof_session')?.value).toMatch(/^ey/);
    const base = sites.http.services.env.identityBaseUrl;
    const logout = (await (
      await identity(
        new Request(`${base}/self-service/logout/browser`, {
          headers: { cookie, accept: 'application/json' },
        }),
      )
    ).json()) as { logout_token: string };
    await identity(
      new Request(`${base}/self-service/logout?token=${logout.logout_token}`, {
        headers: { cookie, accept: 'application/json' },
      }),
    );
    expect((await identity(new Request(`${base}/sessions/whoami`, { headers: { cookie } }))).status).toBe(
      401,
    );
    expect(setCookies(await call({ cookie })).get('bof_session')).toMatchObject({ value: '' });
  });

  it('marks a fourth concurrent session for the login-policy warning (default 3)', async () => {
    use('http');
    const email = `policy-${Date.now()}@example.org`;
    const first = await identitySession(email);
    expect(setCookies(await call({ cookie: first })).get('bof_login_policy')?.attributes['max-age']).toBe(
      '0',
    );
    await identitySession(email, 'login');
    const third = await identitySession(email, 'login');
    expect(setCookies(await call({ cookie: third })).get('bof_login_policy')?.value).toBe('');
    const fourth = await identitySession(email, 'login');
    const mark = setCookies(await call({ cookie: fourth })).get('bof_login_policy');
    expect(mark?.value).not.toBe('');
    expect(mark?.attributes['max-age']).toBe('900');
  });

  it('refuses a request from another origin (403), setting nothing', async () => {
    use('http');
    const response = await call({ origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden_origin');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('accepts a same-origin request without an Origin header', async () => {
    use('http');
    expect((await call({ origin: null })).status).toBe(200);
  });

  it.each([
    ['a body that is not JSON', '{castleRequestToken', 'invalid_json'],
    ['a body of the wrong shape', JSON.stringify({ castleRequestToken: 42 }), 'invalid_body'],
    ['a JSON array', '[]', 'invalid_body'],
    [
      'an over-long currentUrl',
      JSON.stringify({ currentUrl: `https://x/${'a'.repeat(5000)}` }),
      'invalid_body',
    ],
  ])('answers 400 to %s', async (_, body, code) => {
    use('http');
    const response = await call({ body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers 413 to a body over 16 KB, declared or not', async () => {
    use('http');
    const big = JSON.stringify({ castleRequestToken: 'x'.repeat(20_000) });
    const declared = await call({ body: big, headers: { 'content-length': String(big.length) } });
    expect(declared.status).toBe(413);
    const streamed = await call({ body: new TextEncoder().encode(big) });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: { code: string } }).error.code).toBe('body_too_large');
  });

  it('answers 503 when the identity provider cannot be reached, leaving the cookies alone', async () => {
    use('http');
    const cookie = await identitySession(`down-${Date.now()}@example.org`);
    identityDown = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await call({ cookie: `${cookie}; bof_session=keep; bof_paywall_session=keep` });
    expect(logged).toHaveBeenCalledWith(
      'Session refresh failed',
      expect.objectContaining({ code: 'identity_unavailable' }),
    );
    logged.mockRestore();
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('identity_unavailable');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe('DELETE /api/auth/token/ (sign-out)', () => {
  const end = (origin: string | null, cookie?: string) => {
    const headers = new Headers();
    if (origin) headers.set('origin', origin);
    if (cookie) headers.set('cookie', cookie);
    return DELETE(new Request('http://localhost:3120/api/auth/token/', { method: 'DELETE', headers }));
  };

  it('clears the product cookies on its answer, whatever the identity session', async () => {
    use('http');
    const cookie = await identitySession(`signing-out-${Date.now()}@example.org`);
    const signedIn = setCookies(await call({ cookie }));
    const browser = `${cookie}; bof_session=${signedIn.get('bof_session')!.value}`;
    const response = await end('http://localhost:3120', browser);
    expect(response.status).toBe(204);
    const cleared = setCookies(response);
    for (const name of ['bof_session', 'bof_paywall_session', 'bof_login_policy'])
      expect(cleared.get(name)).toMatchObject({ value: '', attributes: { 'max-age': '0', path: '/' } });
    expect((await end(null)).status).toBe(204);
  });

  it('refuses a request from another origin (403), clearing nothing', async () => {
    use('http');
    const response = await end('https://evil.example');
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
