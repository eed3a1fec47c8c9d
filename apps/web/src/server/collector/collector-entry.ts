import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendFetchResponse, toFetchRequest } from '../fetch-bridge';
import type { createCollectorHandlers } from './collector-handlers';

type CollectorHandlers = ReturnType<typeof createCollectorHandlers>;

/** The tracker's two addresses (with the site's trailing slash), as the route files under app/api/collector serve them. */
const POST_PATH = '/api/collector/com.snowplowanalytics.snowplow/tp2/';
const PIXEL_PATH = '/api/collector/i/';

/**
 * Answers the tracker's POSTs and pixel GETs in the server itself, before Next.js: the collector is the
 * product's busiest address (every page view, scroll and click) and its handlers need nothing of the app
 * router, whose request handling costs several milliseconds of CPU per request (issue 26,
 * docs/benchmarks.md). The handlers are the route files' own, so the answers are the same; any other
 * method or address (an OPTIONS, a HEAD, the path without its slash) goes on to Next.js as before.
 */
export function handleCollectorRequest(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: CollectorHandlers,
): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const handler =
    req.method === 'POST' && path === POST_PATH
      ? handlers.post
      : req.method === 'GET' && path === PIXEL_PATH
        ? handlers.pixel
        : null;
  if (!handler) return false;
  // Only the path and query are read: the origin is a fixed one.
  sendFetchResponse(handler(toFetchRequest(req, 'http://collector')), res, {
    label: 'The collector failed',
    body: { error: { code: 'collector_failed', message: 'The events were not stored; send them again.' } },
  });
  return true;
}
