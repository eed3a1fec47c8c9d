import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userData } from '@bof/db/schema';
import { createGraphQLHarness, type GraphQLHarness } from './testing/graphql-harness';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const json = (body: unknown, extra: RequestInit = {}) =>
  new Request(harness.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...extra,
  });

const errorsOf = async (response: Response) =>
  ((await response.json()) as { errors?: { message: string }[] }).errors?.map((e) => e.message) ?? [];

const UPDATE = 'updatePersonalDetails(input: { organisationTitle: "Flooded" }) { __typename }';

describe('the GraphQL endpoint refuses, before executing anything,', () => {
  it('a query deeper than the depth limit', async () => {
    const shallow = harness.handlerFor(false);
    const query = '{ jobLevels(first: 1) { edges { node { key } } } }'; // depth 4
    expect((await shallow(json({ query }))).status).toBe(200);
    const { createGraphQLHandler } = await import('./yoga');
    const strict = createGraphQLHandler({
      production: false,
      resolveViewer: async () => null,
      platform: async () => ({ env: {} as never, db: harness.db, database: harness.database }),
      limits: { maxDepth: 3 },
    });
    const refused = await strict(json({ query }));
    expect(await errorsOf(refused)).toEqual([expect.stringContaining('Query depth limit of 3 exceeded')]);
  });

  it('an alias flood, and the mutations in it do not run', async () => {
    const viewer = await harness.signIn('alias-flooder');
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: ${UPDATE}`).join('\n');
    const { body } = await harness.post(`mutation { ${aliases} }`, {}, viewer);
    expect(body.errors?.map((e) => e.message)).toEqual([
      expect.stringContaining('Aliases limit of 15 exceeded'),
    ]);
    expect(await harness.db.select().from(userData)).toEqual([]);
  });

  it('a document of too many tokens', async () => {
    const fields = Array.from({ length: 2500 }, () => 'name').join(' ');
    const response = await harness.handler(json({ query: `{ siteInfo { ${fields} } }` }));
    expect(await errorsOf(response)).toEqual([expect.stringContaining('Token limit of 2000 exceeded')]);
  });

  it('a query costing more than the cost limit', async () => {
    const query = `{ ${Array.from({ length: 3 }, (_, i) => `c${i}: countries(first: 300) { edges { cursor node { id key title } } }`).join(' ')} }`;
    const response = await harness.handler(json({ query }));
    expect(await errorsOf(response)).toEqual([expect.stringContaining('Query Cost limit of 12000 exceeded')]);
  });

  it('introspection in production (allowed in development)', async () => {
    const query = '{ __schema { queryType { name } } }';
    const development = await harness.handlerFor(false)(json({ query }));
    expect(((await development.json()) as { data: unknown }).data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
    const production = await harness.handlerFor(true)(json({ query }));
    expect(await errorsOf(production)).toEqual([expect.stringContaining('introspection has been disabled')]);
    const typeLookup = await harness.handlerFor(true)(json({ query: '{ __type(name: "Viewer") { name } }' }));
    expect(await errorsOf(typeLookup)).toEqual([expect.stringContaining('introspection has been disabled')]);
  });

  it('field suggestions in production', async () => {
    const query = '{ siteInfo { nam } }';
    const development = await errorsOf(await harness.handlerFor(false)(json({ query })));
    expect(development[0]).toContain('Did you mean');
    const production = await errorsOf(await harness.handlerFor(true)(json({ query })));
    expect(production).toHaveLength(1);
    expect(production[0]).not.toContain('Did you mean');
  });

  it('a mutation sent by GET, which changes nothing', async () => {
    const viewer = await harness.signIn('get-mutator');
    const url = `${harness.url}?query=${encodeURIComponent(`mutation { ${UPDATE} }`)}`;
    const response = await harness.handler(
      new Request(url, { headers: { 'x-test-viewer': JSON.stringify(viewer) } }),
    );
    expect(response.status).toBe(405);
    expect(await harness.db.select().from(userData)).toEqual([]);
  });

  it('a body over the size limit, by its Content-Length or while streaming', async () => {
    const padding = ' '.repeat(100_001);
    const declared = await harness.handler(json({ query: `{ siteInfo { name } }${padding}` }));
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 30; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(5000)));
        controller.close();
      },
    });
    const streamed = await harness.handler(
      new Request(harness.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it('a body that is not JSON', async () => {
    const response = await harness.handler(
      new Request(harness.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `query=${encodeURIComponent(`mutation { ${UPDATE} }`)}`,
      }),
    );
    expect(response.status).toBe(415);
  });

  it('a batch of operations', async () => {
    const response = await harness.handler(
      json([{ query: '{ siteInfo { name } }' }, { query: '{ siteInfo { url } }' }]),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await errorsOf(response)).not.toEqual([]);
  });
});

describe('the GraphQL endpoint', () => {
  it('answers a query by GET with the query in the URL', async () => {
    const response = await harness.handler(
      new Request(`${harness.url}?query=${encodeURIComponent('{ siteInfo { deploymentId } }')}`),
    );
    expect(await response.json()).toEqual({ data: { siteInfo: { deploymentId: '8.57.0' } } });
  });

  it('masks unexpected errors', async () => {
    const { createGraphQLHandler } = await import('./yoga');
    const broken = createGraphQLHandler({
      production: true,
      resolveViewer: async () => null,
      platform: async () => ({
        env: {} as never,
        db: {
          select: () => {
            throw new Error('connection to 10.0.0.5:5432 refused (password=hunter2)');
          },
        } as never,
        database: harness.database,
      }),
    });
    const response = await broken(json({ query: '{ jobLevels { edges { node { key } } } }' }));
    const errors = await errorsOf(response);
    expect(errors).toEqual(['Unexpected error.']);
  });
});
