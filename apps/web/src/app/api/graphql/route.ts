import { getServerEnv } from '@bof/config/server';
import { createBillingMembershipRecords } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { createSessionViewerResolver } from '@bof/api/session-viewer';
import { createGraphQLHandler, isProductionEndpoint } from '@bof/api/yoga';

export const dynamic = 'force-dynamic';

const handler = createGraphQLHandler({
  // A production build is production, embedded or not: no introspection, suggestions or GraphiQL.
  production: isProductionEndpoint(getServerEnv()),
  services: runningServices,
  membershipRecords: createBillingMembershipRecords(async () => (await runningServices()).billing),
  // The viewer is whoever the verified `bof_session` cookie names while its identity session lives;
  // anonymous otherwise, also when the identity provider cannot be asked.
  resolveViewer: createSessionViewerResolver({
    signedIn: async (cookieHeader, now) =>
      (await runningServices()).sessions.signedIn(cookieHeader, now, 'refuse'),
  }),
});

export function GET(request: Request): Promise<Response> {
  return handler(request);
}

export function POST(request: Request): Promise<Response> {
  return handler(request);
}
