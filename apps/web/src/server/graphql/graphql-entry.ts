import type { IncomingMessage, ServerResponse } from 'node:http';
import { isGraphQLJsonContentType } from '@bof/api/yoga';
import { SESSION_COOKIE } from '@bof/config/constants';
import { readCookie } from '@bof/http/cookies';
import { answerFailure, headersOf, sendFetchResponse, toFetchRequest, writeAnswer } from '../fetch-bridge';
import type { GraphQLAnswerCache, StoredAnswer } from './graphql-answer-cache';

const GRAPHQL_PATH = '/api/graphql/';

/** POST bodies up to this size are read before the handler, so their answers can be looked up. */
export const MAX_SHARED_BODY_BYTES = 16 * 1024;

/** The response header that says whether a shared answer was given (`hit`) or stored (`miss`). */
export const GRAPHQL_CACHE_HEADER = 'x-bof-graphql-cache';

const FAILURE = {
  label: 'The GraphQL endpoint failed',
  body: { errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
};

interface GraphQLEntryDeps {
  handler: ((request: Request) => Promise<Response>) & { isShareable?(request: Request): boolean };
  origin: string;
  /** Anonymous answers the handler says may be shared; without it every request runs its query. */
  answers?: GraphQLAnswerCache;
}

/**
 * Answers GraphQL GETs and POSTs in the server itself, before Next.js: the endpoint needs nothing of the
 * app router, whose request handling cost more CPU than a cached query's whole execution (issue 26,
 * docs/benchmarks.md). The handler is the route file's own, so the answers are the same; any other method
 * or address (an OPTIONS, the path without its slash) goes on to Next.js as before.
 *
 * A request without a session cookie (so anonymous whatever it says) is looked up in `answers` first, by
 * its method, address, Accept and Content-Type and (for a POST of at most MAX_SHARED_BODY_BYTES) its
 * body; a stored answer goes out as it was given. An answer the handler calls shareable is stored.
 */
export function handleGraphQLRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: GraphQLEntryDeps,
): boolean {
  if (req.method !== 'GET' && req.method !== 'POST') return false;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if ((query === -1 ? url : url.slice(0, query)) !== GRAPHQL_PATH) return false;
  const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
  if (
    deps.answers &&
    deps.handler.isShareable &&
    readCookie(req.headers.cookie, SESSION_COOKIE) === undefined
  ) {
    const shared = { answers: deps.answers, isShareable: deps.handler.isShareable };
    if (req.method === 'GET') {
      try {
        answerShared(req, res, deps, shared, keyOf(req, ''), undefined);
      } catch (error) {
        answerFailure(res, FAILURE, error);
      }
      return true;
    }
    const declared = Number(req.headers['content-length']);
    if (
      isGraphQLJsonContentType(String(req.headers['content-type'] ?? '')) &&
      Number.isInteger(declared) &&
      declared > 0 &&
      declared <= MAX_SHARED_BODY_BYTES
    ) {
      readBody(req, declared)
        .then((body) => answerShared(req, res, deps, shared, keyOf(req, body.toString('latin1')), body))
        .catch((error: unknown) => answerFailure(res, FAILURE, error));
      return true;
    }
  }
  sendFetchResponse(deps.handler(toFetchRequest(req, deps.origin)), res, FAILURE, { acceptEncoding });
  return true;
}

const keyOf = (req: IncomingMessage, body: string) =>
  `${req.method} ${req.url}\n${req.headers.accept ?? ''}\n${req.headers['content-type'] ?? ''}\n${body}`;

/** The body of a POST whose length is declared (Node's parser holds the client to it). */
function readBody(req: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= length) chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function answerShared(
  req: IncomingMessage,
  res: ServerResponse,
  deps: GraphQLEntryDeps,
  shared: { answers: GraphQLAnswerCache; isShareable(request: Request): boolean },
  key: string,
  body: Buffer | undefined,
) {
  const acceptEncoding = String(req.headers['accept-encoding'] ?? '');
  const { answers } = shared;
  const send = async (stored: StoredAnswer, how: 'hit' | 'miss') => {
    const answer = { ...stored, headers: [...stored.headers, [GRAPHQL_CACHE_HEADER, how] as const] };
    const gzipped = await writeAnswer(res, answer, acceptEncoding);
    if (gzipped) answers.setGzipped(key, stored, gzipped);
  };
  const stored = answers.get(key);
  if (stored) return void send(stored, 'hit').catch((error: unknown) => answerFailure(res, FAILURE, error));
  const begunAt = answers.begin();
  const request = toFetchRequest(req, deps.origin, body);
  deps
    .handler(request)
    .then(async (response) => {
      const answer = {
        status: response.status,
        headers: headersOf(response),
        cookies: response.headers.getSetCookie(),
        body: Buffer.from(await response.arrayBuffer()),
      };
      const storable =
        answer.status === 200 &&
        answer.cookies.length === 0 &&
        !response.headers.has('content-encoding') &&
        shared.isShareable(request) &&
        answers.set(key, answer, begunAt);
      const held = storable ? answers.get(key) : undefined;
      if (held) return send(held, 'miss');
      await writeAnswer(res, answer, acceptEncoding);
    })
    .catch((error: unknown) => answerFailure(res, FAILURE, error));
}
