import { getServerEnv } from '@bof/config/server';
import { createBillingMembershipRecords, getBillingModule } from '@bof/api/billing';
import { getPlatform } from '@bof/api/platform';
import { getSessionModule } from '@bof/api/session';
import { createSessionViewerResolver } from '@bof/api/session-viewer';
import { createGraphQLHandler, isProductionEndpoint } from '@bof/api/yoga';

export const dynamic = 'force-dynamic';

const handler = createGraphQLHandler({
  // A production build is production, embedded or not: no introspection, suggestions or GraphiQL.
  production: isProductionEndpoint(getServerEnv()),
  // The viewer is whoever the verified `bof_session` cookie names; anonymous otherwise.
  membershipRecords: createBillingMembershipRecords(async () => getBillingModule(await getPlatform())),
  resolveViewer: createSessionViewerResolver({
    verify: async (token, now) => (await getSessionModule(await getPlatform())).verify(token, now),
  }),
});

export function GET(request: Request): Promise<Response> {
  return handler(request);
}

export function POST(request: Request): Promise<Response> {
  return handler(request);
}
