import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, jobLevels, userData } from '@bof/db/schema';
import { runSeeds } from '../../platform/seeds';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { REFERENCE_LISTS, REFERENCE_LIST_NAMES } from './reference-lists';
import { createReferenceRepo } from './reference.repo';
import { referenceListsSeed } from './reference.seed';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

interface Page {
  edges: { cursor: string; node: { id: string; key: string; title: string } }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
}

const page = async (query: string, args: string) => {
  const { body } = await harness.post(`{
    ${query}${args} {
      edges { cursor node { id key title } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }`);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data?.[query] as Page;
};

describe('the reference lists', () => {
  it.each(REFERENCE_LIST_NAMES)('%s pages the whole seeded list, in order', async (list) => {
    const result = await page(list, '(first: 300)');
    expect(result.edges.map((edge) => ({ key: edge.node.key, title: edge.node.title }))).toEqual(
      REFERENCE_LISTS[list].map((entry) => ({ key: entry.key, title: entry.title })),
    );
    expect(result.pageInfo.hasNextPage).toBe(false);
  });

  it('has every ISO 3166-1 country', async () => {
    const keys = (await page('countries', '(first: 300)')).edges.map((edge) => edge.node.key);
    expect(keys.length).toBeGreaterThanOrEqual(249);
    expect(keys).toEqual(
      expect.arrayContaining(['GB', 'FR', 'IT', 'US', 'CN', 'JP', 'IN', 'NG', 'BR', 'AQ']),
    );
  });

  it('pages forwards and backwards with cursors', async () => {
    const first = await page('jobLevels', '(first: 3)');
    expect(first.edges.map((e) => e.node.key)).toEqual(['student', 'intern', 'entry-level']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = await page('jobLevels', `(first: 3, after: "${first.pageInfo.endCursor}")`);
    expect(next.edges.map((e) => e.node.key)).toEqual(['associate', 'manager', 'senior-manager']);
    const back = await page('jobLevels', `(last: 2, before: "${next.pageInfo.startCursor}")`);
    expect(back.edges.map((e) => e.node.key)).toEqual(['intern', 'entry-level']);
    expect(back.pageInfo.hasPreviousPage).toBe(true);
  });

  it('refuses a cursor it did not make, naming the problem', async () => {
    const { body } = await harness.post('{ jobLevels(after: "bm90LWEtY3Vyc29y") { edges { cursor } } }');
    expect(body.errors?.[0]).toMatchObject({
      message: 'The paging cursor is not valid.',
      extensions: { code: 'invalid_cursor' },
    });
  });
});

describe('the reference seed', () => {
  it('is idempotent: a second run keeps the same rows and ids', async () => {
    const before = await harness.db.select().from(jobLevels).orderBy(asc(jobLevels.position));
    await referenceListsSeed.run(harness.db);
    const after = await harness.db.select().from(jobLevels).orderBy(asc(jobLevels.position));
    expect(after).toEqual(before);
  });

  it('follows a changed list: new order and titles, same ids, removed keys gone', async () => {
    const repo = createReferenceRepo(harness.db);
    const original = await harness.db.select().from(jobLevels);
    const idOf = (key: string) => original.find((row) => row.key === key)?.id;
    await repo.replace('jobLevels', [
      { key: 'director', title: 'Director (renamed)' },
      { key: 'student', title: 'Student' },
      { key: 'new-level', title: 'New level' },
    ]);
    const rows = await harness.db.select().from(jobLevels).orderBy(asc(jobLevels.position));
    expect(rows.map((row) => [row.key, row.title, row.position])).toEqual([
      ['director', 'Director (renamed)', 1],
      ['student', 'Student', 2],
      ['new-level', 'New level', 3],
    ]);
    expect(rows[0]?.id).toBe(idOf('director'));
    // Put the seeded list back for the other tests.
    await repo.replace('jobLevels', REFERENCE_LISTS.jobLevels);
  });

  it('refuses to drop a key that a reader still uses', async () => {
    await harness.db.insert(accounts).values({ userId: 'u1', email: 'u1@example.org', firstSessionId: 's' });
    await harness.db.insert(userData).values({ userId: 'u1', jobLevel: 'director' });
    const repo = createReferenceRepo(harness.db);
    await expect(repo.replace('jobLevels', [{ key: 'student', title: 'Student' }])).rejects.toThrow();
  });

  it('runs once per content version through runSeeds', async () => {
    let runs = 0;
    const counting = { ...referenceListsSeed, run: async () => void runs++ };
    await runSeeds(harness.db, [counting], () => undefined);
    expect(runs).toBe(0);
    await runSeeds(harness.db, [{ ...counting, version: 'another' }], () => undefined);
    expect(runs).toBe(1);
  });
});
