const NO_STORE = 'private, no-cache, no-store, must-revalidate';

/** A JSON answer as Kratos gives it: never cached. */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': NO_STORE, ...headers },
  });

/** A 303 See Other, with cookies to set. */
export const redirect = (to: string, setCookies: string[] = []) => {
  const headers = new Headers({ location: to, 'cache-control': NO_STORE });
  for (const c of setCookies) headers.append('set-cookie', c);
  return new Response(null, { status: 303, headers });
};

export const withCookies = (response: Response, setCookies: string[]) => {
  for (const c of setCookies) response.headers.append('set-cookie', c);
  return response;
};
