import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { GateResult } from '@bof/api/access';
import { opensStory } from '@bof/api/access';
import type { ContentChange } from '@bof/api/content-changes';
import { varyAlso, type Encoding } from '../content-encoding';
import { inlineScriptHashes } from '../security/content-security-policy';

/**
 * Rendered story pages kept compressed, for readers who share an access decision.
 *
 * What the HTML of a story page depends on, checked by rendering it for different readers and comparing
 * (docs/benchmarks.md, "Article throughput"): the address (path and query: Next.js writes the query into the
 * page's router state), the access decision (whether it opens, the wall with its reason, topic,
 * variants and A/B groups, whether the reader is signed in), on a pay wall the currency of its plans (from
 * Accept-Language's region: `wallCurrency`), and the content. Not on the reader's other cookies (the
 * consent cookie `bof_cc` is read in the browser), the rest of Accept-Language, the user agent or a nonce
 * (there is none); the build id and settings are fixed for the life of the process; the footer's year
 * changes at most once an entry's lifetime late. A signed-in reader's header and gift button render in the
 * browser, so no reader's name, e-mail or id is in the HTML (and a page that holds one is never stored).
 * The page names the decision it was rendered for (DECISION_ATTRIBUTE), and a page that names another
 * decision than its key's is never stored.
 */

const STORY_PAGE = /^\/(?:articles\/[^/?#]+|case-studies)\/[a-z0-9][a-z0-9-]{0,199}\/(?:\?[^#]*)?$/;

/** Requests Next.js answers with something other than the full page (RSC payloads, prefetches, actions). */
const NEXT_ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-router-state-tree',
  'next-action',
  'next-url',
] as const;

/**
 * The part of the cache key a request contributes (its path and query), or null when the cache must
 * leave it alone: anything but a GET of a story page's HTML, React Server Components requests, gift links
 * (they reach the database and show a notice).
 */
export function cacheableStoryAddress(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): string | null {
  if (method !== 'GET' || !url || !STORY_PAGE.test(url)) return null;
  if (NEXT_ROUTER_HEADERS.some((name) => headers[name] !== undefined)) return null;
  const query = url.indexOf('?');
  if (query >= 0) {
    const params = new URLSearchParams(url.slice(query + 1));
    if (params.has('_rsc') || params.has('gift')) return null;
  }
  return url;
}

/**
 * The shape of a decision as far as the page shows it. Readers whose decisions have the same shape get
 * the same HTML: the meter's counts and the reader's identity are not in it. A wall's shape holds its
 * reason, topic, variants, the reader's A/B groups (its analytics carry them), its audience (anonymous,
 * registered or member: the wording) and the currency its plans are priced in. With `detailed` (DEBUG_MODE, whose toolbar shows the whole decision) everything the
 * page shows of the decision is in it.
 */
export function decisionShape(
  result: Pick<GateResult, 'story' | 'decision' | 'counted' | 'signedIn'> &
    Partial<Pick<GateResult, 'groups' | 'meterSource' | 'gift'>>,
  options: { detailed?: boolean; currency?: string } = {},
): string {
  const { decision } = result;
  const wall =
    decision.kind === 'wall'
      ? [
          decision.wall,
          decision.reason,
          decision.topic,
          decision.variants,
          decision.groups,
          decision.audience,
          options.currency ?? null,
        ]
      : opensStory(result)
        ? 'opens'
        : 'closed';
  const detail = options.detailed
    ? [decision, result.counted, result.groups, result.meterSource, result.gift?.status ?? null]
    : [];
  return JSON.stringify([result.story.id, result.story.access, wall, result.signedIn, ...detail]);
}

/** The attribute of the element that names the decision a story page was rendered for. */
export const DECISION_ATTRIBUTE = 'data-access-decision';

/** A short digest of a decision shape, as the page writes it in DECISION_ATTRIBUTE. */
export function shapeDigest(shape: string): string {
  return createHash('sha256').update(shape).digest('base64url').slice(0, 22);
}

/** A rendered response, as Next.js produced it. */
export interface RenderedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * Why a rendered page may not be shared, or null when it may. `shape` is the decision part of the key it
 * would be stored under: the page must name that very decision (DECISION_ATTRIBUTE), or the page decided
 * otherwise than the key says (a story the access index did not know yet, or knew with another access
 * level) and must not be served to the key's other readers.
 */
export function whyNotStorable(
  page: RenderedPage,
  personal: readonly string[] = [],
  shape?: string,
): string | null {
  if (page.status !== 200) return `status ${page.status}`;
  if (page.headers['set-cookie'] !== undefined) return 'Next.js set a cookie';
  if (page.headers['content-encoding'] !== undefined) return 'already encoded';
  const type = String(page.headers['content-type'] ?? '');
  if (!type.startsWith('text/html')) return `not HTML (${type || 'no type'})`;
  for (const marker of personal)
    if (marker.length >= 3 && page.body.includes(marker)) return 'personal content';
  if (shape !== undefined && !page.body.includes(`${DECISION_ATTRIBUTE}="${shapeDigest(shape)}"`))
    return 'rendered for another decision';
  return null;
}

/**
 * What in a `bof_session` could make a page personal: the reader's id and e-mail address, read (not
 * verified: the gate did that) from the token's payload. A page that holds either is never stored.
 */
export function personalMarkers(sessionToken: string | undefined): string[] {
  const payload = sessionToken?.split('.')[1];
  if (!payload) return [];
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return [claims.user_id, claims.email].filter((v): v is string => typeof v === 'string' && v.length > 0);
  } catch {
    return [];
  }
}

/** Response headers a cached page never repeats: they belong to one response. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
]);

export interface StoryPageEntry {
  key: string;
  /** Next.js's headers (Vary and Cache-Control unchanged), without the per-response ones. */
  headers: OutgoingHttpHeaders;
  bodies: Record<Encoding, Buffer>;
  bytes: number;
  /** Until then the entry is fresh; after it, stale (served while a new render replaces it). */
  expiresAt: number;
  contentVersion: string;
  /** Whether the bodies are the best compression (brotli 11, gzip 9) or the quick one made on a miss. */
  compression: Compression;
  /**
   * The 'sha256-…' sources of the page's inline scripts: a stored page is sent again under a policy that
   * allows exactly these, never the nonce it was rendered with (that nonce belonged to one response).
   */
  scriptHashes: string[];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `quick` on a miss (brotli 5, gzip 6: a few milliseconds for a story page, the reader is waiting),
 * `best` once it is stored (brotli 11, gzip 9: 90–125 ms, done after the answer has gone).
 */
export type Compression = 'quick' | 'best';

/** A page's brotli and gzip bodies, compressed in the thread pool. */
export async function compressPage(
  body: Buffer,
  compression: Compression,
): Promise<{ br: Buffer; gzip: Buffer }> {
  const best = compression === 'best';
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: best ? 9 : 6 }),
  ]);
  return { br, gzip: gz };
}

function entryBytes(key: string, bodies: Record<Encoding, Buffer>, scriptHashes: readonly string[]): number {
  return (
    key.length +
    bodies.br.length +
    bodies.gzip.length +
    bodies.identity.length +
    512 +
    scriptHashes.length * 64
  );
}

/** A page made an entry: compressed (`best` unless told), with its inline scripts' hashes. */
export async function buildEntry(
  key: string,
  page: RenderedPage,
  options: { expiresAt: number; contentVersion: string; compression?: Compression },
): Promise<StoryPageEntry> {
  const compression = options.compression ?? 'best';
  const compressed = await compressPage(page.body, compression);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(page.headers))
    if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = value;
  // The cache chooses the encoding by Accept-Encoding, so the answer varies by it (Next.js says so too).
  headers.vary = varyAlso(headers.vary, 'Accept-Encoding');
  const scriptHashes = await inlineScriptHashes(page.body.toString('utf8'));
  const bodies = { ...compressed, identity: page.body };
  return {
    key,
    headers,
    bodies,
    bytes: entryBytes(key, bodies, scriptHashes),
    expiresAt: options.expiresAt,
    contentVersion: options.contentVersion,
    compression,
    scriptHashes,
  };
}

/** The same entry with its bodies compressed the best way (the plain bytes and everything else kept). */
export async function recompressed(entry: StoryPageEntry): Promise<StoryPageEntry> {
  if (entry.compression === 'best') return entry;
  const compressed = await compressPage(entry.bodies.identity, 'best');
  const bodies = { ...compressed, identity: entry.bodies.identity };
  return { ...entry, bodies, bytes: entryBytes(entry.key, bodies, entry.scriptHashes), compression: 'best' };
}

export interface StoryPageCacheOptions {
  /** Upper bound of what the entries hold, in bytes (all three encodings counted). */
  maxBytes: number;
  /** How long an entry is fresh after it was rendered. */
  ttlMs: number;
  /**
   * How long after that it may still be served stale, while one new render takes its place (0: an
   * expired entry is never served). Content changes drop entries at once whatever this says.
   */
  staleMs?: number;
  now?: () => number;
}

/**
 * The story a cache key is for: the slug of its address (the path's last segment) and the story id its
 * decision shape starts with (decisionShape).
 */
export function keyStory(key: string): { slug: string; storyId: string | undefined } {
  const [address = '', shape = ''] = key.split('\n', 2);
  const path = address.split('?', 1)[0]!.split('/').filter(Boolean);
  let storyId: string | undefined;
  try {
    const parsed = JSON.parse(shape) as unknown;
    if (Array.isArray(parsed) && typeof parsed[0] === 'string') storyId = parsed[0];
  } catch {
    storyId = undefined;
  }
  return { slug: path[path.length - 1] ?? '', storyId };
}

/**
 * Least recently used entries go first once the bytes exceed the bound; an entry past its freshness and
 * its stale window is never served.
 */
export function createStoryPageCache(options: StoryPageCacheOptions) {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 0;
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, StoryPageEntry>();
  let bytes = 0;
  let contentVersion = '';
  // Raised by every invalidation: a page whose render began before one is not stored.
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    /** The entry for a key, fresh or (within the stale window) stale: `isFresh` tells which. */
    get(key: string): StoryPageEntry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt + staleMs <= now() || entry.contentVersion !== contentVersion) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    /**
     * Stores an entry rendered for the current content (one rendered before a change is dropped).
     * `renderedAt` is the `generation` read when its render began: an invalidation since then refuses it.
     */
    set(entry: StoryPageEntry, renderedAt?: number): boolean {
      if (entry.contentVersion !== contentVersion || entry.bytes > options.maxBytes) return false;
      if (renderedAt !== undefined && renderedAt !== generation) return false;
      remove(entry.key);
      entries.set(entry.key, entry);
      bytes += entry.bytes;
      for (const key of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        remove(key);
      }
      return true;
    },
    isFresh: (entry: StoryPageEntry) => entry.expiresAt > now(),
    /**
     * Puts a recompressed entry in the place of the one it was made from, if that one is still held
     * (not dropped, expired or replaced by a newer render meanwhile).
     */
    replace(previous: StoryPageEntry, next: StoryPageEntry): boolean {
      if (entries.get(previous.key) !== previous || next.key !== previous.key) return false;
      entries.set(next.key, next);
      bytes += next.bytes - previous.bytes;
      for (const key of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        remove(key);
      }
      return true;
    },
    /** A new content version empties the cache. */
    setContentVersion(version: string) {
      if (version === contentVersion) return;
      contentVersion = version;
      entries.clear();
      bytes = 0;
    },
    get contentVersion() {
      return contentVersion;
    },
    /** Counts invalidations (see `set`). */
    get generation() {
      return generation;
    },
    /**
     * Drops the pages of the stories a change names (by slug or id), or every page when it says `all`.
     * Lists are not held here. Returns how many entries went.
     */
    invalidate(change: ContentChange): number {
      generation++;
      const before = entries.size;
      if (change.all) {
        entries.clear();
        bytes = 0;
        return before;
      }
      if (change.slugs.length === 0 && change.storyIds.length === 0) return 0;
      const slugs = new Set(change.slugs);
      const ids = new Set(change.storyIds);
      for (const key of [...entries.keys()]) {
        const story = keyStory(key);
        if (slugs.has(story.slug) || (story.storyId !== undefined && ids.has(story.storyId))) remove(key);
      }
      return before - entries.size;
    },
    expiresAt: () => now() + options.ttlMs,
    stats: () => ({ entries: entries.size, bytes }),
  };
}

export type StoryPageCache = ReturnType<typeof createStoryPageCache>;
