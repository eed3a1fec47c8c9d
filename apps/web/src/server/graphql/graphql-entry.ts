import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendFetchResponse, toFetchRequest } from '../fetch-bridge';

const GRAPHQL_PATH = '/api/graphql/';

/**
 * Answers GraphQL GETs and POSTs in the server itself, before Next.js: the endpoint needs nothing of the
 * app router, whose request handling cost more CPU than a cached query's whole execution (issue 26,
 * docs/benchmarks.md). The handler is the route file's own, so the answers are the same; any other method
 * or address (an OPTIONS, the path without its slash) goes on to Next.js as before.
 */
export function handleGraphQLRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: { handler: (request: Request) => Promise<Response>; origin: string },
): boolean {
  if (req.method !== 'GET' && req.method !== 'POST') return false;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if ((query === -1 ? url : url.slice(0, query)) !== GRAPHQL_PATH) return false;
  sendFetchResponse(
    deps.handler(toFetchRequest(req, deps.origin)),
    res,
    {
      label: 'The GraphQL endpoint failed',
      body: { errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
    },
    { acceptEncoding: String(req.headers['accept-encoding'] ?? '') },
  );
  return true;
}
