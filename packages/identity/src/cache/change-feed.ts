import pg from 'pg';
import { parseChangePayload, type IdentityChange } from '../store/change-bus';

/** The database channel the identity tables' triggers notify (migration 0012). */
export const CHANGE_CHANNEL = 'identity_changes';

/**
 * Changes committed by any process, as the database announces them. `onState(true)` once listening;
 * `onState(false)` when the connection is lost (changes may then be missed), until it listens again.
 */
export interface ChangeFeed {
  start(onChange: (change: IdentityChange) => void, onState: (up: boolean) => void): Promise<void>;
  stop(): Promise<void>;
}

/**
 * LISTEN on PostgreSQL over a connection of its own, reconnecting with a growing delay (up to 30 s) when
 * it is lost.
 */
export function createPostgresChangeFeed(
  url: string,
  options: { log?: (message: string) => void } = {},
): ChangeFeed {
  const log = options.log ?? ((message: string) => console.warn(message));
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  return {
    async start(onChange, onState) {
      const connect = async () => {
        if (stopped) return;
        const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
        const lost = (why: string) => {
          if (client !== next) return;
          client = undefined;
          onState(false);
          void next.end().catch(() => undefined);
          if (stopped) return;
          log(`The identity change feed was lost (${why}); the whoami cache is off until it is back.`);
          retry = setTimeout(() => void connect(), delay);
          retry.unref();
          delay = Math.min(delay * 2, 30_000);
        };
        next.on('notification', (message) => {
          if (message.channel !== CHANGE_CHANNEL) return;
          const change = parseChangePayload(message.payload);
          if (change) onChange(change);
        });
        next.on('error', (error) => lost(error.message));
        next.on('end', () => lost('connection closed'));
        client = next;
        try {
          await next.connect();
          await next.query(`LISTEN ${CHANGE_CHANNEL}`);
        } catch (error) {
          lost(error instanceof Error ? error.message : String(error));
          return;
        }
        if (client !== next) return;
        delay = 500;
        onState(true);
      };
      await connect();
    },

    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** LISTEN on PGlite (one process holds its data folder, so this only adds writes made outside the stores). */
export function createPgliteChangeFeed(pglite: {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}): ChangeFeed {
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async start(onChange, onState) {
      unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => {
        const change = parseChangePayload(payload);
        if (change) onChange(change);
      });
      onState(true);
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
