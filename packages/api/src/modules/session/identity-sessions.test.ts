import { describe, expect, it } from 'vitest';
import {
  IdentityUnavailableError,
  createInProcessIdentitySessions,
  createKratosIdentitySessions,
} from './identity-sessions';

const port = (respond: (url: string, init?: RequestInit) => Response | Promise<Response>) => {
  const calls: { url: string; cookie: string | null }[] = [];
  const sessions = createKratosIdentitySessions({
    baseUrl: 'https://auth.example.org/',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), cookie: new Headers(init?.headers).get('cookie') });
      return respond(String(input), init);
    }) as typeof fetch,
  });
  return { sessions, calls };
};

const session = {
  id: 's1',
  active: true,
  identity: { id: 'i1', traits: { email: 'a@example.org', name: { first: 'A' } } },
};

describe('the Kratos identity-session port', () => {
  it('forwards the cookies to whoami and reads the session', async () => {
    const { sessions, calls } = port(() => Response.json(session));
    expect(await sessions.whoami('ory_kratos_session=abc')).toEqual({
      sessionId: 's1',
      identityId: 'i1',
      email: 'a@example.org',
      name: { first: 'A' },
      emailVerified: false,
    });
    expect(calls).toEqual([
      { url: 'https://auth.example.org/sessions/whoami', cookie: 'ory_kratos_session=abc' },
    ]);
  });

  it('says whether the sign-in address is verified (only a verified address of that value counts)', async () => {
    const withAddresses = (addresses: unknown) => ({
      ...session,
      identity: { ...session.identity, verifiable_addresses: addresses },
    });
    const read = async (addresses: unknown) =>
      (await port(() => Response.json(withAddresses(addresses))).sessions.whoami('x=1'))?.emailVerified;
    expect(await read([{ value: 'A@example.org', verified: true }])).toBe(true);
    expect(await read([{ value: 'a@example.org', verified: false }])).toBe(false);
    expect(await read([{ value: 'other@example.org', verified: true }])).toBe(false);
    expect(await read('not a list')).toBe(false);
  });

  it('ignores a malformed or blank name rather than refusing the session', async () => {
    const traits = (name: unknown) => ({
      ...session,
      identity: { id: 'i1', traits: { email: 'a@example.org', name } },
    });
    expect(await port(() => Response.json(traits(42))).sessions.whoami('x=1')).toEqual({
      sessionId: 's1',
      identityId: 'i1',
      email: 'a@example.org',
      emailVerified: false,
    });
    expect(
      await port(() => Response.json(traits({ first: '  ', last: ' Reader ' }))).sessions.whoami('x=1'),
    ).toMatchObject({ name: { last: 'Reader' } });
  });

  it('reads when the reader last signed in, for privileged changes', async () => {
    const at = '2026-03-01T09:45:00.123Z';
    expect(
      await port(() => Response.json({ ...session, authenticated_at: at })).sessions.whoami('x=1'),
    ).toMatchObject({ authenticatedAt: new Date(at) });
    expect(
      await port(() => Response.json({ ...session, authenticated_at: 'yesterday' })).sessions.whoami('x=1'),
    ).not.toHaveProperty('authenticatedAt');
  });

  it('reads 401, an inactive session and no cookies as no session', async () => {
    expect(await port(() => new Response(null, { status: 401 })).sessions.whoami('x=1')).toBe(null);
    expect(await port(() => Response.json({ ...session, active: false })).sessions.whoami('x=1')).toBe(null);
    const none = port(() => Response.json(session));
    expect(await none.sessions.whoami('')).toBe(null);
    expect(none.calls).toHaveLength(0);
  });

  it('fails closed when the provider errs or cannot be reached', async () => {
    await expect(
      port(() => new Response('oops', { status: 502 })).sessions.whoami('x=1'),
    ).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(
      port(() => {
        throw new TypeError('fetch failed');
      }).sessions.whoami('x=1'),
    ).rejects.toBeInstanceOf(IdentityUnavailableError);
  });

  it('counts the other sessions', async () => {
    const { sessions, calls } = port(() => Response.json([{ id: 'a' }, { id: 'b' }]));
    expect(await sessions.countOtherSessions('x=1', 4)).toBe(2);
    expect(calls[0]?.url).toBe('https://auth.example.org/sessions?page_size=4');
  });
});

describe('the in-process identity-session port', () => {
  const others = port(() => Response.json([{ id: 's2' }])).sessions;

  it('reads the same session from the same body as over the public API, parsing a body once', async () => {
    const bodies: string[] = [];
    const sessions = createInProcessIdentitySessions({
      whoami: async (cookie) => {
        bodies.push(cookie);
        return cookie.includes('abc') ? { body: JSON.stringify(session) } : null;
      },
      others,
    });
    const overApi = await port(() => Response.json(session)).sessions.whoami('ory_kratos_session=abc');
    const first = await sessions.whoami('ory_kratos_session=abc');
    expect(first).toEqual(overApi);
    expect(await sessions.whoami('ory_kratos_session=abc')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await sessions.whoami('ory_kratos_session=other')).toBeNull();
    expect(await sessions.whoami('')).toBeNull();
    expect(bodies).toEqual(['ory_kratos_session=abc', 'ory_kratos_session=abc', 'ory_kratos_session=other']);
    expect(await sessions.countOtherSessions('ory_kratos_session=abc', 5)).toBe(1);
  });

  it('reads an inactive session as none, and fails closed when the server throws', async () => {
    const inactive = createInProcessIdentitySessions({
      whoami: async () => ({ body: JSON.stringify({ ...session, active: false }) }),
      others,
    });
    expect(await inactive.whoami('ory_kratos_session=abc')).toBeNull();
    const failing = createInProcessIdentitySessions({
      whoami: () => Promise.reject(new Error('database gone')),
      others,
    });
    await expect(failing.whoami('ory_kratos_session=abc')).rejects.toBeInstanceOf(IdentityUnavailableError);
  });
});
