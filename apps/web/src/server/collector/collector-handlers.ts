import { classifyPostBody, classifyQuery, type ClassifiedBatch } from '@bof/analytics/protocol';
import type { AnalyticsCollectorService } from '@bof/api/analytics-collector';
import { ANALYTICS } from '@bof/config/constants';
import { readJsonBody } from '../read-json-body';
import { unitsOf, type ClientRateLimiter } from './collector-rate-limit';

const NO_STORE = { 'cache-control': 'no-store' };

// A transparent 1×1 GIF, the pixel a GET to `/i` answers with.
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (c) =>
  c.charCodeAt(0),
);

const problem = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status, headers: NO_STORE });

export interface CollectorHandlerDeps {
  /** The collector's store; null when the tracker sends to a real collector instead. */
  collector: () => Promise<AnalyticsCollectorService | null>;
  /** The per-client limit, and who the client of a request is (its address); no limit when omitted. */
  rateLimit?: () => Promise<{ limiter: ClientRateLimiter; clientOf: (request: Request) => string }>;
}

/** The answer to a client over its limit: 429, and when to send again (trackers retry a 429 later). */
const tooMany = (retryAfterSeconds: number) =>
  Response.json(
    {
      error: {
        code: 'collector_rate_limited',
        message: `Too many events from this address. Send them again in ${retryAfterSeconds} s.`,
      },
    },
    { status: 429, headers: { ...NO_STORE, 'retry-after': String(retryAfterSeconds) } },
  );

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
  async function store(batch: ClassifiedBatch, success: () => Response): Promise<Response> {
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
  async function admit(request: Request) {
    const limit = await deps.rateLimit?.();
    if (!limit) return { refused: null, charge: () => undefined };
    const client = limit.clientOf(request);
    const declared = Number(request.headers.get('content-length') ?? '0');
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

  return {
    async post(request: Request): Promise<Response> {
      const admission = await admit(request);
      if (admission.refused) return admission.refused;
      const body = await readJsonBody(request, ANALYTICS.maxPostBytes);
      if (!body.ok) return problem(body.status, body.code, body.message);
      admission.charge(() => Buffer.byteLength(JSON.stringify(body.value)));
      const batch = classifyPostBody(body.value);
      return store(batch, () =>
        Response.json(
          {
            status: 'ok',
            collected: batch.ok ? batch.good.length : 0,
            rejected: batch.ok ? batch.bad.length : 0,
          },
          { headers: NO_STORE },
        ),
      );
    },

    async pixel(request: Request): Promise<Response> {
      const admission = await admit(request);
      if (admission.refused) return admission.refused;
      admission.charge(() => new URL(request.url).search.length);
      const batch = classifyQuery(new URL(request.url).searchParams);
      return store(
        batch,
        () => new Response(PIXEL, { headers: { ...NO_STORE, 'content-type': 'image/gif' } }),
      );
    },
  };
}
