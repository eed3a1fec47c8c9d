import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

// The route as Next.js serves it, configured from the environment exactly as `npm start` and
// `npm run dev` configure it. Every request here is refused (or answered) before a resolver runs, so no
// database is opened.

const endpoint = 'http://localhost/api/graphql/';

async function routeUnder(env: Record<string, string>) {
  vi.resetModules();
  vi.stubEnv('DATA_DIR', mkdtempSync(path.join(tmpdir(), 'graphql-route-')));
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./route');
}

const post = (route: Awaited<ReturnType<typeof routeUnder>>, query: string) =>
  route.POST(
    new Request(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    }),
  );

const messagesOf = async (response: Response) =>
  ((await response.json()) as { errors?: { message: string }[] }).errors?.map((e) => e.message) ?? [];

const graphiql = (route: Awaited<ReturnType<typeof routeUnder>>) =>
  route.GET(new Request(endpoint, { headers: { accept: 'text/html' } }));

afterEach(() => {
  vi.unstubAllEnvs();
});

// Each case imports the route afresh (the whole schema is built again): seconds on a loaded machine.
describe('the /api/graphql/ route', { timeout: 30_000 }, () => {
  it.each([
    ['npm start (production build on the embedded defaults)', { NODE_ENV: 'production', EMBEDDED: '1' }],
    [
      'a production start on real services',
      {
        NODE_ENV: 'production',
        EMBEDDED: '0',
        SITE_URL: 'https://www.example.com',
        DATABASE_URL: 'postgres://bof@db.example.com/bof',
        IDENTITY_BASE_URL: 'https://id.example.com',
        AUTH_ENDPOINT_URL: 'https://www.example.com/api/auth/token/',
        CONSENT_BASE_URL: 'https://static.example.com/consent',
        STATIC_BASE_URL: 'https://static.example.com',
        SESSION_SIGNING_KEY: '-----BEGIN PRIVATE KEY-----\\nMIG\\n-----END PRIVATE KEY-----',
        PAYWALL_COOKIE_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://smtp.example.com:587',
        ANALYTICS_COLLECTOR_URL: 'https://collector.example.com',
        AD_PIXEL_ENABLED: '0',
        TAG_MANAGER_ENABLED: '0',
      },
    ],
  ])('in %s, hides the schema: no introspection, no suggestions, no GraphiQL', async (_name, env) => {
    const route = await routeUnder(env);
    expect(await messagesOf(await post(route, '{ __schema { queryType { name } } }'))).toEqual([
      expect.stringContaining('introspection has been disabled'),
    ]);
    expect(await messagesOf(await post(route, '{ __type(name: "Viewer") { name } }'))).toEqual([
      expect.stringContaining('introspection has been disabled'),
    ]);
    const suggestion = await messagesOf(await post(route, '{ siteInfo { nam } }'));
    expect(suggestion).toHaveLength(1);
    expect(suggestion[0]).toContain('Cannot query field "nam"');
    expect(suggestion[0]).not.toContain('Did you mean');
    const page = await graphiql(route);
    expect(page.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(await page.text()).not.toMatch(/graphiql/i);
  });

  it('in development (npm run dev), lets developers read the schema', async () => {
    const route = await routeUnder({ NODE_ENV: 'development' });
    // Introspection executes, so the request needs the services; reading the schema touches none of them.
    const { serveServices, stopServices } = await import('@bof/api/running-services');
    const { parseServerEnv } = await import('@bof/config/server');
    serveServices(
      Promise.resolve({
        env: parseServerEnv({}),
        // The context names the organisations module's role and seat readers; nothing here calls them.
        organisations: { roles: {}, records: () => ({}) },
        close: async () => undefined,
      } as never),
    );
    onTestFinished(() => stopServices());
    const introspection = (await (await post(route, '{ __schema { queryType { name } } }')).json()) as {
      data?: unknown;
    };
    expect(introspection.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await messagesOf(await post(route, '{ siteInfo { nam } }')))[0]).toContain('Did you mean');
    const page = await graphiql(route);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/graphiql/i);
  });
});
