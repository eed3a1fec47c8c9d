import { IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '@bof/config/constants';
import { readCookie } from '@bof/http/cookies';
import { ACCESS_HEADER, encodeGateResult, type GateResult } from '@bof/api/access';
import type { ContentChange } from '@bof/api/content-changes';
import { chooseEncoding, type Encoding } from '../content-encoding';
import { renderToBuffer } from './buffered-render';
import {
  buildEntry,
  cacheableStoryAddress,
  createStoryPageCache,
  decisionShape,
  personalMarkers,
  recompressed,
  whyNotStorable,
  type RenderedPage,
  type StoryPageCache,
  type StoryPageEntry,
} from './story-page-cache';
import { wallCurrency } from './wall-currency';

/**
 * The response header that says how the cache answered: `hit`, `stale` (a hit past its freshness, while a
 * new render replaces it), `miss`, or `shared` with a concurrent render.
 */
export const STORY_CACHE_HEADER = 'x-bof-story-cache';

type Render = (req: IncomingMessage, res: ServerResponse) => unknown;

interface Rendered {
  page: RenderedPage;
  entry: StoryPageEntry | null;
}

/** A stored page's Content-Security-Policy: its own inline scripts by hash (the server entry's policy). */
export type PolicyForHashes = (hashes: readonly string[]) => string;

/**
 * More inline scripts than this and a page is not stored: its policy would list every one's hash in a
 * header some proxies would refuse. A story page has a few dozen.
 */
export const MAX_STORED_SCRIPT_HASHES = 150;

/**
 * A bodiless copy of a GET request that has had its answer, for a render after the fact: the original's
 * stream and socket belong to its connection (the next request on it, or its close), the copy only to
 * the render.
 */
export function detachedRequest(req: IncomingMessage): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.headers = { ...req.headers };
  copy.rawHeaders = [...req.rawHeaders];
  copy.complete = true;
  copy.push(null);
  return copy;
}

// Each stored page's policy, made once: the policy of a page depends only on its scripts' hashes.
const policies = new WeakMap<StoryPageEntry, string>();

function policyOf(entry: StoryPageEntry, policyForHashes: PolicyForHashes): string {
  let policy = policies.get(entry);
  if (policy === undefined) {
    policy = policyForHashes(entry.scriptHashes);
    policies.set(entry, policy);
  }
  return policy;
}

// Each stored page's response headers by encoding and cache answer, made once: they depend only on the
// page, the encoding and how the cache answered. The story page is the busiest response there is, and
// building its headers again was a good part of a hit's CPU (issue 26).
const headerSets = new WeakMap<StoryPageEntry, Map<string, OutgoingHttpHeaders>>();

function headersOf(
  entry: StoryPageEntry,
  encoding: Encoding,
  how: string,
  policyForHashes: PolicyForHashes | undefined,
): OutgoingHttpHeaders {
  let sets = headerSets.get(entry);
  if (!sets) {
    sets = new Map();
    headerSets.set(entry, sets);
  }
  const key = `${encoding} ${how}`;
  let headers = sets.get(key);
  if (!headers) {
    headers = {
      ...entry.headers,
      'content-length': entry.bodies[encoding].length,
      [STORY_CACHE_HEADER]: how,
    };
    // The page holds the nonce of the response it was first rendered for; that nonce is not allowed again.
    if (policyForHashes) headers['content-security-policy'] = policyOf(entry, policyForHashes);
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    sets.set(key, headers);
  }
  return headers;
}

function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: StoryPageEntry,
  setCookies: readonly string[],
  how: string,
  policyForHashes: PolicyForHashes | undefined,
) {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const headers = headersOf(entry, encoding, how, policyForHashes);
  // The gate's meter cookie: every read counts, hit or not.
  res.writeHead(200, setCookies.length > 0 ? { ...headers, 'set-cookie': [...setCookies] } : headers);
  res.end(entry.bodies[encoding]);
}

function sendPage(res: ServerResponse, page: RenderedPage, setCookies: readonly string[]) {
  const own = page.headers['set-cookie'];
  const cookies = [...setCookies, ...(own === undefined ? [] : Array.isArray(own) ? own : [String(own)])];
  const headers: OutgoingHttpHeaders = { ...page.headers, 'content-length': page.body.length };
  delete headers['transfer-encoding'];
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  else delete headers['set-cookie'];
  res.writeHead(page.status, headers);
  res.end(page.body);
}

/** The signal that the stories changed: the access index's, which reloads itself first. */
export interface ContentChanges {
  readonly version: string;
  onChange(listener: (version: string) => void): () => void;
}

/**
 * The story page cache in front of Next.js, for the server entry: after the gate has decided, a full-page
 * GET of a story is answered from the cache when a page for the same address and decision shape is held,
 * and otherwise rendered once (concurrent requests for the same key wait for that render), stored when it
 * may be shared, and sent. A miss is compressed quickly and sent; the stored page is compressed again at the
 * best settings afterwards, one page at a time. A page past its freshness but within the stale window is
 * sent as it is while one render replaces it. It empties when the content changes (the access index's signal, after the index
 * itself has reloaded, so no page is rendered against an index older than the cache).
 */
export function startStoryPageCache(options: {
  settings: { maxBytes: number; ttlMs: number; staleMs?: number };
  render: Render;
  content: ContentChanges;
  /** DEBUG_MODE: the pages show the whole decision, so the key holds all of it. */
  detailed?: boolean;
  policyForHashes?: PolicyForHashes;
}) {
  return createStoryPageServer({
    cache: createStoryPageCache(options.settings),
    render: options.render,
    content: options.content,
    detailed: options.detailed ?? false,
    policyForHashes: options.policyForHashes,
  });
}

/** The decision part of a request's cache key (the page names the same in DECISION_ATTRIBUTE). */
export function cacheShape(req: IncomingMessage, result: GateResult, detailed: boolean): string {
  return decisionShape(result, {
    detailed,
    currency: result.decision.kind === 'wall' ? wallCurrency(req.headers['accept-language']) : undefined,
  });
}

export function createStoryPageServer(options: {
  cache: StoryPageCache;
  render: Render;
  content: ContentChanges;
  detailed: boolean;
  /** Sets each stored page's own policy on the answer; without it the response's policy stands. */
  policyForHashes?: PolicyForHashes;
}) {
  const { cache, render, policyForHashes } = options;
  // Renders under way by key, with the invalidation count and content version they began at: a request
  // that comes after an invalidation never waits for (and is never sent) a page begun before it.
  const inflight = new Map<string, { rendering: Promise<Rendered>; generation: number; version: string }>();
  // Stored pages waiting for the best compression, done one at a time so a burst of misses does not take
  // every thread of the pool (and both cores) from the requests being answered.
  const toRecompress: StoryPageEntry[] = [];
  let recompressing = false;
  const recompressNext = () => {
    const entry = toRecompress.shift();
    if (!entry) {
      recompressing = false;
      return;
    }
    recompressing = true;
    recompressed(entry)
      .then((better) => cache.replace(entry, better))
      .catch((error: unknown) => console.error('Compressing a story page failed', error))
      .finally(recompressNext);
  };
  const recompressLater = (entry: StoryPageEntry) => {
    toRecompress.push(entry);
    if (!recompressing) recompressNext();
  };
  cache.setContentVersion(options.content.version);
  const unsubscribe = options.content.onChange((version) => cache.setContentVersion(version));

  const renderPlain = async (req: IncomingMessage): Promise<RenderedPage> => {
    const acceptEncoding = req.headers['accept-encoding'];
    // Next.js must hand back the plain bytes: the cache compresses them once for every reader.
    req.headers['accept-encoding'] = 'identity';
    try {
      return await renderToBuffer(req, render);
    } finally {
      if (acceptEncoding === undefined) delete req.headers['accept-encoding'];
      else req.headers['accept-encoding'] = acceptEncoding;
    }
  };

  const renderOnce = async (key: string, shape: string, req: IncomingMessage): Promise<Rendered> => {
    const contentVersion = cache.contentVersion;
    const generation = cache.generation;
    const page = await renderPlain(req);
    const why = whyNotStorable(page, personalMarkers(readCookie(req.headers.cookie, SESSION_COOKIE)), shape);
    if (why) return { page, entry: null };
    const entry = await buildEntry(key, page, {
      expiresAt: cache.expiresAt(),
      contentVersion,
      compression: 'quick',
    });
    if (entry.scriptHashes.length > MAX_STORED_SCRIPT_HASHES) return { page, entry: null };
    if (cache.set(entry, generation)) recompressLater(entry);
    return { page, entry };
  };

  const startRender = (key: string, shape: string, req: IncomingMessage) => {
    const own = {
      rendering: renderOnce(key, shape, req),
      generation: cache.generation,
      version: cache.contentVersion,
    };
    inflight.set(key, own);
    const done = () => {
      // A later render of the same key (begun after an invalidation) may have taken the place.
      if (inflight.get(key) === own) inflight.delete(key);
    };
    own.rendering.then(done, done);
    return own.rendering;
  };

  const answer = async (
    key: string,
    shape: string,
    req: IncomingMessage,
    res: ServerResponse,
    result: GateResult,
  ) => {
    const shared = inflight.get(key);
    if (shared && shared.generation === cache.generation && shared.version === cache.contentVersion) {
      const { entry } = await shared.rendering;
      if (entry) return sendEntry(req, res, entry, result.setCookies, 'shared', policyForHashes);
      // The other reader's page could not be shared: this one is rendered for this reader.
      return sendPage(res, await renderPlain(req), result.setCookies);
    }
    const { page, entry } = await startRender(key, shape, req);
    if (entry) sendEntry(req, res, entry, result.setCookies, 'miss', policyForHashes);
    else sendPage(res, page, result.setCookies);
  };

  return {
    /**
     * Answers a story request the gate has decided, or returns false when the cache leaves it to the
     * caller (not a full-page GET, a gift link, an RSC request). Before a render (a miss, or a stale page
     * replaced) it sets the decision on `req` in ACCESS_HEADER.
     */
    serve(req: IncomingMessage, res: ServerResponse, result: GateResult): boolean {
      if (result.gift) return false;
      const address = cacheableStoryAddress(req.method, req.url, req.headers);
      if (!address) return false;
      const shape = cacheShape(req, result, options.detailed);
      const key = `${address}\n${shape}`;
      const hit = cache.get(key);
      const fresh = hit !== undefined && cache.isFresh(hit);
      // The decision travels to a render in ACCESS_HEADER; a fresh hit renders nothing and skips it.
      if (!fresh) req.headers[ACCESS_HEADER] = encodeGateResult(result);
      if (hit) {
        sendEntry(req, res, hit, result.setCookies, fresh ? 'hit' : 'stale', policyForHashes);
        // One render replaces a stale page, begun by the first request that finds it stale (which has had
        // its answer: the render reads a copy of it).
        if (!fresh && !inflight.has(key))
          startRender(key, shape, detachedRequest(req)).catch((error: unknown) =>
            console.error('Rendering a story page again failed', error),
          );
        return true;
      }
      answer(key, shape, req, res, result).catch((error: unknown) => {
        console.error('Rendering a story page failed', error);
        if (res.headersSent) return void res.destroy();
        res.statusCode = 500;
        res.end('Something went wrong.');
      });
      return true;
    },
    /** Drops the cached pages of the stories a content change names (the content change feed). */
    invalidate: (change: ContentChange) => cache.invalidate(change),
    stop: unsubscribe,
  };
}
