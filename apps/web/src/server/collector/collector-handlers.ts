import { classifyPostBody, classifyQuery, type ClassifiedBatch } from '@bof/analytics/protocol';
import type { AnalyticsCollectorService } from '@bof/api/analytics-collector';
import { ANALYTICS } from '@bof/config/constants';
import { parseJsonText, readTextBody, type JsonBody, type TextBody } from '../read-json-body';
import { unitsOf, type ClientRateLimiter } from './collector-rate-limit';

const NO_STORE = { 'cache-control': 'no-store' };

// A transparent 1×1 GIF, the pixel a GET to `/i` answers with.
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) =>
  c.charCodeAt(0),
);

/**
 * What the collector reads of a request, whatever carries it: a Node request in the server entry
 * (collector-entry.ts), a fetch Request in the route files. The server entry's own form skips building a
 * fetch Request and Response per event, most of a request's CPU there (issue 26, docs/benchmarks.md).
 */
export interface CollectorRequest {
  /** A request header's value, or null. */
  header(name: string): string | null;
  /** The query string with its '?', or ''. */
  search: string;
  /** The body as text; refused once it passes `maxBytes`, without reading further. */
  readBody(maxBytes: number): Promise<TextBody>;
}

/** The collector's answer, for the transport to write. */
export interface CollectorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer>;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): CollectorAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...NO_STORE, ...headers },
  body: JSON.stringify(value),
});

const problem = (status: number, code: string, message: string) => json(status, { error: { code, message } });

export interface CollectorHandlerDeps {
  /** The collector's store; null when the tracker sends to a real collector instead. */
  collector: () => Promise<AnalyticsCollectorService | null>;
  /** The per-client limit, and who the client of a request is (its address); no limit when omitted. */
  rateLimit?: () => Promise<{
    limiter: ClientRateLimiter;
    clientOf: (request: CollectorRequest) => string;
  }>;
}

/** The answer to a client over its limit: 429, and when to send again (trackers retry a 429 later). */
const tooMany = (retryAfterSeconds: number) =>
  json(
    429,
    {
      error: {
        code: 'collector_rate_limited',
        message: `Too many events from this address. Send them again in ${retryAfterSeconds} s.`,
      },
    },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** A JSON body within `maxBytes` (an empty body reads as `{}`), as readJsonBody reads a fetch Request's. */
async function readJson(request: CollectorRequest, maxBytes: number): Promise<JsonBody> {
  const body = await request.readBody(maxBytes);
  return body.ok ? parseJsonText(body.text) : body;
}

/** A fetch Request as the collector reads it (the route files'). */
export function fetchCollectorRequest(request: Request): CollectorRequest {
  return {
    header: (name) => request.headers.get(name),
    search: new URL(request.url).search,
    readBody: (maxBytes) => readTextBody(request, maxBytes),
  };
}

/** The collector's answer as a fetch Response (the route files'). */
export const fetchResponse = (answer: CollectorAnswer): Response =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });

/**
 * The embedded collector's HTTP edge (Snowplow tracker protocol). Each client address has a token bucket:
 * a request costs a unit per started 4 KB of its body (its declared length before it is read, the rest
 * once read), and one over the limit is answered 429 with Retry-After, unread and unstored. A POST body
 * over 40000 bytes is refused with 413 without being read further, and a body that is not JSON with 400:
 * nothing of either is kept.
 * Every event of a valid envelope is stored on its own, as an event or as a bad row with its reason,
 * before the 200 goes out. JSON that is not an envelope is kept whole as a bad row, then refused with 400.
 */
export function createCollectorHandlers(deps: CollectorHandlerDeps) {
  async function store(batch: ClassifiedBatch, success: () => CollectorAnswer): Promise<CollectorAnswer> {
    const collector = await deps.collector();
    if (!collector) return problem(404, 'collector_not_embedded', 'Events go to the configured collector.');
    try {
      if (batch.ok || batch.bad.length > 0)
        await collector.record({ good: batch.ok ? batch.good : [], bad: batch.bad });
    } catch (error) {
      console.error('Storing analytics events failed', error);
      return problem(503, 'collector_unavailable', 'The events could not be stored; send them again.');
    }
    return batch.ok ? success() : problem(400, batch.code, batch.message);
  }

  /** Takes the request's declared weight from its client's bucket; a 429 when the bucket is short. */
  async function admit(request: CollectorRequest) {
    const limit = await deps.rateLimit?.();
    if (!limit) return { refused: null, charge: () => undefined };
    const client = limit.clientOf(request);
    const declared = Number(request.header('content-length') ?? '0');
    const units = unitsOf(Number.isFinite(declared) && declared > 0 ? declared : 0);
    const admission = limit.limiter.take(client, units);
    return {
      refused: admission.ok ? null : tooMany(admission.retryAfterSeconds),
      /** A body longer than declared (or chunked, declaring nothing) owes the difference once read. */
      charge: (bytes: () => number) => {
        const owed = unitsOf(bytes()) - units;
        if (owed > 0) limit.limiter.charge(client, owed);
      },
    };
  }

  const answers = {
    async post(request: CollectorRequest): Promise<CollectorAnswer> {
      const admission = await admit(request);
      if (admission.refused) return admission.refused;
      const body = await readJson(request, ANALYTICS.maxPostBytes);
      if (!body.ok) return problem(body.status, body.code, body.message);
      admission.charge(() => Buffer.byteLength(JSON.stringify(body.value)));
      const batch = classifyPostBody(body.value);
      return store(batch, () =>
        json(200, {
          status: 'ok',
          collected: batch.ok ? batch.good.length : 0,
          rejected: batch.ok ? batch.bad.length : 0,
        }),
      );
    },

    async pixel(request: CollectorRequest): Promise<CollectorAnswer> {
      const admission = await admit(request);
      if (admission.refused) return admission.refused;
      admission.charge(() => request.search.length);
      const batch = classifyQuery(new URLSearchParams(request.search));
      return store(batch, () => ({
        status: 200,
        headers: { ...NO_STORE, 'content-type': 'image/gif' },
        body: PIXEL,
      }));
    },
  };

  return {
    /** The answers to the collector's two requests, for any transport. */
    answers,
    /** The tracker's POST as a route file receives it. */
    post: async (request: Request): Promise<Response> =>
      fetchResponse(await answers.post(fetchCollectorRequest(request))),
    /** The pixel GET as a route file receives it. */
    pixel: async (request: Request): Promise<Response> =>
      fetchResponse(await answers.pixel(fetchCollectorRequest(request))),
  };
}
