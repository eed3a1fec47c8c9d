import { readSetCookie } from '@bof/http/cookies';
import type { IdentityServer } from '../identity-server';

/**
 * A browser stand-in for tests: sends requests to the identity server in-process, keeps its cookies,
 * does not follow redirects, and remembers the last answer (for schema checks).
 */
export function createCookieJarFetch(server: IdentityServer, options: { remoteAddress?: string } = {}) {
  const cookies = new Map<string, string>();
  const state = { last: undefined as { status: number; body: unknown; headers: Headers } | undefined };
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    // Like the product's identity client (and any SPA), ask for JSON rather than redirects.
    if (!headers.has('accept') || headers.get('accept') === '*/*') headers.set('accept', 'application/json');
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await server.fetch(new Request(request, { headers }), {
      remoteAddress: options.remoteAddress ?? '192.0.2.10',
    });
    for (const line of response.headers.getSetCookie()) {
      const { name, value, maxAge } = readSetCookie(line);
      if (maxAge === 0 || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    state.last = { status: response.status, body, headers: response.headers };
    return response;
  };
  return { fetch: fetchFn as typeof fetch, cookies, state };
}
