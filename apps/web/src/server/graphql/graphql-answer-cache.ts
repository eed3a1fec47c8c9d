/** One stored GraphQL answer: its status, headers and body as the handler gave them, and gzipped. */
export interface StoredAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Buffer;
  /** The body gzipped, once a client that takes gzip has asked (bodies of 1 KB or more). */
  gzipped?: Buffer;
  expiresAt: number;
}

export interface GraphQLAnswerCacheSettings {
  /** Answers held at most; the least recently used goes first. */
  maxEntries: number;
  /** Bytes of bodies (plain and gzipped) held at most. */
  maxBytes: number;
  /** How long an answer is given out after it was stored, content changes or not. */
  ttlMs: number;
  /**
   * Whether the content change feed is listening: while it is not, a change would go unheard, so nothing
   * is given out or kept (and what was kept goes).
   */
  listening?: () => boolean;
}

export const GRAPHQL_ANSWER_CACHE: GraphQLAnswerCacheSettings = {
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 30_000,
};

// The key (address, headers and body of the request) counts too: it can be larger than the answer.
const sizeOf = (key: string, answer: StoredAnswer) =>
  key.length + answer.body.byteLength + (answer.gzipped?.byteLength ?? 0);

/**
 * The anonymous GraphQL answers the server entry gives again without running the query (issue 26): the
 * handler says which answers may be shared (`isShareable`: anonymous queries of published content and
 * reference lists, packages/api graphql-shared-answers.ts). Bounded in entries and bytes (keys included);
 * an answer lives `ttlMs` at most, every answer goes at once when the published content changes (`clear`),
 * and nothing is kept while the change feed is not listening. `begin`
 * and `set` carry a generation, so an answer computed before a change is never stored after it.
 */
export function createGraphQLAnswerCache(
  settings: GraphQLAnswerCacheSettings = GRAPHQL_ANSWER_CACHE,
  now: () => number = Date.now,
) {
  // A Map keeps insertion order: the first key is the least recently used.
  const answers = new Map<string, StoredAnswer>();
  let bytes = 0;
  let generation = 0;

  const listening = settings.listening ?? (() => true);

  const drop = (key: string) => {
    const answer = answers.get(key);
    if (!answer) return;
    answers.delete(key);
    bytes -= sizeOf(key, answer);
  };

  /** Drops the least recently used answers (but `keep`) until `bytes` more and `entries` more fit. */
  const evict = (room: { bytes: number; entries: number }, keep?: string) => {
    for (const key of answers.keys()) {
      if (answers.size + room.entries <= settings.maxEntries && bytes + room.bytes <= settings.maxBytes)
        return;
      if (key !== keep) drop(key);
    }
  };

  const clear = () => {
    answers.clear();
    bytes = 0;
    generation += 1;
  };

  return {
    get(key: string): StoredAnswer | undefined {
      if (!listening()) {
        if (answers.size > 0) clear();
        return undefined;
      }
      const answer = answers.get(key);
      if (!answer) return undefined;
      if (answer.expiresAt <= now()) {
        drop(key);
        return undefined;
      }
      answers.delete(key);
      answers.set(key, answer);
      return answer;
    },
    /** The generation to hand back to `set`: a `clear` in between refuses the answer. */
    begin: () => generation,
    set(key: string, answer: Omit<StoredAnswer, 'expiresAt'>, begunAt: number): boolean {
      if (begunAt !== generation || !listening()) return false;
      const stored: StoredAnswer = { ...answer, expiresAt: now() + settings.ttlMs };
      const size = sizeOf(key, stored);
      if (size > settings.maxBytes / 8) return false;
      drop(key);
      evict({ bytes: size, entries: 1 });
      answers.set(key, stored);
      bytes += size;
      return true;
    },
    /** Keeps the gzipped body of an answer still held (as it is: no renewed lifetime). */
    setGzipped(key: string, answer: StoredAnswer, gzipped: Buffer) {
      if (answers.get(key) !== answer || answer.gzipped) return;
      answer.gzipped = gzipped;
      bytes += gzipped.byteLength;
      evict({ bytes: 0, entries: 0 }, key);
    },
    /** Drops every answer: the published content changed. */
    clear,
    get size() {
      return answers.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type GraphQLAnswerCache = ReturnType<typeof createGraphQLAnswerCache>;
