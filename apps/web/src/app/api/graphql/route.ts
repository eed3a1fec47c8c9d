import { getServerEnv } from '@bof/config/server';
import { createGraphQLHandler } from '@bof/api/yoga';

export const dynamic = 'force-dynamic';

const handler = createGraphQLHandler({ production: !getServerEnv().embedded });

export function GET(request: Request): Promise<Response> {
  return handler(request);
}

export function POST(request: Request): Promise<Response> {
  return handler(request);
}
