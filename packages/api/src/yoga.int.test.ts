import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '@bof/config/server';
import { userData } from '@bof/db/schema';
import type { Viewer } from './auth/viewer';
import { GRAPHQL_LIMITS } from './http/graphql-limits';
import { createGraphQLHarness, type GraphQLHarness } from './testing/graphql-harness';
import { createGraphQLHandler, isProductionEndpoint } from './yoga';

// The endpoint as the site's route configures it under `npm start` (a production build on the embedded
// defaults): production mode from the environment, the real limits. Every refused request below is
// shown to have executed nothing: no request context was ever made (no resolver can run without one),
// and the mutations it carried wrote no row.

let harness: GraphQLHarness;
let contexts = 0;
let handler: (request: Request) => Promise<Response>;
const VIEWER_HEADER = 'x-test-viewer';

beforeAll(async () => {
  harness = await createGraphQLHarness();
  const env = parseServerEnv({ NODE_ENV: 'production', EMBEDDED: '1' });
  expect(isProductionEndpoint(env)).toBe(true);
  handler = createGraphQLHandler({
    production: isProductionEndpoint(env),
    services: async () => {
      contexts += 1;
      return harness.services;
    },
    resolveViewer: async (request) => {
      const header = request.headers.get(VIEWER_HEADER);
      return header ? (JSON.parse(header) as Viewer) : null;
    },
  });
});
afterAll(async () => {
  await harness?.close();
});
beforeEach(() => {
  contexts = 0;
});

let viewer: Viewer;
beforeAll(async () => {
  viewer = await harness.signIn('hardening-reader');
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [VIEWER_HEADER]: JSON.stringify(viewer), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

const errorsOf = async (response: Response) =>
  ((await response.json()) as { errors?: { message: string }[] }).errors?.map((e) => e.message) ?? [];

const UPDATE = 'updatePersonalDetails(input: { organisationTitle: "Flooded" }) { __typename }';

/** Nothing ran: no context was made, and no personal details were written. */
async function expectNothingExecuted() {
  expect(contexts).toBe(0);
  expect(await harness.db.select().from(userData)).toEqual([]);
}

/** A selection nested `depth` fields deep, the first levels real (front page → topic → stories). */
function nested(depth: number): string {
  const real = ['front', 'topicRails', 'topic', 'stories', 'stories', 'section'];
  const names = Array.from({ length: depth }, (_, i) => real[i] ?? `level${i + 1}`);
  return names.reduceRight((inner, name) => `${name} { ${inner} }`, 'name').replace('{ name }', '');
}

describe('the endpoint under the production configuration', () => {
  it('runs a mutation within every limit (the refusals below are not refusing everything)', async () => {
    const response = await post({ query: `mutation { ${UPDATE} }` });
    expect(await response.json()).toEqual({ data: { updatePersonalDetails: { __typename: 'UserData' } } });
    expect(contexts).toBe(1);
    await harness.db.delete(userData);
  });
});

describe('the endpoint refuses, executing nothing,', () => {
  it(`a document nested deeper than ${GRAPHQL_LIMITS.maxDepth} levels`, async () => {
    // At the limit the depth rule is silent (only the made-up levels are refused); one more and it speaks.
    const atLimit = await errorsOf(await post({ query: `{ ${nested(GRAPHQL_LIMITS.maxDepth)} }` }));
    expect(atLimit.some((m) => m.includes('depth limit'))).toBe(false);
    const over = await errorsOf(await post({ query: `{ ${nested(GRAPHQL_LIMITS.maxDepth + 1)} }` }));
    expect(over).toContainEqual(
      expect.stringContaining(`Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found 11`),
    );
    await expectNothingExecuted();
  });

  it(`more than ${GRAPHQL_LIMITS.maxAliases} aliases, and the mutations in them do not run`, async () => {
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: ${UPDATE}`).join('\n');
    const response = await post({ query: `mutation { ${aliases(GRAPHQL_LIMITS.maxAliases + 1)} }` });
    expect(await errorsOf(response)).toEqual([
      expect.stringContaining(`Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded`),
    ]);
    await expectNothingExecuted();
  });

  it(`a document of more than ${GRAPHQL_LIMITS.maxTokens} tokens, refused while parsing`, async () => {
    const padding = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => '__typename').join(' ');
    const response = await post({
      query: `mutation { updatePersonalDetails(input: { organisationTitle: "Tokens" }) { ${padding} } }`,
    });
    expect(await errorsOf(response)).toEqual([
      expect.stringContaining(`Token limit of ${GRAPHQL_LIMITS.maxTokens} exceeded`),
    ]);
    await expectNothingExecuted();
  });

  it(`a query costing more than ${GRAPHQL_LIMITS.maxCost}: three whole reference lists`, async () => {
    const list = (alias: string) =>
      `${alias}: countries(first: 300) { ... on CountryConnection { edges { cursor node { id key title } } } }`;
    const two = await post({ query: `{ ${list('a')} ${list('b')} }` });
    expect(((await two.json()) as { errors?: unknown }).errors).toBeUndefined();
    contexts = 0;
    const response = await post({ query: `{ ${list('a')} ${list('b')} ${list('c')} }` });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      expect.stringContaining(`over the limit of ${GRAPHQL_LIMITS.maxCost}`),
    ]);
    await expectNothingExecuted();
  });

  it('introspection: the schema and each type', async () => {
    for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Viewer") { name } }']) {
      const response = await post({ query });
      expect(await errorsOf(response)).toEqual([expect.stringContaining('introspection has been disabled')]);
    }
    await expectNothingExecuted();
  });

  it('field suggestions: a misspelt field is refused without naming the real one', async () => {
    const errors = await errorsOf(
      await post({ query: `mutation { updatePersonalDetail(input: {}) { __typename } }` }),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Cannot query field "updatePersonalDetail"');
    expect(errors[0]).not.toMatch(/did you mean|updatePersonalDetails/i);
    await expectNothingExecuted();
  });

  it('a mutation sent by GET', async () => {
    const url = `${harness.url}?query=${encodeURIComponent(`mutation { ${UPDATE} }`)}`;
    const response = await handler(
      new Request(url, { headers: { [VIEWER_HEADER]: JSON.stringify(viewer) } }),
    );
    expect(response.status).toBe(405);
    await expectNothingExecuted();
  });

  it(`a body over ${GRAPHQL_LIMITS.maxBodyBytes} bytes, by its Content-Length or while streaming`, async () => {
    const padding = ' '.repeat(GRAPHQL_LIMITS.maxBodyBytes);
    const declared = await post({ query: `mutation { ${UPDATE} }${padding}` });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ query: `mutation { ${UPDATE} }` })));
        for (let i = 0; i < 30; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(5000)));
        controller.close();
      },
    });
    const streamed = await handler(
      new Request(harness.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [VIEWER_HEADER]: JSON.stringify(viewer) },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    await expectNothingExecuted();
  });

  it('a body that is not JSON', async () => {
    const response = await post(`query=${encodeURIComponent(`mutation { ${UPDATE} }`)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    await expectNothingExecuted();
  });

  it('a JSON body that does not parse, or is not an object: 400', async () => {
    for (const body of ['{"query": "mutation {', 'null', '42', '"mutation { x }"']) {
      const response = await post(body);
      expect(response.status).toBe(400);
      const errors = ((await response.json()) as { errors: { extensions: { code: string } }[] }).errors;
      expect(errors.map((e) => e.extensions.code)).toEqual(['BAD_REQUEST']);
    }
    await expectNothingExecuted();
  });

  it('a refused document again (parse and validation are cached per document, the refusals too)', async () => {
    const padding = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => '__typename').join(' ');
    const tooLong = `mutation { updatePersonalDetails(input: { organisationTitle: "Tokens" }) { ${padding} } }`;
    const tooDeep = `{ ${nested(GRAPHQL_LIMITS.maxDepth + 1)} }`;
    for (let i = 0; i < 3; i++) {
      const long = await post({ query: tooLong });
      expect(long.status).toBe(400);
      expect(await errorsOf(long)).toEqual([expect.stringContaining('Token limit')]);
      expect(await errorsOf(await post({ query: tooDeep }))).toContainEqual(
        expect.stringContaining(`Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded`),
      );
    }
    await expectNothingExecuted();
  });

  it('a batch of operations', async () => {
    const response = await post([{ query: `mutation { ${UPDATE} }` }, { query: '{ siteInfo { url } }' }]);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await errorsOf(response)).not.toEqual([]);
    await expectNothingExecuted();
  });
});

describe('the endpoint in development', () => {
  it('lets developers introspect and suggests field names', async () => {
    const development = harness.handlerFor(false);
    const json = (query: string) =>
      new Request(harness.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    const introspection = await development(json('{ __schema { queryType { name } } }'));
    expect(((await introspection.json()) as { data: unknown }).data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
    expect((await errorsOf(await development(json('{ siteInfo { nam } }'))))[0]).toContain('Did you mean');
  });
});

describe('the endpoint', () => {
  it('answers a query by GET with the query in the URL', async () => {
    const response = await handler(
      new Request(`${harness.url}?query=${encodeURIComponent('{ siteInfo { deploymentId } }')}`),
    );
    expect(await response.json()).toEqual({ data: { siteInfo: { deploymentId: '8.57.0' } } });
  });

  it('says its answer depends on Accept, which picks its media type', async () => {
    const url = `${harness.url}?query=${encodeURIComponent('{ siteInfo { deploymentId } }')}`;
    const plain = await handler(new Request(url, { headers: { accept: 'application/json' } }));
    const graphql = await handler(
      new Request(url, { headers: { accept: 'application/graphql-response+json' } }),
    );
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(graphql.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    for (const response of [plain, graphql]) expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
  });

  it('masks unexpected errors', async () => {
    const broken = createGraphQLHandler({
      production: true,
      resolveViewer: async () => null,
      services: async () => ({
        ...harness.services,
        reference: {
          window: () => {
            throw new Error('connection to 10.0.0.5:5432 refused (password=hunter2)');
          },
        },
      }),
    });
    const response = await broken(
      new Request(harness.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: '{ jobLevels { ... on JobLevelConnection { edges { node { key } } } } }',
        }),
      }),
    );
    expect(await errorsOf(response)).toEqual(['Unexpected error.']);
  });
});
