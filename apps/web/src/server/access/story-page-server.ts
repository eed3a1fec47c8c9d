import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '@bof/config/constants';
import { readCookie } from '@bof/http/cookies';
import type { GateResult } from '@bof/api/access';
import type { ContentChange } from '@bof/api/content-changes';
import { renderToBuffer } from './buffered-render';
import {
  buildEntry,
  cacheableStoryAddress,
  createStoryPageCache,
  chooseEncoding,
  decisionShape,
  personalMarkers,
  whyNotStorable,
  type RenderedPage,
  type StoryPageCache,
  type StoryPageEntry,
} from './story-page-cache';
import { wallCurrency } from './wall-currency';

/** The response header that says how the cache answered (`hit`, `miss`, or `shared` with a concurrent render). */
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

function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: StoryPageEntry,
  setCookies: readonly string[],
  how: string,
  policyForHashes: PolicyForHashes | undefined,
) {
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  const body = entry.bodies[encoding];
  const headers: OutgoingHttpHeaders = {
    ...entry.headers,
    'content-length': body.length,
    [STORY_CACHE_HEADER]: how,
  };
  // The page holds the nonce of the response it was first rendered for; that nonce is not allowed again.
  if (policyForHashes) headers['content-security-policy'] = policyForHashes(entry.scriptHashes);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  // The gate's meter cookie: every read counts, hit or not.
  if (setCookies.length > 0) headers['set-cookie'] = [...setCookies];
  res.writeHead(200, headers);
  res.end(body);
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
 * may be shared, and sent. It empties when the content changes (the access index's signal, after the index
 * itself has reloaded, so no page is rendered against an index older than the cache).
 */
export function startStoryPageCache(options: {
  settings: { maxBytes: number; ttlMs: number };
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
    const entry = await buildEntry(key, page, { expiresAt: cache.expiresAt(), contentVersion });
    if (entry.scriptHashes.length > MAX_STORED_SCRIPT_HASHES) return { page, entry: null };
    cache.set(entry, generation);
    return { page, entry };
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
    const started = { generation: cache.generation, version: cache.contentVersion };
    const rendering = renderOnce(key, shape, req);
    const own = { rendering, ...started };
    inflight.set(key, own);
    try {
      const { page, entry } = await rendering;
      if (entry) sendEntry(req, res, entry, result.setCookies, 'miss', policyForHashes);
      else sendPage(res, page, result.setCookies);
    } finally {
      // A later render of the same key (begun after an invalidation) may have taken the place.
      if (inflight.get(key) === own) inflight.delete(key);
    }
  };

  return {
    /**
     * Answers a story request the gate has decided, or returns false when the cache leaves it to the
     * caller (not a full-page GET, a gift link, an RSC request).
     */
    serve(req: IncomingMessage, res: ServerResponse, result: GateResult): boolean {
      if (result.gift) return false;
      const address = cacheableStoryAddress(req.method, req.url, req.headers);
      if (!address) return false;
      const shape = cacheShape(req, result, options.detailed);
      const key = `${address}\n${shape}`;
      const hit = cache.get(key);
      if (hit) {
        sendEntry(req, res, hit, result.setCookies, 'hit', policyForHashes);
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
