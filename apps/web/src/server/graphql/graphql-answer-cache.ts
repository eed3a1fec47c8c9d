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
}

export const GRAPHQL_ANSWER_CACHE: GraphQLAnswerCacheSettings = {
  maxEntries: 2000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 30_000,
};

const sizeOf = (answer: StoredAnswer) => answer.body.byteLength + (answer.gzipped?.byteLength ?? 0);

/**
 * The anonymous GraphQL answers the server entry gives again without running the query (issue 26): the
 * handler says which answers may be shared (`isShareable`: anonymous queries of published content and
 * reference lists, packages/api graphql-shared-answers.ts). Bounded in entries and bytes; an answer lives
 * `ttlMs` at most and every answer goes at once when the published content changes (`clear`). `begin`
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

  const drop = (key: string) => {
    const answer = answers.get(key);
    if (!answer) return;
    answers.delete(key);
    bytes -= sizeOf(answer);
  };

  return {
    get(key: string): StoredAnswer | undefined {
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
      if (begunAt !== generation) return false;
      const stored: StoredAnswer = { ...answer, expiresAt: now() + settings.ttlMs };
      const size = sizeOf(stored);
      if (size > settings.maxBytes / 8) return false;
      drop(key);
      while (answers.size >= settings.maxEntries || bytes + size > settings.maxBytes) {
        const oldest = answers.keys().next();
        if (oldest.done) break;
        drop(oldest.value);
      }
      answers.set(key, stored);
      bytes += size;
      return true;
    },
    /** Keeps the gzipped body of an answer still held (as it is: no renewed lifetime). */
    setGzipped(key: string, answer: StoredAnswer, gzipped: Buffer) {
      if (answers.get(key) !== answer || answer.gzipped) return;
      answer.gzipped = gzipped;
      bytes += gzipped.byteLength;
    },
    /** Drops every answer: the published content changed. */
    clear() {
      answers.clear();
      bytes = 0;
      generation += 1;
    },
    get size() {
      return answers.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type GraphQLAnswerCache = ReturnType<typeof createGraphQLAnswerCache>;
