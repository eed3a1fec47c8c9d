import { readSetCookie } from '@bof/http/cookies';
/** Answers a request to the identity server's public API (its fetch handler, in-process). */
type IdentityFetch = (request: Request) => Promise<Response>;

/**
 * A browser's identity session, made through the identity server's browser flow as a browser would:
 * registers with a password (or signs in again with it), returning the `ory_kratos_session` cookie and
 * the identity's id.
 */
export async function identitySession(
  identity: IdentityFetch,
  base: string,
  email: string,
  mode: 'registration' | 'login' = 'registration',
): Promise<{ cookie: string; identityId: string }> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await identity(new Request(url, { ...init, headers }));
    for (const line of response.headers.getSetCookie()) {
      const { name, value } = readSetCookie(line);
      jar.set(name, value);
    }
    return (await response.json()) as Record<string, unknown>;
  };
  const flow = (await send(`${base}/self-service/${mode}/browser`)) as {
    id: string;
    ui: { nodes: { attributes: { name?: string; value?: string } }[] };
  };
  const csrf = flow.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  const credentials =
    mode === 'registration'
      ? { traits: { email, name: { first: 'Ada', last: 'Reader' } } }
      : { identifier: email };
  const done = (await send(`${base}/self-service/${mode}?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      method: 'password',
      password: 'velvet-runway-42',
      csrf_token: csrf,
      ...credentials,
    }),
  })) as { session?: { identity?: { id?: string } } };
  const token = jar.get('ory_kratos_session');
  const identityId = done.session?.identity?.id;
  if (!token || !identityId) throw new Error(`no identity session: ${JSON.stringify(done).slice(0, 300)}`);
  return { cookie: `ory_kratos_session=${token}`, identityId };
}
