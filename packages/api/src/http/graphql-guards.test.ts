import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { executionTimeLimit, QUERY_TIME_EXCEEDED } from './graphql-guards';

/** Lists of ten items whose details take `msEach` each; `started` names the details' fields begun. */
function slowListServer(maxMs: number, msEach: number) {
  const started: string[] = [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Item {
          name: String!
          detail: Detail
        }
        type Detail {
          more: String
        }
        type Query {
          items: [Item!]!
          other: [Item!]!
        }
        type Mutation {
          touch: Int!
        }
      `,
      resolvers: {
        Query: {
          items: () => {
            // Work that holds the thread (as the embedded database does) before the list's promise.
            const until = performance.now() + msEach;
            while (performance.now() < until);
            return Promise.resolve(Array.from({ length: 10 }, (_, i) => ({ name: `item ${i}` })));
          },
          other: async () => Array.from({ length: 10 }, (_, i) => ({ name: `other ${i}` })),
        },
        Item: {
          detail: async ({ name }: { name: string }) => {
            await wait(msEach);
            return { name };
          },
        },
        Detail: {
          more: ({ name }: { name: string }) => {
            started.push(name);
            return name;
          },
        },
        Mutation: {
          touch: async () => {
            await wait(msEach * 3);
            return started.push('touch');
          },
        },
      },
    }),
    plugins: [executionTimeLimit(maxMs)],
    maskedErrors: false,
  });
  const run = async (query: string) => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { errors?: { extensions?: { code?: string } }[] },
    };
  };
  return { run, started };
}

describe('executionTimeLimit', () => {
  it('starts no resolver once the time is up, answers 503 QUERY_TIME_EXCEEDED, and leaves no rejection unheard', async () => {
    const { run, started } = slowListServer(5, 20);
    // Every detail takes 20 ms, so the deadline passes before any detail's own field could start.
    const { status, body } = await run('{ items { detail { more } } other { detail { more } } }');
    expect(status).toBe(503);
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual([QUERY_TIME_EXCEEDED]);
    expect(started).toEqual([]);
    // Unhandled rejections would surface as errors of this test run (vitest fails on them).
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('lets a query within its time answer in full', async () => {
    const { run, started } = slowListServer(5_000, 1);
    const { status, body } = await run('{ items { name detail { more } } }');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(started).toHaveLength(10);
  });

  it('never cuts a mutation short', async () => {
    const { run } = slowListServer(1, 10);
    const { status, body } = await run('mutation { touch }');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { touch: 1 } });
  });
});
