import type { Server } from 'node:http';

export interface ShutdownOptions {
  /** How long in-flight requests may take before the process stops anyway. */
  timeoutMs: number;
  /** Releases what the process holds (the database: PGlite flushes its folder). */
  close: () => Promise<void>;
  /** Ends the process; 0 after a clean drain, 1 when requests were cut off. */
  exit: (code: number) => void;
  log?: Pick<Console, 'log' | 'error'>;
}

/**
 * Returns the handler for SIGTERM and SIGINT: stop accepting connections, close keep-alive sockets as soon
 * as they go idle, let in-flight requests finish, then close and exit 0. When requests are still open after
 * `timeoutMs` the database is closed all the same (what was committed is flushed) and the exit code is 1.
 * A second signal while draining changes nothing.
 */
export function gracefulShutdown(
  server: Server,
  options: ShutdownOptions,
): (signal: string) => Promise<void> {
  const log = options.log ?? console;
  let stopping: Promise<void> | undefined;
  const closeOnce = (() => {
    let closing: Promise<void> | undefined;
    return () => (closing ??= options.close().catch((error: unknown) => log.error('Closing failed', error)));
  })();

  return (signal) => {
    stopping ??= new Promise<void>((resolve) => {
      log.log(`${signal} received: finishing in-flight requests…`);
      let finished = false;
      const reaper = setInterval(() => server.closeIdleConnections(), 50);
      const force = setTimeout(() => {
        if (finished) return;
        finished = true;
        clearInterval(reaper);
        log.error(`Requests still open after ${options.timeoutMs} ms; stopping anyway.`);
        server.closeAllConnections();
        void closeOnce().then(() => {
          options.exit(1);
          resolve();
        });
      }, options.timeoutMs);
      force.unref();
      server.close(() => {
        if (finished) return;
        finished = true;
        clearInterval(reaper);
        clearTimeout(force);
        void closeOnce().then(() => {
          log.log('Stopped cleanly.');
          options.exit(0);
          resolve();
        });
      });
      server.closeIdleConnections();
    });
    return stopping;
  };
}
