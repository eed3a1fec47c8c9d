import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TextBody } from '../read-json-body';
import { answerFailure } from '../fetch-bridge';
import type { CollectorAnswer, CollectorRequest, createCollectorHandlers } from './collector-handlers';

type CollectorHandlers = ReturnType<typeof createCollectorHandlers>;

/** The tracker's two addresses (with the site's trailing slash), as the route files under app/api/collector serve them. */
const POST_PATH = '/api/collector/com.snowplowanalytics.snowplow/tp2/';
const PIXEL_PATH = '/api/collector/i/';

const TOO_LARGE = {
  ok: false,
  status: 413,
  code: 'body_too_large',
  message: 'The request body is too large.',
} as const;

/**
 * A Node request's body as text, refused once it passes `maxBytes` (declared or as it arrives) without
 * reading further: the request stops flowing, and its answer closes the connection.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<TextBody> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve(TOO_LARGE);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        stop();
        req.pause();
        return resolve(TOO_LARGE);
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') });
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** A Node request as the collector reads it. */
export function nodeCollectorRequest(req: IncomingMessage): CollectorRequest {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return {
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    search: query === -1 || query === url.length - 1 ? '' : url.slice(query),
    readBody: (maxBytes) => readNodeBody(req, maxBytes),
  };
}

function writeCollectorAnswer(req: IncomingMessage, res: ServerResponse, answer: CollectorAnswer) {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
  // A body refused for its size is not read to its end: the connection closes after the answer (Node
  // would otherwise read and discard the rest, however long).
  const close = answer.status === 413 && !req.complete;
  res.writeHead(answer.status, {
    ...answer.headers,
    'content-length': body.byteLength,
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(body);
}

/**
 * Answers the tracker's POSTs and pixel GETs in the server itself, before Next.js: the collector is the
 * product's busiest address (every page view, scroll and click) and its handlers need nothing of the app
 * router, whose request handling costs several milliseconds of CPU per request (issue 26,
 * docs/benchmarks.md). The handlers are the route files' own, read here from the Node request itself, so
 * the answers are the same; any other method or address (an OPTIONS, a HEAD, the path without its slash)
 * goes on to Next.js as before.
 */
export function handleCollectorRequest(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: CollectorHandlers,
): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const answer =
    req.method === 'POST' && path === POST_PATH
      ? handlers.answers.post
      : req.method === 'GET' && path === PIXEL_PATH
        ? handlers.answers.pixel
        : null;
  if (!answer) return false;
  answer(nodeCollectorRequest(req)).then(
    (answered) => writeCollectorAnswer(req, res, answered),
    (error: unknown) => answerFailure(res, { label: 'The collector failed', body: FAILURE }, error),
  );
  return true;
}

const FAILURE = {
  error: { code: 'collector_failed', message: 'The events were not stored; send them again.' },
};
