import { POST } from '../../app/api/auth/token/route';

/**
 * Signs in to the product as the browser does once it holds an identity session: the auth endpoint
 * (POST /api/auth/token/) answers with `bof_session`. Returns the browser's cookie header with both.
 * The running services must have been handed over (serveServices).
 */
export async function signInToProduct(siteUrl: string, identityCookie: string): Promise<string> {
  const response = await POST(
    new Request(`${siteUrl}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: identityCookie },
      body: JSON.stringify({ castleRequestToken: null, currentUrl: `${siteUrl}/` }),
    }),
  );
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('bof_session=') && pair !== 'bof_session=');
  if (!session) throw new Error(`the auth endpoint signed nobody in (${response.status})`);
  return `${identityCookie}; ${session}`;
}
