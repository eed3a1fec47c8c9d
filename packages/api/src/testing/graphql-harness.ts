import { parseServerEnv } from '@bof/config/server';
import type { DatabaseHandle } from '@bof/db/client';
import { accounts } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import type { Viewer } from '../auth/viewer';
import type { Platform } from '../platform/platform';
import type { MailMessage } from '../modules/email-change/email-change-mail';
import { seedList } from '../platform/seed-list';
import { runSeeds } from '../platform/seeds';
import { createServices, type ServicePorts } from '../services';
import { createGraphQLHandler, GRAPHQL_ENDPOINT, type GraphQLHandlerOptions } from '../yoga';

const VIEWER_HEADER = 'x-test-viewer';

export interface GraphQLResponseBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * The GraphQL endpoint in-process over a fresh, seeded test database and the product's services, built
 * by the composition root as the server builds them. Its viewer resolver is a fake: a request carries its
 * viewer in a test-only header (see `post`). E-mails are kept in `sent`.
 */
export async function createGraphQLHarness(
  options: Partial<Omit<GraphQLHandlerOptions, 'resolveViewer' | 'services'>> & {
    /** The services' outside ports, made over the test database (an identity server on it, say). */
    ports?: (platform: Platform) => Partial<ServicePorts>;
  } = {},
) {
  const { ports, ...handlerOptions } = options;
  const database: DatabaseHandle = await createTestDatabase();
  await runSeeds(database.db, seedList, () => undefined);
  const platform = { env: parseServerEnv({}), db: database.db, database };
  const sent: MailMessage[] = [];
  const services = await createServices(platform, {
    courier: { send: async (message) => void sent.push(message) },
    ...ports?.(platform),
  });
  const handlerFor = (production: boolean) =>
    createGraphQLHandler({
      production,
      ...handlerOptions,
      services: async () => services,
      resolveViewer: async (request) => {
        const header = request.headers.get(VIEWER_HEADER);
        return header ? (JSON.parse(header) as Viewer) : null;
      },
    });
  const handler = handlerFor(options.production ?? false);
  const url = `http://localhost${GRAPHQL_ENDPOINT}`;

  return {
    platform,
    services,
    sent,
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
    close: () => services.close(),
  };
}

export type GraphQLHarness = Awaited<ReturnType<typeof createGraphQLHarness>>;
