import { getServerEnv } from '@bof/config/server';
import { createProductGraphQLHandler } from '../../../server/graphql/graphql-handler';

export const dynamic = 'force-dynamic';

const graphQLHandler = createProductGraphQLHandler(getServerEnv());

// The server answers /api/graphql/ itself before Next.js (server.ts); these serve it when Next.js is asked.
export function GET(request: Request): Promise<Response> {
  return graphQLHandler(request);
}

export function POST(request: Request): Promise<Response> {
  return graphQLHandler(request);
}
