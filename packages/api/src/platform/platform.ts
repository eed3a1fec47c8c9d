import type { ServerEnv } from '@bof/config/server';
import type { Database, DatabaseHandle } from '@bof/db/client';

/** The running product's shared resources: configuration and the database. One per process. */
export interface Platform {
  env: ServerEnv;
  db: Database;
  database: DatabaseHandle;
}

export class PlatformNotStartedError extends Error {
  readonly code = 'platform_not_started';
  constructor() {
    super('The platform has not been started: run the site with `npm start` or `npm run dev`.');
  }
}

// Kept on globalThis: the server entry and the bundled route code are separate module graphs in one
// process, and a PGlite data folder may be opened only once.
const KEY = Symbol.for('bof.platform');
type Holder = { [KEY]?: Promise<Platform> };
const holder = globalThis as Holder;

/** Installs the process's platform; called once by the server entry (see start-platform.ts). */
export function setPlatform(platform: Promise<Platform>): void {
  holder[KEY] = platform;
}

/** The process's platform, as the server entry started it. */
export function getPlatform(): Promise<Platform> {
  return holder[KEY] ?? Promise.reject(new PlatformNotStartedError());
}

/** Closes the database (PGlite flushes its folder). */
export async function stopPlatform(): Promise<void> {
  const running = holder[KEY];
  if (!running) return;
  delete holder[KEY];
  const platform = await running.catch(() => undefined);
  await platform?.database.close();
}
