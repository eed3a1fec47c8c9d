/** A request's weight: one unit per started 4 KB of body (a pixel GET or a small batch is one). */
export const COLLECTOR_UNIT_BYTES = 4096;

export const unitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / COLLECTOR_UNIT_BYTES));

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface ClientRateLimiter {
  /** Takes `units` from the client's bucket if it holds them; otherwise says when it will. */
  take(client: string, units: number): Admission;
  /** Takes `units` whatever the bucket holds (work already done): the client waits that much longer. */
  charge(client: string, units: number): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client, in this process's memory: each holds up to `burst` units and refills at
 * `perSecond`. A debt (from `charge`) is capped at one full bucket. At most `maxClients` buckets are
 * kept: past it, the buckets already full again (clients gone quiet) are dropped, then the oldest.
 */
export function createClientRateLimiter(options: {
  burst: number;
  perSecond: number;
  maxClients?: number;
  now?: () => number;
}): ClientRateLimiter {
  const { burst, perSecond } = options;
  const maxClients = options.maxClients ?? 100_000;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();

  function bucketOf(client: string): Bucket {
    const at = now();
    let bucket = buckets.get(client);
    if (!bucket) {
      if (buckets.size >= maxClients) evict(at);
      bucket = { tokens: burst, at };
      buckets.set(client, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
    bucket.at = at;
    return bucket;
  }

  function evict(at: number) {
    for (const [client, bucket] of buckets)
      if (bucket.tokens + ((at - bucket.at) / 1000) * perSecond >= burst) buckets.delete(client);
    for (const client of buckets.keys()) {
      if (buckets.size < maxClients) break;
      buckets.delete(client);
    }
  }

  return {
    take(client, units) {
      const bucket = bucketOf(client);
      // A request heavier than a full bucket is let through from a full one (then owed), never refused forever.
      const needed = Math.min(units, burst);
      if (bucket.tokens >= needed) {
        bucket.tokens = Math.max(-burst, bucket.tokens - units);
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((needed - bucket.tokens) / perSecond)) };
    },
    charge(client, units) {
      const bucket = bucketOf(client);
      bucket.tokens = Math.max(-burst, bucket.tokens - units);
    },
  };
}
