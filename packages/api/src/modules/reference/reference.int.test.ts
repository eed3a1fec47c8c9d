import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, jobLevels, userData } from '@bof/db/schema';
import { runSeeds } from '../../platform/seeds';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { REFERENCE_LISTS, REFERENCE_LIST_NAMES, type ReferenceListName } from './reference-lists';
import { REFERENCE_LIST_FIELDS } from './reference.graphql';
import { createReferenceRepo } from './reference.repo';
import { referenceListsSeed } from './reference.seed';

let harness: GraphQLHarness;
beforeAll(async () => {
  // One client pages every list here, far beyond what a person asks in a minute: the anonymous rate limit
  // on costly queries has its own test (graphql-cost.int.test.ts).
  harness = await createGraphQLHarness({ limits: { expensivePerMinute: Number.MAX_SAFE_INTEGER } });
});
afterAll(async () => {
  await harness?.close();
});

interface Edge {
  cursor: string;
  node: { id: string; key: string; title: string };
}
interface Page {
  __typename: string;
  edges: Edge[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
}
interface Refusal {
  __typename: 'ZodError';
  fieldErrors: { path: string[]; code: string; message: string }[];
}

const typeOf = (list: ReferenceListName) => REFERENCE_LIST_FIELDS.find((f) => f.query === list)!.type;

/** One page of `list` as a client asks for it, through the endpoint (anonymous: the lists are public). */
const ask = async (list: ReferenceListName, args: Record<string, unknown> = {}) => {
  const { body } = await harness.post(
    `query ($first: Int, $last: Int, $after: String, $before: String) {
      ${list}(first: $first, last: $last, after: $after, before: $before) {
        __typename
        ... on ${typeOf(list)}Connection {
          edges { cursor node { id key title } }
          pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        }
        ... on ZodError { fieldErrors { path code message } }
      }
    }`,
    args,
  );
  expect(body.errors).toBeUndefined();
  return body.data?.[list] as Page | Refusal;
};

const page = async (list: ReferenceListName, args: Record<string, unknown> = {}) => {
  const result = await ask(list, args);
  if (result.__typename === 'ZodError') throw new Error(JSON.stringify(result));
  return result as Page;
};

const refusal = async (list: ReferenceListName, args: Record<string, unknown>) => {
  const result = await ask(list, args);
  expect(result.__typename).toBe('ZodError');
  return (result as Refusal).fieldErrors.map((e) => `${e.path.join('.')}:${e.code}`).sort();
};

const keysOf = (list: ReferenceListName) => REFERENCE_LISTS[list].map((entry) => entry.key);

describe('each reference list', () => {
  it.each(REFERENCE_LIST_NAMES)('%s: pages the whole seeded list with id, key and title', async (list) => {
    const result = await page(list, { first: 300 });
    expect(result.__typename).toBe(`${typeOf(list)}Connection`);
    expect(result.edges.map((edge) => ({ key: edge.node.key, title: edge.node.title }))).toEqual(
      REFERENCE_LISTS[list].map((entry) => ({ key: entry.key, title: entry.title })),
    );
    for (const { node } of result.edges) expect(node.id).toMatch(/^\d+$/);
    expect(new Set(result.edges.map((edge) => edge.node.id)).size).toBe(result.edges.length);
    expect(result.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: result.edges[0]!.cursor,
      endCursor: result.edges.at(-1)!.cursor,
    });
  });

  it.each(REFERENCE_LIST_NAMES)('%s: a first page of 50 by default', async (list) => {
    const result = await page(list);
    const expected = keysOf(list).slice(0, 50);
    expect(result.edges.map((edge) => edge.node.key)).toEqual(expected);
    expect(result.pageInfo.hasNextPage).toBe(keysOf(list).length > 50);
    expect(result.pageInfo.hasPreviousPage).toBe(false);
  });

  it.each(REFERENCE_LIST_NAMES)('%s: walks forwards, then backwards, by cursors', async (list) => {
    const keys = keysOf(list);
    const size = Math.ceil(keys.length / 3);
    const forwards: Edge[] = [];
    let after: string | undefined;
    for (let round = 0; round < 5; round++) {
      const result = await page(list, { first: size, ...(after ? { after } : {}) });
      forwards.push(...result.edges);
      expect(result.pageInfo.hasPreviousPage).toBe(after !== undefined);
      after = result.pageInfo.endCursor;
      if (!result.pageInfo.hasNextPage) break;
    }
    expect(forwards.map((edge) => edge.node.key)).toEqual(keys);
    expect(new Set(forwards.map((edge) => edge.cursor)).size).toBe(keys.length);

    const backwards: Edge[] = [];
    let before: string | undefined;
    for (let round = 0; round < 5; round++) {
      const result = await page(list, { last: size, ...(before ? { before } : {}) });
      backwards.unshift(...result.edges);
      before = result.pageInfo.startCursor;
      if (!result.pageInfo.hasPreviousPage) break;
    }
    expect(backwards.map((edge) => edge.node.key)).toEqual(keys);
    // A cursor stands for its item wherever it was met.
    expect(backwards.map((edge) => edge.cursor)).toEqual(forwards.map((edge) => edge.cursor));
  });

  it.each(REFERENCE_LIST_NAMES)(
    '%s: refuses bad paging with a ZodError naming every argument at fault',
    async (list) => {
      expect(await refusal(list, { first: -1 })).toEqual(['first:too_small']);
      expect(await refusal(list, { last: 301 })).toEqual(['last:too_big']);
      expect(await refusal(list, { first: 2, last: 2 })).toEqual(['last:custom']);
      const forged = Buffer.from('position:-1').toString('base64url');
      expect(
        await refusal(list, { first: 1000, last: -5, after: 'bm90LWEtY3Vyc29y', before: forged }),
      ).toEqual(['after:custom', 'before:custom', 'first:too_big', 'last:custom', 'last:too_small']);
    },
  );
});

describe('the paging refusals', () => {
  it('say what to do, in words', async () => {
    const result = (await ask('jobLevels', { first: -1, last: 400, after: 'x' })) as Refusal;
    expect(result.fieldErrors).toEqual(
      expect.arrayContaining([
        { path: ['first'], code: 'too_small', message: '`first` cannot be negative.' },
        { path: ['last'], code: 'too_big', message: '`last` can be at most 300.' },
        {
          path: ['after'],
          code: 'custom',
          message: '`after` is not a cursor of this list: use a cursor it returned.',
        },
      ]),
    );
    const both = (await ask('jobLevels', { first: 1, last: 1 })) as Refusal;
    expect(both.fieldErrors).toEqual([
      { path: ['last'], code: 'custom', message: 'Give `first` or `last`, not both.' },
    ]);
  });

  it('has every ISO 3166-1 country', async () => {
    const keys = (await page('countries', { first: 300 })).edges.map((edge) => edge.node.key);
    expect(keys.length).toBeGreaterThanOrEqual(249);
    expect(keys).toEqual(
      expect.arrayContaining(['GB', 'FR', 'IT', 'US', 'CN', 'JP', 'IN', 'NG', 'BR', 'AQ']),
    );
  });

  it('pages jobLevels in their seniority order', async () => {
    const first = await page('jobLevels', { first: 3 });
    expect(first.edges.map((e) => e.node.key)).toEqual(['student', 'intern', 'entry-level']);
    const next = await page('jobLevels', { first: 3, after: first.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node.key)).toEqual(['associate', 'manager', 'senior-manager']);
    const back = await page('jobLevels', { last: 2, before: next.pageInfo.startCursor });
    expect(back.edges.map((e) => e.node.key)).toEqual(['intern', 'entry-level']);
    expect(back.pageInfo.hasPreviousPage).toBe(true);
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
