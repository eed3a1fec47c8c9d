import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '@bof/db/client';
import type { Platform } from './platform';

/** The database channel content changes are announced on. */
export const CONTENT_CHANNEL = 'content_changes';

export interface ContentChange {
  /** Stories whose page or data changed (published, edited, unpublished, imported). */
  storyIds: readonly string[];
  slugs: readonly string[];
  /** Lists (front page, sections, topics, sitemap, RSS) may show different stories now. */
  lists: boolean;
  /**
   * Changes may have been missed (the feed's connection was lost and is back): treat every story and
   * list as changed. Only the feed sets it; announcements never carry it.
   */
  all?: boolean;
}

/** NOTIFY payloads must stay under 8000 bytes; a change is sent in parts below this. */
const PAYLOAD_LIMIT = 7000;

/**
 * The payloads a change is announced in: one when it fits, otherwise several that together name every
 * story (each says `lists` as the change does).
 */
export function changePayloads(change: ContentChange): string[] {
  const empty = () => ({ storyIds: [] as string[], slugs: [] as string[], lists: change.lists });
  const parts: ReturnType<typeof empty>[] = [];
  let part = empty();
  let size = JSON.stringify(part).length;
  const add = (field: 'storyIds' | 'slugs', value: string) => {
    const cost = JSON.stringify(value).length + 1;
    if (size + cost > PAYLOAD_LIMIT && part.storyIds.length + part.slugs.length > 0) {
      parts.push(part);
      part = empty();
      size = JSON.stringify(part).length;
    }
    part[field].push(value);
    size += cost;
  };
  for (const id of change.storyIds) add('storyIds', id);
  for (const slug of change.slugs) add('slugs', slug);
  parts.push(part);
  return parts.map((p) => JSON.stringify(p));
}

/** A payload read back, or null when it is not one of ours. */
export function parseContentChange(payload: string | undefined): ContentChange | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
    if (!strings(value.storyIds) || !strings(value.slugs) || typeof value.lists !== 'boolean') return null;
    return {
      storyIds: value.storyIds as string[],
      slugs: value.slugs as string[],
      lists: value.lists,
    };
  } catch {
    return null;
  }
}

/**
 * Announces a change to every server process: NOTIFY content_changes, inside the writing transaction
 * (pass the transaction) so it is delivered only if the change commits. Nothing is sent for a change that
 * names no story and no list.
 */
export async function announceContentChange(db: Database, change: ContentChange): Promise<void> {
  if (change.storyIds.length === 0 && change.slugs.length === 0 && !change.lists) return;
  for (const payload of changePayloads(change))
    await db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${payload})`);
}

/** Hears announcements from every process (this one included), on PGlite and PostgreSQL; reconnects. */
export interface ContentChangeFeed {
  subscribe(listener: (change: ContentChange) => void): () => void;
  /** True while the feed is listening: a change made now will be heard. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface ContentChangeFeedOptions {
  log?: (message: string) => void;
  /** Called with true once listening, false when the connection is lost (until it listens again). */
  onState?: (up: boolean) => void;
}

/** A PGlite instance as far as the feed needs it. */
export interface ListeningPglite {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export type ContentChangeSource =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: ListeningPglite };

/**
 * The feed over PostgreSQL (LISTEN on a connection of its own, reconnecting with a growing delay up to
 * 30 s; after a reconnect listeners hear `all: true`, since changes may have been missed) or PGlite (its
 * own notifications). `ready` settles once the first LISTEN was tried.
 */
export function createContentChangeFeed(
  source: ContentChangeSource,
  options: ContentChangeFeedOptions = {},
): ContentChangeFeed & { ready: Promise<void> } {
  const log = options.log ?? ((message: string) => console.warn(message));
  const listeners = new Set<(change: ContentChange) => void>();
  const emit = (change: ContentChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        console.error('A content change listener failed', error);
      }
    }
  };
  const hear = (payload: string | undefined) => {
    const change = parseContentChange(payload);
    if (change) emit(change);
  };
  let listening = false;
  const setState = (up: boolean) => {
    listening = up;
    options.onState?.(up);
  };
  const feed = {
    subscribe(listener: (change: ContentChange) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get listening() {
      return listening;
    },
  };

  if (source.kind === 'pglite') {
    let unlisten: (() => Promise<void>) | undefined;
    let closed = false;
    const ready = source.pglite.listen(CONTENT_CHANNEL, hear).then((stop) => {
      if (closed) return void stop();
      unlisten = stop;
      setState(true);
    });
    return Object.assign(feed, {
      ready,
      async close() {
        closed = true;
        listening = false;
        listeners.clear();
        await ready.catch(() => undefined);
        await unlisten?.().catch(() => undefined);
        unlisten = undefined;
      },
    });
  }

  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  let everLost = false;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: source.url, connectionTimeoutMillis: 5000 });
    const lost = (why: string) => {
      if (client !== next) return;
      client = undefined;
      everLost = true;
      setState(false);
      void next.end().catch(() => undefined);
      if (stopped) return;
      log(`The content change feed was lost (${why}); reconnecting.`);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    };
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL) hear(message.payload);
    });
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection closed'));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (client !== next) return;
    delay = 500;
    setState(true);
    if (everLost) emit({ storyIds: [], slugs: [], lists: true, all: true });
  };
  const ready = connect();
  return Object.assign(feed, {
    ready,
    async close() {
      stopped = true;
      listening = false;
      listeners.clear();
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  });
}

/** The address a PostgreSQL database handle's pool connects to (a test database has no DATABASE_URL). */
function poolAddress(db: Database): string | undefined {
  const client = (db as unknown as { $client?: { options?: { connectionString?: unknown } } }).$client;
  const url = client?.options?.connectionString;
  return typeof url === 'string' ? url : undefined;
}

/** The feed for the platform's database: PostgreSQL (where its pool connects), or the embedded PGlite. */
export function openContentChangeFeed(
  platform: Pick<Platform, 'env' | 'database'>,
  options: ContentChangeFeedOptions = {},
): ContentChangeFeed & { ready: Promise<void> } {
  const { env, database } = platform;
  if (database.pglite) return createContentChangeFeed({ kind: 'pglite', pglite: database.pglite }, options);
  const url = poolAddress(database.db) ?? env.databaseUrl;
  if (!url) throw new Error('The content change feed needs the PostgreSQL address (DATABASE_URL).');
  return createContentChangeFeed({ kind: 'postgres', url }, options);
}
