import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import nock from 'nock';
import recurly from 'recurly';
import { RECURLY_API_VERSION } from './recurly-provider';

/** One HTTP exchange with Recurly's API: what the adapter must send, and what Recurly answered. */
export interface RecordedExchange {
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
    /** Path and query, as sent (`/accounts/code-acct-1/subscriptions?limit=200`). */
    path: string;
    /** Headers the request must carry (names in lower case), beyond the version and authorisation. */
    headers?: Record<string, string>;
    /** The JSON body the request must send; absent for none. */
    body?: unknown;
  };
  response: { status: number; body?: unknown };
}

export interface Recording {
  description: string;
  apiVersion: string;
  exchanges: RecordedExchange[];
}

export const RECORDINGS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'recordings');

export function loadRecording(name: string): Recording {
  const file = path.join(RECORDINGS_DIR, `${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Recording;
}

const require = createRequire(import.meta.url);
/** The client's own schema switch: in strict mode, casting refuses unknown fields and wrong types. */
const clientUtils = require('recurly/lib/recurly/utils.js') as { STRICT_MODE: boolean };

type Resource = { cast(value: unknown): unknown };
const resources = recurly as unknown as Record<string, Resource | undefined>;

const className = (object: string) =>
  object.replace(/_([a-z])/g, (g) => g[1]!.toUpperCase()).replace(/^\w/, (g) => g.toUpperCase());

/**
 * Checks a recorded answer against the client's generated v2021-02-25 schema, strictly: every field
 * must exist on the resource and hold the right kind of value. A recording that Recurly could not have
 * sent fails here, before any test runs on it.
 */
export function checkRecordedResponse(exchange: RecordedExchange, where: string): void {
  const body = exchange.response.body as Record<string, unknown> | undefined;
  if (body === undefined) return;
  const strict = clientUtils.STRICT_MODE;
  clientUtils.STRICT_MODE = true;
  try {
    if (exchange.response.status >= 400) {
      const error = body.error;
      if (!error || typeof error !== 'object') throw new Error('an error answer needs an "error" object');
      resources.ErrorMayHaveTransaction!.cast(error);
      return;
    }
    const object = body.object;
    if (typeof object !== 'string') throw new Error('a resource answer needs its "object" type');
    const resource = resources[className(object)];
    if (!resource) throw new Error(`the client knows no resource "${object}"`);
    resource.cast(body);
  } catch (error) {
    throw new Error(`${where}: not a Recurly ${RECURLY_API_VERSION} answer: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    clientUtils.STRICT_MODE = strict;
  }
}

function sameQuery(a: URLSearchParams, b: URLSearchParams) {
  const sorted = (q: URLSearchParams) => [...q.entries()].sort(([x], [y]) => x.localeCompare(y));
  return isDeepStrictEqual(sorted(a), sorted(b));
}

export interface Replay {
  /** Throws unless every request matched its recorded exchange, in order, and every exchange was used. */
  assertDone(): void;
  stop(): void;
}

/**
 * Replays a recording through the client's own HTTP layer: Node's `https` requests to Recurly's API host
 * are intercepted (nock), nothing reaches the network. Requests must arrive in the recorded order and
 * match method, path, query, body and the recorded headers; a request that does not is answered with an
 * error and reported by `assertDone`, so a test cannot pass on a disagreeing replay.
 */
export function replayRecording(recording: Recording, host = 'v3.recurly.com'): Replay {
  if (recording.apiVersion !== RECURLY_API_VERSION) {
    throw new Error(`recording for ${recording.apiVersion}; the adapter speaks ${RECURLY_API_VERSION}`);
  }
  recording.exchanges.forEach((exchange, i) => checkRecordedResponse(exchange, `exchange ${i + 1}`));
  const problems: string[] = [];
  let next = 0;
  nock.disableNetConnect();
  const scope = nock(`https://${host}`).persist();
  for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] as const) {
    scope
      .intercept(() => true, method)
      .reply(function (uri, requestBody) {
        const index = next++;
        const expected = recording.exchanges[index];
        const actual = `${method} ${uri}`;
        const refuse = (why: string) => {
          problems.push(`request ${index + 1} (${actual}): ${why}`);
          return [
            500,
            { error: { type: 'replay_mismatch', message: why } },
            { 'content-type': 'application/json' },
          ];
        };
        if (!expected) return refuse('no exchange left in the recording');
        const want = expected.request;
        const [wantPath, wantQuery = ''] = want.path.split('?');
        const [gotPath, gotQuery = ''] = uri.split('?');
        if (want.method !== method || wantPath !== gotPath)
          return refuse(`expected ${want.method} ${want.path}`);
        if (!sameQuery(new URLSearchParams(wantQuery), new URLSearchParams(gotQuery))) {
          return refuse(`expected the query ?${wantQuery}`);
        }
        const headers = this.req.headers as Record<string, string | string[] | undefined>;
        if (headers.accept !== `application/vnd.recurly.${recording.apiVersion}`) {
          return refuse(`expected API version ${recording.apiVersion}, got ${String(headers.accept)}`);
        }
        if (!String(headers.authorization ?? '').startsWith('Basic ')) return refuse('no API key sent');
        for (const [name, value] of Object.entries(want.headers ?? {})) {
          if (headers[name.toLowerCase()] !== value) {
            return refuse(`expected header ${name}: ${value}, got ${String(headers[name.toLowerCase()])}`);
          }
        }
        const raw = typeof requestBody === 'string' ? requestBody : JSON.stringify(requestBody);
        const body: unknown = raw ? JSON.parse(raw) : undefined;
        if (!isDeepStrictEqual(body, want.body)) {
          return refuse(`expected the body ${JSON.stringify(want.body)}, got ${raw || 'none'}`);
        }
        return [
          expected.response.status,
          expected.response.body === undefined ? '' : JSON.stringify(expected.response.body),
          {
            'content-type': 'application/json; charset=utf-8',
            'recurly-version': `recurly.${recording.apiVersion}`,
            'x-request-id': `replay-${index + 1}`,
          },
        ];
      });
  }
  return {
    assertDone() {
      const unused = recording.exchanges.slice(next).map((e) => `${e.request.method} ${e.request.path}`);
      if (unused.length > 0) problems.push(`exchanges never requested: ${unused.join(', ')}`);
      if (problems.length > 0) {
        throw new Error(`The replay and the requests disagree:\n  - ${problems.join('\n  - ')}`);
      }
    },
    stop() {
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}
