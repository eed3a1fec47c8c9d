import { afterEach, describe, expect, it, vi } from 'vitest';

const config = { appVersion: '8.57.0', appName: 'frontend' } as const;
const load = async () => {
  vi.resetModules();
  return (await import('./browser-graphql-client')).browserGraphQLClient;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the browser GraphQL client', () => {
  it('is one client per browser, whoever asks for it', async () => {
    vi.stubGlobal('window', {});
    const browserGraphQLClient = await load();
    const first = browserGraphQLClient({ config, onAuthError: async () => undefined });
    const second = browserGraphQLClient({ config, onAuthError: async () => undefined });
    expect(second).toBe(first);
  });

  it('refreshes the token through the latest auth store when a result says AuthError', async () => {
    vi.stubGlobal('window', {});
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ data: { viewer: { __typename: 'AuthError', message: 'Sign in.' } } }),
      ),
    );
    const browserGraphQLClient = await load();
    browserGraphQLClient({ config, onAuthError: async () => calls.push('old store') });
    const client = browserGraphQLClient({ config, onAuthError: async () => calls.push('current store') });
    const result = await client
      .query(
        'query { viewer { __typename ... on Error { message } } }',
        {},
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    expect(result.data).toEqual({ viewer: { __typename: 'AuthError', message: 'Sign in.' } });
    expect(calls).toEqual(['current store']);
  });

  it('is never shared while rendering on the server, where readers share the process', async () => {
    const browserGraphQLClient = await load();
    const one = browserGraphQLClient({ config, onAuthError: async () => undefined });
    const other = browserGraphQLClient({ config, onAuthError: async () => undefined });
    expect(other).not.toBe(one);
  });
});
