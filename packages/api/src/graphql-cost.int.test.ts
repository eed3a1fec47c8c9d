import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@bof/http/client-ip';
import { parse } from 'graphql';
import { documentCost, MAX_PAGE } from './http/graphql-cost';
import { GRAPHQL_LIMITS } from './http/graphql-limits';
import { schema } from './schema';
import { checkHealth } from './platform/health';
import { createGraphQLHarness, type GraphQLHarness } from './testing/graphql-harness';
import { createGraphQLHandler } from './yoga';

// The costly-query attack: every topic's first story page, fifteen times over, by an anonymous client.
// It used to pass the cost limit and hold the embedded database for most of a second; eight at once held
// the health check for 15 s.
const ATTACK = `{ ${Array.from({ length: 15 }, (_, i) => `t${i}: topics { stories(page: 1) { __typename } }`).join(' ')} }`;

let harness: GraphQLHarness;

beforeAll(async () => {
  harness = await createGraphQLHarness({ production: true });
});
afterAll(async () => {
  await harness?.close();
});

/** An anonymous POST from `address`, through `handler` (the harness's production endpoint by default). */
const post = (query: string, address = '203.0.113.7', handler = harness.handler) =>
  handler(
    new Request(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: address },
      body: JSON.stringify({ query }),
    }),
  );

type Body = { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
const codesOf = async (response: Response) =>
  ((await response.json()) as Body).errors?.map((error) => error.extensions?.code) ?? [];

describe('GraphQL cost', () => {
  it('refuses the fifteen-alias topics attack before it runs (400 QUERY_TOO_COSTLY)', async () => {
    expect(ATTACK.length).toBeLessThan(800);
    const response = await post(ATTACK);
    expect(response.status).toBe(400);
    expect(await codesOf(response)).toEqual(['QUERY_TOO_COSTLY']);
  });

  it('still answers one pass over every topic (the limit is not refusing everything)', async () => {
    // Unhurried: this shows the cost limit lets it through, whatever the load on the test machine.
    const patient = createGraphQLHandler({
      production: true,
      services: async () => harness.services,
      resolveViewer: async () => null,
      limits: { maxExecutionMs: 60_000 },
    });
    const response = await post('{ topics { stories(page: 1) { __typename } } }', '203.0.113.8', patient);
    const body = (await response.json()) as Body & { data: { topics: unknown[] } };
    expect(response.status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data.topics.length).toBeGreaterThan(0);
  });

  it('answers the health check within 100 ms while the attack is sent, eight at a time', async () => {
    let answered = 0;
    let sending = true;
    const attacker = async (index: number) => {
      while (sending) {
        const response = await post(ATTACK, `198.51.100.${index}`);
        expect(response.status).toBe(400);
        answered += 1;
        // A refusal needs no I/O: yield, or this loop would starve the probes' timers.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const attackers = Array.from({ length: 8 }, (_, index) => attacker(index));
    const latencies: number[] = [];
    for (let probe = 0; probe < 20; probe += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const started = performance.now();
      const report = await checkHealth(async () => harness.platform);
      latencies.push(performance.now() - started);
      expect(report.status).toBe('ok');
    }
    sending = false;
    await Promise.all(attackers);
    // The attack was answered (refused) over and over while the probes ran.
    expect(answered).toBeGreaterThan(100);
    // Within 100 ms (the median, so one probe delayed by a busy shared test machine does not decide),
    // and never near the 15 s the attack used to cause.
    const sorted = [...latencies].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
    expect(sorted.at(-1)).toBeLessThan(1000);
  });

  it('limits the expensive operations one anonymous client may run a minute (429 RATE_LIMITED)', async () => {
    const handler = createGraphQLHandler({
      production: true,
      services: async () => harness.services,
      resolveViewer: async () => null,
      limits: { expensivePerMinute: 3 },
    });
    // One whole reference list: about 1,650, over the 1,000 that makes an operation expensive.
    const list = '{ countries(first: 300) { ... on CountryConnection { edges { node { key title } } } } }';
    for (let run = 0; run < 3; run += 1) expect((await post(list, '192.0.2.1', handler)).status).toBe(200);
    const refused = await post(list, '192.0.2.1', handler);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await codesOf(refused)).toEqual(['RATE_LIMITED']);
    // Another address, and cheap queries from the same one, are not limited.
    expect((await post(list, '192.0.2.2', handler)).status).toBe(200);
    expect((await post('{ siteInfo { __typename } }', '192.0.2.1', handler)).status).toBe(200);
  });

  it('counts a variable page size at the most the field allows, or at the largest page when it says none', () => {
    const search = (first: string) =>
      parse(`query ($first: Int) { search(query: "resale", first: ${first}) {
        ... on SearchResults { results { title highlights { text matched } } } } }`);
    // search declares 50 results at most: a variable costs what `first: 50` costs, not 300 results.
    expect(documentCost(schema, search('$first'))).toBe(documentCost(schema, search('50')));
    expect(documentCost(schema, search('$first'))).toBeLessThan(GRAPHQL_LIMITS.maxCost);
    expect(documentCost(schema, search('$first'))).toBeLessThan(
      documentCost(schema, search(String(MAX_PAGE))),
    );
    // A list declaring no bound still counts a variable at the largest page.
    const countries = (first: string) =>
      parse(`query ($first: Int) { countries(first: ${first}) {
        ... on CountryConnection { edges { node { key title } } } } }`);
    expect(documentCost(schema, countries('$first'))).toBe(documentCost(schema, countries(String(MAX_PAGE))));
  });

  it(`stops a query after ${GRAPHQL_LIMITS.maxExecutionMs} ms (here 1 ms): 503 QUERY_TIME_EXCEEDED`, async () => {
    const handler = createGraphQLHandler({
      production: true,
      services: async () => harness.services,
      resolveViewer: async () => null,
      limits: { maxExecutionMs: 1 },
    });
    const response = await post(
      '{ a: topics { stories(page: 1) { __typename } } b: topics { name } }',
      '192.0.2.9',
      handler,
    );
    expect(response.status).toBe(503);
    expect(await codesOf(response)).toEqual(['QUERY_TIME_EXCEEDED']);
  });

  it('answers a syntax error 400 GRAPHQL_PARSE_FAILED, by POST and by GET', async () => {
    const posted = await post('{ topics { ');
    expect(posted.status).toBe(400);
    expect(await codesOf(posted)).toEqual(['GRAPHQL_PARSE_FAILED']);
    const got = await harness.handler(
      new Request(`${harness.url}?query=${encodeURIComponent('{ topics {')}`),
    );
    expect(got.status).toBe(400);
    expect(await codesOf(got)).toEqual(['GRAPHQL_PARSE_FAILED']);
  });

  it('answers GET variables or extensions that are not JSON 400 BAD_REQUEST', async () => {
    for (const param of ['variables=%5B', 'extensions=%7B%22a']) {
      const got = await harness.handler(new Request(`${harness.url}?query=%7B__typename%7D&${param}`));
      expect(got.status).toBe(400);
      expect(await codesOf(got)).toEqual(['BAD_REQUEST']);
    }
  });
});
