import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { Viewer } from '../auth/viewer';
import { seedList } from '../platform/seed-list';
import { runSeeds } from '../platform/seeds';
import { createGraphQLHandler, GRAPHQL_ENDPOINT, type GraphQLHandlerOptions } from '../yoga';

const VIEWER_HEADER = 'x-test-viewer';

export interface GraphQLResponseBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * The GraphQL endpoint in-process over a fresh, seeded test database, for integration tests. Its
 * viewer resolver is a fake: a request carries its viewer in a test-only header (see `post`).
 */
export async function createGraphQLHarness(
  options: Partial<Omit<GraphQLHandlerOptions, 'resolveViewer' | 'platform'>> = {},
) {
  const database: DatabaseHandle = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  const platform = { env: parseServerEnv({}), db: database.db, database };
  const handlerFor = (production: boolean) =>
    createGraphQLHandler({
      production,
      ...options,
      platform: async () => platform,
      resolveViewer: async (request) => {
        const header = request.headers.get(VIEWER_HEADER);
        return header ? (JSON.parse(header) as Viewer) : null;
      },
    });
  const handler = handlerFor(options.production ?? false);
  const url = `http://localhost${GRAPHQL_ENDPOINT}`;

  return {
    platform,
    database,
    db: database.db,
    handler,
    handlerFor,
    url,
    /** POSTs an operation as JSON, as the given viewer (anonymous when omitted). */
    async post(
      query: string,
      variables: Record<string, unknown> = {},
      viewer: Viewer | null = null,
    ): Promise<{ status: number; body: GraphQLResponseBody }> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (viewer) headers[VIEWER_HEADER] = JSON.stringify(viewer);
      const response = await handler(
        new Request(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
      );
      return { status: response.status, body: (await response.json()) as GraphQLResponseBody };
    },
    /** Creates the account a session token would name, and returns its viewer. */
    async signIn(userId: string, overrides: Partial<Viewer> = {}): Promise<Viewer> {
      const email = `${userId}@example.org`;
      await database.db
        .insert(accounts)
        .values({ userId, email, firstSessionId: `session-${userId}` })
        .onConflictDoNothing();
      return {
        userId,
        email,
        membershipLevel: 'None',
        membershipType: 'None',
        isBofAdmin: false,
        isFirstLogin: false,
        unclaimedMembershipAccountId: null,
        isChallenged: false,
        isUserDataComplete: false,
        ...overrides,
      };
    },
    close: () => database.close(),
  };
}

export type GraphQLHarness = Awaited<ReturnType<typeof createGraphQLHarness>>;
