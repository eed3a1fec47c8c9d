import type { ServerEnv } from '@bof/config/server';
import { createBillingMembershipRecords } from '@bof/api/billing';
import { withOrganisationRecords } from '@bof/api/organisations';
import { runningServices } from '@bof/api/running-services';
import { createSessionViewerResolver } from '@bof/api/session-viewer';
import { createGraphQLHandler, isProductionEndpoint } from '@bof/api/yoga';
import { CLIENT_ADDRESS_HEADER, clientIp } from '@bof/http/client-ip';

/**
 * The process's GraphQL endpoint over the running services: answered by the server itself before
 * Next.js (server.ts, graphql-entry.ts), and by the route file when Next.js is asked directly.
 */
export const createProductGraphQLHandler = (env: ServerEnv) =>
  createGraphQLHandler({
    // A production build is production, embedded or not: no introspection, suggestions or GraphiQL.
    production: isProductionEndpoint(env),
    services: runningServices,
    // Billing's records, with the organisation accounts and seats of the organisations module.
    membershipRecords: withOrganisationRecords(
      createBillingMembershipRecords(async () => (await runningServices()).billing),
      async () => (await runningServices()).organisations,
    ),
    // The viewer is whoever the verified `bof_session` cookie names while its identity session lives;
    // anonymous otherwise, also when the identity provider cannot be asked.
    resolveViewer: createSessionViewerResolver({
      signedIn: async (cookieHeader, now) =>
        (await runningServices()).sessions.signedIn(cookieHeader, now, 'refuse'),
    }),
    // Costly anonymous queries are counted per client, read as the identity server reads it.
    clientAddress: (request) =>
      clientIp({
        socketAddress: request.headers.get(CLIENT_ADDRESS_HEADER),
        forwardedFor: request.headers.get('x-forwarded-for'),
        trustedProxies: env.identity.trustedProxies,
      }),
  });
