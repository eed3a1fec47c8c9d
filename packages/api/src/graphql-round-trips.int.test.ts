import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContentInto } from './modules/content/content.module';
import { memorySource } from './modules/content/content-source';
import { PAGE_SIZE } from './modules/content/content.service';
import { demoTaxonomy } from './modules/content/demo-edition';
import { syntheticCorpus } from './modules/content/synthetic-corpus';
import { createGraphQLHarness, type GraphQLHarness } from './testing/graphql-harness';

// Lists of 20 over the GraphQL endpoint in a bounded number of database round trips, counted at the
// database client (PGlite's `query`, or the PostgreSQL pool's), whatever the page holds.

let harness: GraphQLHarness;
let queries = 0;
let restore = () => undefined as void;

beforeAll(async () => {
  harness = await createGraphQLHarness({ production: true });
  // More stories than a page holds, in the demo edition's topics.
  const records = [...syntheticCorpus(150, demoTaxonomy())];
  await importContentInto(
    harness.db,
    memorySource(records.map((value, i) => ({ source: 'synthetic', record: i + 1, value }))),
  );
  const client = (harness.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    queries += 1;
    return original.apply(this, args);
  };
  restore = () => void (client.query = original);
});
afterAll(async () => {
  restore();
  await harness?.close();
});

/** The answer to `query` and how many statements it sent to the database. */
async function counted(query: string) {
  queries = 0;
  const { status, body } = await harness.post(query);
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  return { data: body.data as Record<string, unknown>, queries };
}

const STORY_FIELDS = `id slug headline standfirst url kind publishedAt section { slug name }
  topics { slug name } authors { slug name title role } image { url alt }`;

describe('a list of 20 over GraphQL', () => {
  it('countries(first: 20): the list read once per process, then none', async () => {
    const query = (after = '') =>
      `{ countries(first: 20${after}) { ... on CountryConnection { edges { cursor node { id key title } } pageInfo { hasNextPage endCursor } } } }`;
    // The first request of a process also loads the stories' access index once (a query of its own).
    const first = await counted(query());
    expect(first.queries).toBeLessThanOrEqual(2);
    const { data, queries } = await counted(query());
    const connection = data.countries as {
      edges: { node: { key: string } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
    expect(connection.edges).toHaveLength(20);
    expect(connection.pageInfo.hasNextPage).toBe(true);
    expect(queries).toBe(0);
    // The next page comes from memory too, and goes on where the first ended.
    const next = await counted(query(`, after: "${connection.pageInfo.endCursor}"`));
    expect(next.queries).toBe(0);
    const keys = (next.data.countries as { edges: { node: { key: string } }[] }).edges.map((e) => e.node.key);
    expect(keys).toHaveLength(20);
    expect(keys).not.toContain(connection.edges[19]!.node.key);
  });

  it("a topic's stories with their bylines and topics: the topic, then its page and size in one query", async () => {
    const topics = (await counted('{ topics { slug } }')).data.topics as { slug: string }[];
    let busiest: { slug: string; total: number } | undefined;
    for (const { slug } of topics.slice(0, 3)) {
      const { data } = await counted(`{ topic(slug: "${slug}") { stories { total } } }`);
      const total = (data.topic as { stories: { total: number } }).stories.total;
      if (!busiest || total > busiest.total) busiest = { slug, total };
    }
    expect(busiest!.total).toBeGreaterThan(PAGE_SIZE);

    const { data, queries } = await counted(
      `{ topic(slug: "${busiest!.slug}") { slug name stories { total page pageCount stories { ${STORY_FIELDS} } } } }`,
    );
    const page = (
      data.topic as {
        stories: {
          total: number;
          pageCount: number;
          stories: { topics: { slug: string }[]; authors: unknown[] }[];
        };
      }
    ).stories;
    expect(page.stories).toHaveLength(PAGE_SIZE);
    expect(page.total).toBe(busiest!.total);
    expect(page.pageCount).toBe(Math.ceil(busiest!.total / PAGE_SIZE));
    // Every story on a topic's page carries that topic, and its bylines came with it.
    for (const story of page.stories) expect(story.topics.map((t) => t.slug)).toContain(busiest!.slug);
    expect(page.stories.some((story) => story.authors.length > 0)).toBe(true);
    expect(queries).toBeLessThanOrEqual(3);
    expect(queries).toBe(2);
  });

  it('a page past the end: no stories, and the size still right (counted on its own)', async () => {
    const { data: first } = await counted('{ topics { slug } }');
    const slug = (first.topics as { slug: string }[])[0]!.slug;
    const { data, queries } = await counted(
      `{ topic(slug: "${slug}") { stories(page: 500) { total page stories { slug } } } }`,
    );
    const page = (data.topic as { stories: { total: number; stories: unknown[] } }).stories;
    expect(page.stories).toEqual([]);
    expect(page.total).toBeGreaterThan(0);
    expect(queries).toBe(3);
  });
});
